import Testing
import Reflow

/// A reactor class used through a base class and through a subclass is one reactor with
/// one state (ReactorKit supports generic subclassing).
@MainActor
@Suite struct ReactorSubclassTests {
    /// Bug: using a `Child` as `Child` and through `Base`'s methods crashed with
    /// "invalid unsafeDowncast" (and in release builds read a core as the wrong type).
    @Test func subclassUsedAsItselfAndThroughBase_isOneReactor() {
        let child = ChildReactor()
        child.action.send(.add(2))          // as Child: makes the core
        child.refresh()                     // through Base's method
        #expect(child.currentState == [2, 0])
        let asBase: BaseReactor = child
        asBase.action.send(.add(5))
        #expect(asBase.currentState == [2, 0, 5])
        #expect(child.currentState == [2, 0, 5])
        #expect(child.mutateCalls == 3)      // the subclass's override ran every time
    }

    @Test func subclassFirstUsedThroughBase_thenAsItself() {
        let child = ChildReactor()
        var states: [[Int]] = []
        let subscription = (child as BaseReactor).state.subscribe { states.append($0) }
        child.action.send(.add(1))
        child.refresh()
        #expect(states == [[], [1], [1, 0]])
        _ = subscription
    }

    @Test func subclassStub_isSharedAcrossStaticTypes() {
        let child = ChildReactor()
        child.isStubEnabled = true
        (child as BaseReactor).action.send(.add(1))
        child.refresh()
        #expect(child.stub.actions.count == 2)
        #expect((child as BaseReactor).stub.actions.count == 2)
        child.stub.state = [9]
        #expect((child as BaseReactor).currentState == [9])
    }

    @Test func subclassHosted_throughBothTypes_sharesTheSlice() {
        struct AppState { var numbers: [Int] = [] }
        let store = Store(reducer: .empty, state: AppState())
        let child = ChildReactor()
        store.host(child as BaseReactor, at: \.numbers)
        child.action.send(.add(4))
        child.refresh()
        #expect(store.state.numbers == [4, 0])
        #expect(child.currentState == [4, 0])
    }
}

private class BaseReactor: Reactor {
    enum Action: Sendable { case add(Int), refresh }
    typealias Mutation = Int
    typealias State = [Int]
    let initialState: [Int] = []

    func refresh() { action.send(.refresh) }

    func mutate(action: Action) -> Effect<Int> {
        switch action {
        case .add(let value): .just(value)
        case .refresh: .just(0)
        }
    }

    func reduce(state: [Int], mutation: Int) -> [Int] { state + [mutation] }
}

private final class ChildReactor: BaseReactor {
    var mutateCalls = 0

    override func mutate(action: Action) -> Effect<Int> {
        mutateCalls += 1
        return super.mutate(action: action)
    }
}
