import Testing
import Reflow
import ReflowTesting
import ReflowDevtools

/// A hosted reactor's actions go through the store like any action: middleware, history
/// and dispatch recorders see them, and the reactor gets them after the notification.
@MainActor
@Suite struct ReactorActionTests {
    @Test func reactorAction_dispatchedToTheStore_reachesTheHostedReactor_beforeDispatchReturns() {
        let store = Store(reducer: Reducer<FeedState> { _, _ in }, state: FeedState())
        let reactor = ToggleReactor()
        store.host(reactor, at: \.toggle)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(store.state.toggle.isOn)
        #expect(reactor.currentState.isOn)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(store.state.toggle.flips == 2 && !store.state.toggle.isOn)
    }

    @Test func middleware_seesTheReactorAction_thenItsMutations_inOrder() {
        var seen: [String] = []
        let logger = Middleware<FeedState> { _, action, next in
            seen.append("\(action)")
            next(action)
        }
        let store = Store(reducer: Reducer<FeedState> { _, _ in }, state: FeedState(), middleware: [logger])
        let reactor = ToggleReactor()
        store.host(reactor, at: \.toggle)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(seen == ["ToggleReactor.Action.flip", "ToggleReactor.Mutation.setOn(true)", "ToggleReactor.Mutation.countFlip"])
    }

    @Test func middlewareThatDropsTheReactorAction_keepsItFromTheReactor() {
        let dropFlips = Middleware<FeedState> { _, action, next in
            if action is ReactorAction<ToggleReactor> { return }
            next(action)
        }
        let store = Store(reducer: Reducer<FeedState> { _, _ in }, state: FeedState(), middleware: [dropFlips])
        let reactor = ToggleReactor()
        store.host(reactor, at: \.toggle)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(store.state.toggle == ToggleReactor.State())
    }

    @Test func everyHostedReactorOfTheType_getsTheAction_inHostingOrder() {
        let store = Store(reducer: Reducer<FeedState> { _, _ in }, state: FeedState())
        let first = ToggleReactor()
        let second = ToggleReactor()
        store.host(first, at: \.toggle)
        store.host(second, at: \.otherToggle)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(store.state.toggle.isOn && store.state.otherToggle.isOn)
    }

    @Test func stoppedReactor_getsNothing_andTheStoreIgnoresTheAction() {
        let store = Store(reducer: Reducer<FeedState> { _, _ in }, state: FeedState())
        let reactor = ToggleReactor()
        store.host(reactor, at: \.toggle)
        store.stopHosting(reactor)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(store.state.toggle == ToggleReactor.State())
        #expect(reactor.currentState == ToggleReactor.State())
    }

    @Test func reactorActionDispatchedFromASubscriber_runsAfterThePass() {
        let store = Store(reducer: Reducer<FeedState>.on(Ping.self) { state, _ in state.pings += 1 }, state: FeedState())
        let reactor = ToggleReactor()
        store.host(reactor, at: \.toggle)
        var log: [String] = []
        let a = store.subscribe(\.pings) { pings in
            log.append("pings \(pings)")
            if pings == 1 { store.dispatch(ReactorAction<ToggleReactor>(.flip)) }
        }
        let b = store.subscribe(\.toggle.isOn) { log.append("isOn \($0)") }
        store.dispatch(Ping())
        #expect(log == ["pings 0", "isOn false", "pings 1", "isOn true"])
        _ = (a, b)
    }

    @Test func mapDispatchToActions_withAReactorAction_isTestableWithADispatchRecorder() {
        let recorder = DispatchRecorder()
        let actions = feedActions(recorder.dispatch)
        actions.flip()
        #expect(recorder.actions(of: ReactorAction<ToggleReactor>.self) == [ReactorAction(.flip)])
    }

    @Test func historyRecordsTheReactorAction() {
        let store = Store(reducer: Reducer<FeedState> { _, _ in }, state: FeedState())
        let history = History<FeedState>()
        history.attach(to: store)
        let reactor = ToggleReactor()
        store.host(reactor, at: \.toggle)
        store.dispatch(ReactorAction<ToggleReactor>(.flip))
        #expect(history.entries.map { "\($0.action)" }.first == "ToggleReactor.Action.flip")
    }
}

// MARK: - Fixtures

private struct Ping: Action {}

private struct FeedState: Equatable {
    var toggle = ToggleReactor.State()
    var otherToggle = ToggleReactor.State()
    var pings = 0
}

private final class ToggleReactor: Reactor {
    enum Action: Sendable, Equatable { case flip }
    enum Mutation: Sendable, Equatable { case setOn(Bool), countFlip }
    struct State: Equatable {
        var isOn = false
        var flips = 0
    }

    let initialState = State()

    func mutate(action: Action) -> Effect<Mutation> {
        .concat([.just(.setOn(!currentState.isOn)), .just(.countFlip)])
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setOn(let isOn): state.isOn = isOn
        case .countFlip: state.flips += 1
        }
        return state
    }
}

private struct FeedActions {
    let flip: () -> Void
}

private func feedActions(_ dispatch: Dispatch) -> FeedActions {
    FeedActions(flip: { dispatch(ReactorAction<ToggleReactor>(.flip)) })
}
