import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct HostedReactorTests {
    @Test func hosted_mutationsReduceIntoTheSlice_currentStateReadsIt() {
        let store = Store(reducer: .empty, state: ScreenState())
        let reactor = CounterReactor()
        reactor.action.send(.decrease)  // standalone state, replaced by the slice on hosting
        store.host(reactor, at: \.counter)
        #expect(reactor.currentState.value == 0)
        reactor.action.send(.decrease)
        reactor.action.send(.decrease)
        #expect(store.state.counter.value == -2)
        #expect(reactor.currentState.value == -2)
    }

    @Test func hosted_seesChangesFromTheStoresOwnReducers() {
        let store = Store(reducer: Reducer<ScreenState>.on(ResetCounter.self) { state, action in
            state.counter.value = action.value
        }, state: ScreenState())
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        var values: [Int] = []
        let subscription = reactor.state.map(\.value).subscribe { values.append($0) }
        store.dispatch(ResetCounter(value: 10))
        store.dispatch(Unrelated())
        reactor.action.send(.decrease)
        #expect(values == [0, 10, 9])
        #expect(reactor.currentState.value == 9)
        _ = subscription
    }

    @Test func hosted_middlewareSeesEveryMutation_withReadableDescription() {
        var logged: [String] = []
        let logger = Middleware<ScreenState> { _, action, next in
            logged.append("\(action)")
            next(action)
        }
        let store = Store(reducer: .empty, state: ScreenState(), middleware: [logger])
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        reactor.action.send(.decrease)
        reactor.action.send(.showAlert("hey"))
        #expect(logged == ["CounterReactor.Mutation.decreaseValue", "CounterReactor.Mutation.setAlert(\"hey\")"])
    }

    @Test func hosted_middlewareCanMatchOnTheReactorType() {
        var mutations: [CounterReactor.Mutation] = []
        let store = Store(reducer: .empty, state: ScreenState(), middleware: [
            Middleware { _, action, next in
                if let hosted = action as? ReactorMutation<CounterReactor> { mutations.append(hosted.mutation) }
                next(action)
            },
        ])
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        reactor.action.send(.decrease)
        #expect(mutations.count == 1)
    }

    @Test func twoHostsOnOneSlice_shareState() {
        let store = Store(reducer: .empty, state: ScreenState())
        let first = CounterReactor()
        let second = CounterReactor()
        store.host(first, at: \.counter)
        store.host(second, at: \.counter)
        var seenBySecond: [Int] = []
        let subscription = second.state.map(\.value).subscribe { seenBySecond.append($0) }
        first.action.send(.decrease)
        second.action.send(.decrease)
        #expect(first.currentState.value == -2)
        #expect(second.currentState.value == -2)
        #expect(seenBySecond == [0, -1, -2])
        _ = subscription
    }

    @Test func hosted_stateEmitsOnlyWhenSliceChanges() {
        let store = Store(reducer: Reducer<ScreenState>.on(Unrelated.self) { state, _ in state.other += 1 },
                          state: ScreenState())
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        var emissions = 0
        let subscription = reactor.state.subscribe { _ in emissions += 1 }
        store.dispatch(Unrelated())
        store.dispatch(Unrelated())
        #expect(emissions == 1)
        _ = subscription
    }

    /// Bug: the store held hosted reactors weakly, so a reactor hosted inline was released
    /// at once and did nothing, silently. The store owns it now.
    @Test func reactorHostedInline_isOwnedByTheStore_andWorks() {
        let store = Store(reducer: .empty, state: ScreenState())
        weak var hosted: CounterReactor?
        do {
            let reactor = CounterReactor()
            hosted = reactor
            store.host(reactor, at: \.counter)
        }
        store.dispatch(Unrelated())
        #expect(hosted != nil)
        store.dispatch(ReactorAction<CounterReactor>(.decrease))
        #expect(store.state.counter.value == -1)
        #expect(hosted?.currentState.value == -1)
    }

    /// `stopHosting` ends the hosting at once: the running effect is cancelled, mutations
    /// no longer reach the slice (which keeps its value), and the store lets go.
    @Test func stopHosting_cancelsEffectsAtOnce_andKeepsTheSlice() async {
        let clock = TestClock()
        let store = Store(reducer: .empty, state: ScreenState())
        var reactor: CounterReactor? = CounterReactor(clock: clock)
        weak let weakReactor = reactor
        store.host(reactor!, at: \.counter)
        reactor!.action.send(.decrease)
        reactor!.action.send(.increase)              // sleeps on the clock
        await clock.settle()
        #expect(store.runningEffectCount == 1 && clock.sleeperCount == 1)
        store.stopHosting(reactor!)
        #expect(store.runningEffectCount == 0)
        #expect(clock.sleeperCount == 0, "cancelled at once")
        await clock.advance(by: .seconds(1))
        #expect(store.state.counter.value == -1)
        store.dispatch(ReactorAction<CounterReactor>(.decrease))
        #expect(store.state.counter.value == -1)
        reactor = nil
        #expect(weakReactor == nil)
    }

    /// A state that is not `Equatable` cannot be compared, so it is published on every
    /// notification of the store, whatever changed.
    @Test func hosted_notEquatableState_emitsOnEveryStoreChange() {
        let store = Store(reducer: Reducer<PlainHostState>.on(Unrelated.self) { state, _ in state.other += 1 },
                          state: PlainHostState())
        let reactor = PlainReactor()
        store.host(reactor, at: \.plain)
        var seen: [Int] = []
        let subscription = reactor.state.subscribe { seen.append($0.count) }
        store.dispatch(Unrelated())
        reactor.action.send(5)
        store.dispatch(Unrelated())
        #expect(seen == [0, 0, 5, 5])
        #expect(reactor.currentState.count == 5)
        _ = subscription
    }

    /// A hosted reactor whose `transform(state:)` changes states shows them changed, on
    /// hosting and after each change of its slice; `currentState` is the slice itself.
    @Test func hosted_transformState_isAppliedToTheSlicesChanges() {
        let store = Store(reducer: .empty, state: PlainHostState())
        let reactor = DoublingReactor()
        store.host(reactor, at: \.plain)
        var seen: [Int] = []
        let subscription = reactor.state.subscribe { seen.append($0.count) }
        reactor.action.send(3)
        reactor.action.send(4)
        #expect(seen == [0, 6, 14])
        #expect(reactor.currentState.count == 7)
        _ = subscription
    }

    /// The store owns its hosted reactors and a reactor does not keep its store: releasing
    /// the store frees it and its reactor, and stops the reactor's effects at once.
    @Test func releasingTheStore_freesItAndItsReactor_andCancelsTheReactorsEffects() async {
        let clock = TestClock()
        weak var weakStore: Store<ScreenState>?
        weak var weakReactor: CounterReactor?
        var store: Store<ScreenState>? = Store(reducer: .empty, state: ScreenState())
        do {
            let reactor = CounterReactor(clock: clock)
            store!.host(reactor, at: \.counter)
            reactor.action.send(.increase)               // sleeps on the clock
            weakReactor = reactor
        }
        await clock.settle()
        #expect(store!.runningEffectCount == 1)
        #expect(clock.sleeperCount == 1)
        weakStore = store
        store = nil
        #expect(weakStore == nil)
        #expect(weakReactor == nil)
        #expect(clock.sleeperCount == 0, "the reactor's effect was cancelled with the store")
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func stoppingAReactorTheStoreDoesNotHost_stopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: .empty, state: ScreenState())
                store.stopHosting(CounterReactor())
            }
        }.map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self)
                .contains("stopHosting(_:) was given a CounterReactor that this store does not host"))
        }
    }

    /// A hosted reactor's `currentState` is its slice of the store's state, read in place:
    /// read by a store reducer, it would see the slice half-applied.
    @Test func readingAHostedReactorsStateFromAReducer_stopsWithMessageNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let reactor = CounterReactor()
                let store = Store(reducer: Reducer<ScreenState>.on(ResetCounter.self) { state, _ in
                    state.other = reactor.currentState.value
                }, state: ScreenState())
                store.host(reactor, at: \.counter)
                store.dispatch(ResetCounter(value: 1))
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("CounterReactor.currentState was read from inside a reducer"))
            #expect(message.contains("ResetCounter"))
        }
    }
#endif
}

// MARK: - Fixtures

private struct ScreenState {
    var counter = CounterReactor.State()
    var other = 0
}

private struct ResetCounter: Action { var value: Int }
private struct Unrelated: Action {}

private struct PlainCount { var count = 0 }   // deliberately not Equatable
private struct PlainHostState { var plain = PlainCount(); var other = 0 }

private final class PlainReactor: Reactor {
    typealias Action = Int
    let initialState = PlainCount()
    func reduce(state: PlainCount, mutation: Int) -> PlainCount { PlainCount(count: state.count + mutation) }
}

private final class DoublingReactor: Reactor {
    typealias Action = Int
    let initialState = PlainCount()
    func reduce(state: PlainCount, mutation: Int) -> PlainCount { PlainCount(count: state.count + mutation) }
    func transform(state: Signal<PlainCount>) -> Signal<PlainCount> { state.map { PlainCount(count: $0.count * 2) } }
}
