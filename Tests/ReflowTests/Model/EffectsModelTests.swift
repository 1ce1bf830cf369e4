import Testing
import Reflow
import ReflowTesting

/// Random programs of a store's effects by action type, against a small model: effects
/// that send at once, after a sleep on the test's clock (its dependency), or when a later
/// action arrives (`waitFor`); cancellation by id and cancel-in-flight; thunks; advances
/// of the clock. After every step the values the store appended must be the model's (as a
/// multiset: effects woken by one step may deliver in either order).
@MainActor
@Suite struct EffectsModelTests {
    @Test func randomEffectPrograms_matchTheModel() async {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 60))) {
            var random = SeededRandom(seed: seed)
            let steps = (0..<Int.random(in: 20...120, using: &random)).map { key in EffectStep.random(key: key, using: &random) }
            if let failure = await run(steps) {
                Issue.record("""
                    Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1): \(failure)
                    Program:
                    \(steps.map { "  \($0)" }.joined(separator: "\n"))
                    """)
                return
            }
        }
    }

    /// Programs that once failed: a second waiter, a waiter after a thunk, one after a
    /// cancelled waiter whose identity a new one could take.
    @Test func knownPrograms_matchTheModel() async {
        for steps: [EffectStep] in [
            [.start(key: 1, kind: .whenReleased, id: 0, cancelInFlight: false), .release],
            [.thunk(key: 0), .start(key: 1, kind: .whenReleased, id: 0, cancelInFlight: false), .release],
            [.start(key: 1, kind: .whenReleased, id: 0, cancelInFlight: false), .start(key: 2, kind: .whenReleased, id: 0, cancelInFlight: false), .release],
            [.start(key: 1, kind: .whenReleased, id: 0, cancelInFlight: false), .cancel(id: 1), .release],
            [.start(key: 1, kind: .whenReleased, id: 2, cancelInFlight: false), .cancel(id: 2), .start(key: 3, kind: .whenReleased, id: 1, cancelInFlight: false), .release],
        ] {
            if let failure = await run(steps) { Issue.record("\(steps): \(failure)") }
        }
    }

    /// Runs `steps` on a store and on the model; the first step after which they differ.
    private func run(_ steps: [EffectStep]) async -> String? {
        let clock = TestClock()  // first: the effects then run on the executor it drives
        let store = Store(reducer: effectsModelReducer, state: EffectsModelState(), middleware: [effectsModelEffects.middleware])
        store.dependencies.continuousClock = clock
        var model = EffectsModel()
        for (index, step) in steps.enumerated() {
            switch step {
            case .start(let key, let kind, let id, let cancelInFlight):
                store.dispatch(StartEffect(key: key, kind: kind, id: id, cancelInFlight: cancelInFlight))
            case .cancel(let id):
                store.dispatch(CancelEffectID(id: id))
            case .release:
                store.dispatch(ReleaseWaiters())
            case .thunk(let key):
                store.dispatch(Thunk<EffectsModelState> { dispatch, getState in
                    if getState() != nil { dispatch(Append(value: key)) }
                })
            case .advance(let milliseconds):
                await clock.advance(by: .milliseconds(milliseconds))
            }
            await clock.settle()
            model.apply(step)
            if store.state.items.sorted() != model.items.sorted() {
                return "after step \(index) (\(step)): the store has \(store.state.items), the model \(model.items)"
            }
        }
        store.cancelAllEffects()
        await store.waitForEffects()
        return store.runningEffectCount == 0 ? nil : "\(store.runningEffectCount) effect(s) still running after cancelAllEffects"
    }
}

/// How a started effect sends its key.
private enum Kind: CaseIterable { case now, afterSleep(Int), whenReleased

    static var allCases: [Kind] { [.now, .afterSleep(0), .whenReleased] }
}

