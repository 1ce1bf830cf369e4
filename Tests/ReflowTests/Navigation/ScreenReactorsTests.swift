import Testing
import Reflow
import ReflowTesting

/// A reactor per screen of a stack, hosted at its screen's state: made on push, its state
/// in the store, stopped on pop with its effects cancelled.
@MainActor
@Suite struct ScreenReactorsTests {
    @Test func aReactorPerScreen_livesAsItsScreenDoes() async {
        let clock = TestClock()
        let finished = FinishedLoads()
        let store = Store(reducer: .navigation(\DetailsAppState.details), state: DetailsAppState())
        let reactors = store.hostReactors(for: \.details) { _ in DetailsReactor(clock: clock, finished: finished) }
        #expect(reactors.count == 0)
        for name in ["a/b", "c/d", "e/f"] { store.dispatch(NavigationAction.push(DetailsReactor.State(repository: name))) }
        let ids = store.state.details.ids
        #expect(reactors.count == 3)
        let top = reactors[ids[2]]
        top?.action.send(.star)
        #expect(store.state.details[id: ids[2]]?.stars == 1)          // the reactor's state is the screen's
        #expect(store.state.details[id: ids[1]]?.stars == 0)
        store.dispatch(NavigationAction<DetailsReactor.State>.screen(ids[1], NoAction()))  // nothing for it

        reactors[ids[1]]?.action.send(.load)                           // a request, then pop before it ends
        #expect(store.state.details[id: ids[1]]?.isLoading == true)
        store.dispatch(NavigationAction<DetailsReactor.State>.popTo(ids[0]))
        #expect(reactors.count == 1 && reactors[ids[1]] == nil && reactors[ids[2]] == nil)
        await clock.advance(by: .seconds(10))
        await store.waitForEffects()
        #expect(store.state.details.screens.map(\.repository) == ["a/b"])
        #expect(store.state.details[id: ids[0]]?.loaded == false)
        #expect(finished.count == 0)                                   // the popped screen's request was cancelled

        reactors[ids[0]]?.action.send(.load)                           // one that stays does finish
        await clock.advance(by: .seconds(1))
        await store.waitForEffects()
        #expect(store.state.details[id: ids[0]]?.loaded == true)
        #expect(finished.count == 1)
    }

    @Test func releasingTheReactors_stopsHostingThem() {
        let store = Store(reducer: .navigation(\DetailsAppState.details), state: DetailsAppState())
        var reactors: ScreenReactors<DetailsReactor>? = store.hostReactors(for: \.details) { _ in DetailsReactor(clock: TestClock(), finished: FinishedLoads()) }
        store.dispatch(NavigationAction.push(DetailsReactor.State(repository: "a/b")))
        let id = store.state.details.ids[0]
        weak let reactor = reactors?[id]
        #expect(reactor != nil)
        reactors = nil
        #expect(reactor == nil)                                        // no longer hosted: freed
        store.dispatch(NavigationAction.push(DetailsReactor.State(repository: "c/d")))
        #expect(store.state.details.count == 2)
    }
}

private struct NoAction: Action {}

/// The loads whose request ran to its end.
@MainActor private final class FinishedLoads {
    private(set) var count = 0
    func add() { count += 1 }
}

private struct DetailsAppState: Equatable {
    var details = ScreenStack<DetailsReactor.State>()
}

private final class DetailsReactor: Reactor {
    enum Action: Sendable { case star, load }
    enum Mutation: Sendable { case star, setLoading(Bool), loaded }
    struct State: Equatable {
        var repository: String
        var stars = 0
        var isLoading = false
        var loaded = false
    }
    let initialState = State(repository: "")
    let clock: TestClock
    let finished: FinishedLoads

    init(clock: TestClock, finished: FinishedLoads) {
        self.clock = clock
        self.finished = finished
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .star: return .just(.star)
        case .load:
            return .concat([
                .just(.setLoading(true)),
                .run { [clock, finished] send in
                    try await clock.sleep(for: .seconds(1))
                    await finished.add()
                    await send(.loaded)
                },
                .just(.setLoading(false)),
            ])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .star: state.stars += 1
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .loaded: state.loaded = true
        }
        return state
    }
}
