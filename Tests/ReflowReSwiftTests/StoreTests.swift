import Testing
import Reflow
import ReflowReSwift

/// ReSwift's store behaviours, written against the compatibility API.
@MainActor
@Suite struct StoreTests {
    private func makeStore(middleware: [ReflowReSwift.Middleware<CounterState>] = [],
                           automaticallySkipsRepeats: Bool = true) -> ReflowReSwift.Store<CounterState> {
        ReflowReSwift.Store(reducer: counterReducer, state: nil, middleware: middleware,
                            automaticallySkipsRepeats: automaticallySkipsRepeats)
    }

    @Test func nilInitialState_isProvidedByTheReducer() {
        let store = makeStore()
        #expect(store.state == CounterState())
    }

    @Test func subscribe_getsTheCurrentStateAtOnce_thenEachChange_skippingEqualStates() {
        let store = makeStore()
        let recorder = Recorder<CounterState>()
        store.subscribe(recorder)
        store.dispatch(Increase())
        store.dispatch(Noop())                       // equal state: skipped
        store.dispatch(Rename(title: "Sum"))
        #expect(recorder.received.map(\.count) == [0, 1, 1])
        #expect(recorder.received.map(\.title) == ["Counter", "Counter", "Sum"])
    }

    @Test func automaticallySkipsRepeatsOff_deliversEveryDispatch() {
        let store = makeStore(automaticallySkipsRepeats: false)
        let recorder = Recorder<CounterState>()
        store.subscribe(recorder)
        store.dispatch(Noop())
        store.dispatch(Noop())
        #expect(recorder.received.count == 3)
    }

    @Test func select_equatableSubstate_skipsRepeatsAutomatically() {
        let store = makeStore()
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(\.count) }
        store.dispatch(Rename(title: "x"))           // count unchanged
        store.dispatch(Add(amount: 2))
        #expect(recorder.received == [0, 2])
    }

    @Test func select_withClosure_andSkipRepeatsByHand_forNonEquatableValues() {
        let store = makeStore()
        let recorder = Recorder<(Int, String)>()
        store.subscribe(recorder) { subscription in
            subscription.select { ($0.count, $0.title) }.skipRepeats { $0 == $1 }
        }
        store.dispatch(Noop())
        store.dispatch(Increase())
        #expect(recorder.received.map(\.0) == [0, 1])
    }

    @Test func skipWhen_andOnlyWhen_compareConsecutiveStates() {
        let store = makeStore(automaticallySkipsRepeats: false)
        let evens = Recorder<CounterState>()
        let bigJumps = Recorder<CounterState>()
        store.subscribe(evens) { $0.skip(when: { _, new in new.count % 2 != 0 }) }
        store.subscribe(bigJumps) { $0.only(when: { old, new in new.count - old.count >= 5 }) }
        store.dispatch(Increase())                   // 1
        store.dispatch(Increase())                   // 2
        store.dispatch(Add(amount: 5))               // 7
        #expect(evens.received.map(\.count) == [0, 2])
        #expect(bigJumps.received.map(\.count) == [0, 7])
    }

    @Test func unsubscribe_stops_andSubscribingAgainReplacesTheSubscription() {
        let store = makeStore()
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(\.count) }
        store.subscribe(recorder) { $0.select(\.count) }   // replaces, does not add
        store.dispatch(Increase())
        #expect(recorder.received == [0, 0, 1])
        #expect(store.subscriberCount == 1)
        store.unsubscribe(recorder)
        store.dispatch(Increase())
        #expect(recorder.received == [0, 0, 1])
        #expect(store.subscriberCount == 0)
    }

    @Test func releasedSubscriber_isDropped() {
        let store = makeStore()
        weak var weakRecorder: Recorder<CounterState>?
        do {
            let recorder = Recorder<CounterState>()
            weakRecorder = recorder
            store.subscribe(recorder)
        }
        #expect(weakRecorder == nil)                 // the store holds subscribers weakly
        store.dispatch(Increase())
        #expect(store.subscriberCount == 0)
        #expect(store.reflowStore.subscriptionCount == 0)
    }

    @Test func subscriberThatDispatches_isQueued_everySubscriberSeesEveryStateInOrder() {
        let store = makeStore()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        first.onNewState = { count in if count == 1 { store.dispatch(Increase()) } }
        store.subscribe(first) { $0.select(\.count) }
        store.subscribe(second) { $0.select(\.count) }
        store.dispatch(Increase())
        #expect(first.received == [0, 1, 2])
        #expect(second.received == [0, 1, 2])
    }

    @Test func combineReducers_runsEachInOrderOnTheResultOfThePrevious() {
        let double: ReflowReSwift.Reducer<Int> = { _, state in (state ?? 1) * 2 }
        let plusOne: ReflowReSwift.Reducer<Int> = { _, state in (state ?? 0) + 1 }
        let store = ReflowReSwift.Store(reducer: combineReducers(double, plusOne), state: 5)
        store.dispatch(Noop())
        #expect(store.state == 11)
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func reducerThatDispatches_stopsWithMessageNamingTheAction() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var store: ReflowReSwift.Store<Int>?
                store = ReflowReSwift.Store(reducer: { action, state in
                    if action is Increase { store?.dispatch(Noop()) }
                    return state ?? 0
                }, state: 0)
                store?.dispatch(Increase())
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Noop"))
            #expect(message.contains("inside a reducer"))
        }
    }
#endif
}