private enum EffectStep: CustomStringConvertible {
    case start(key: Int, kind: Kind, id: Int, cancelInFlight: Bool)
    case cancel(id: Int)
    case release
    case thunk(key: Int)
    case advance(milliseconds: Int)

    static func random(key: Int, using random: inout SeededRandom) -> EffectStep {
        switch Int.random(in: 0..<10, using: &random) {
        case 0...4:
            let kind: Kind = random.pick([.now, .afterSleep(Int.random(in: 0...50, using: &random)), .whenReleased])
            return .start(key: key, kind: kind, id: Int.random(in: 0..<4, using: &random), cancelInFlight: random.chance(40))
        case 5: return .cancel(id: Int.random(in: 0..<4, using: &random))
        case 6: return .release
        case 7: return .thunk(key: key)
        default: return .advance(milliseconds: random.pick([0, 1, 10, 25, 60]))
        }
    }

    var description: String {
        switch self {
        case .start(let key, let kind, let id, let cancelInFlight):
            return "start \(key) \(kind) id \(id)\(cancelInFlight ? " cancelInFlight" : "")"
        case .cancel(let id): return "cancel \(id)"
        case .release: return "release"
        case .thunk(let key): return "thunk \(key)"
        case .advance(let milliseconds): return "advance \(milliseconds) ms"
        }
    }
}

private struct EffectsModelState: Equatable { var items: [Int] = [] }
private struct StartEffect: Action { var key: Int; var kind: Kind; var id: Int; var cancelInFlight: Bool }
private struct CancelEffectID: Action { var id: Int }
private struct ReleaseWaiters: Action {}

private let effectsModelReducer = Reducer<EffectsModelState>.on(Append.self) { state, action in state.items.append(action.value) }

private let effectsModelEffects = Effects<EffectsModelState>
    .on(StartEffect.self) { start, _ in
        let key = start.key
        switch start.kind {
        case .now:
            return .just(Append(value: key))
        case .afterSleep(let milliseconds):
            @Dependency(\.continuousClock) var clock
            return Effect<any Action>.run { [clock] send in
                try await clock.sleep(for: .milliseconds(milliseconds))
                await send(Append(value: key))
            }
            .cancellable(id: start.id, cancelInFlight: start.cancelInFlight)
        case .whenReleased:
            return Effect<any Action>.waitFor(ReleaseWaiters.self) { _ in .just(Append(value: key)) }
                .cancellable(id: start.id, cancelInFlight: start.cancelInFlight)
        }
    }
    .on(CancelEffectID.self) { cancel, _ in .cancel(id: cancel.id) }

/// What the store must have appended: effects pending by id, woken by time or a release.
private struct EffectsModel {
    struct Pending { var key: Int; var id: Int; var deadline: Int? }  // nil: waits for a release
    var items: [Int] = []
    var pending: [Pending] = []
    var now = 0

    mutating func apply(_ step: EffectStep) {
        switch step {
        case .start(let key, let kind, let id, let cancelInFlight):
            switch kind {
            case .now:
                items.append(key)
            case .afterSleep(let milliseconds):
                if cancelInFlight { pending.removeAll { $0.id == id } }
                pending.append(Pending(key: key, id: id, deadline: now + milliseconds))
            case .whenReleased:
                if cancelInFlight { pending.removeAll { $0.id == id } }
                pending.append(Pending(key: key, id: id, deadline: nil))
            }
            wake()  // a sleep of 0 ends at once
        case .cancel(let id):
            pending.removeAll { $0.id == id }
        case .release:
            items += pending.filter { $0.deadline == nil }.map(\.key)
            pending.removeAll { $0.deadline == nil }
        case .thunk(let key):
            items.append(key)
        case .advance(let milliseconds):
            now += milliseconds
            wake()
        }
    }

    private mutating func wake() {
        items += pending.filter { $0.deadline.map { $0 <= now } ?? false }.map(\.key)
        pending.removeAll { $0.deadline.map { $0 <= now } ?? false }
    }
}
