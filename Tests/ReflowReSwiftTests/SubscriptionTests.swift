import Testing
import ReflowReSwift

/// The rest of ReSwift's subscription API: custom steps, `nil` transforms, the
/// dispatch function, and code generic over `StoreType`.
@MainActor
@Suite struct SubscriptionTests {
    @Test func customStep_writtenWithObserver_asReSwiftExtensionsDo() {
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil)
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { subscription in
            subscription.select(\.count).onlyEven()
        }
        for _ in 0..<4 { store.dispatch(Increase()) }
        #expect(recorder.received == [0, 2, 4])
    }

    @Test func nilTransform_deliversTheStateOnlyToASubscriberOfThatType() {
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil)
        let matching = Recorder<CounterState>()
        let other = Recorder<Int>()
        store.subscribe(matching, transform: nil)
        store.subscribe(other, transform: nil)      // ReSwift: its type does not match, nothing arrives
        store.dispatch(Increase())
        #expect(matching.received.map(\.count) == [0, 1])
        #expect(other.received.isEmpty)
    }

    @Test func automaticallySkipsRepeatsOff_select_deliversEveryState() {
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil, automaticallySkipsRepeats: false)
        let recorder = Recorder<Int>()
        store.subscribe(recorder) { $0.select(\.count) }
        store.dispatch(Noop())
        #expect(recorder.received == [0, 0])
    }

    @Test func dispatchFunction_goesThroughTheMiddleware() {
        var seen: [String] = []
        let spy: ReflowReSwift.Middleware<CounterState> = { _, _ in
            { next in { action in seen.append("\(type(of: action))"); next(action) } }
        }
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil, middleware: [spy])
        store.dispatchFunction(Increase())
        #expect(seen == ["Increase"])
        #expect(store.state.count == 1)
    }

    @Test func codeGenericOverStoreType_works() {
        func bump<S: StoreType>(_ store: S) { store.dispatch(Increase()) }
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil)
        bump(store)
        #expect(store.state.count == 1)
    }
}

extension Subscription where State == Int {
    /// A custom step, written the way ReSwift's documentation shows.
    fileprivate func onlyEven() -> Subscription<Int> {
        Subscription<Int> { sink in
            self.observer = { old, new in
                if new % 2 == 0 { sink(old, new) }
            }
        }
    }
}
