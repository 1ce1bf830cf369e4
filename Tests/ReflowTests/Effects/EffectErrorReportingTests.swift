import Testing
import Reflow

/// `EffectErrors.handler` is global, so the tests that replace it run one at a time.
@MainActor
@Suite(.serialized) struct EffectErrorReportingTests {
    @Test func error_endsOnlyThatEffect_andIsReported() async {
        var reported: [String] = []
        let previous = EffectErrors.handler
        EffectErrors.handler = { reported.append("\($0)") }
        defer { EffectErrors.handler = previous }
        let store = makeStore()
        let handle = store.run(.merge(
            .run { send in await send(Increment()); throw Failure() },
            .run { send in await send(Add(amount: 10)) }
        ))
        await handle.finish()
        #expect(store.state.count == 11)
        #expect(reported == ["Failure()"])
    }

    @Test func effectThatEmitsThenThrows_keepsEmitted_reportsError_reactorKeepsWorking() async {
        var reported: [String] = []
        let previous = EffectErrors.handler
        EffectErrors.handler = { reported.append("\($0)") }
        defer { EffectErrors.handler = previous }
        let reactor = FailingReactor()
        reactor.action.send(.emitThenFail)
        await waitUntil { !reported.isEmpty }
        #expect(reactor.currentState == [1])
        #expect(reported == ["boom"])
        reactor.action.send(.add(2))
        #expect(reactor.currentState == [1, 2])
    }
}

// MARK: - Fixtures

private struct Failure: Error {}

private struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

private final class FailingReactor: Reactor {
    enum Action: Sendable { case emitThenFail, add(Int) }
    typealias Mutation = Int
    let initialState: [Int] = []
    func mutate(action: Action) -> Effect<Int> {
        switch action {
        case .emitThenFail: return .run { send in await send(1); throw Boom() }
        case .add(let value): return .just(value)
        }
    }
    func reduce(state: [Int], mutation: Int) -> [Int] { state + [mutation] }
}

