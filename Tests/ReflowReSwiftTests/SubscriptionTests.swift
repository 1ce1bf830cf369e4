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

    /// `select` with a key path reads a stored property at its offset and projects any
    /// other path: every shape delivers the same values as the path itself.
    @Test func selectByKeyPath_everyShape_deliversThePathsValues() {
        final class Box { var label: String; init(_ label: String) { self.label = label } }
        struct Profile: Equatable { var name: String; var tags: [String] }
        struct Shapes {
            var count = 0
            var profile = Profile(name: "a", tags: [])
            var optional: Profile? = nil
            var box = Box("b0")
            var doubled: Int { count * 2 }
        }
        struct Bump: Action {}
        let reducer: ReflowReSwift.Reducer<Shapes> = { action, state in
            var state = state ?? Shapes()
            guard action is Bump else { return state }
            state.count += 1
            state.profile.name += "+"
            state.profile.tags.append("t\(state.count)")
            state.optional = state.profile
            state.box = Box("b\(state.count)")
            return state
        }
        let store = ReflowReSwift.Store(reducer: reducer, state: nil)
        let stored = Recorder<Int>(), nested = Recorder<String>(), array = Recorder<[String]>()
        let computed = Recorder<Int>(), optional = Recorder<String?>(), throughClass = Recorder<String>()
        store.subscribe(stored) { $0.select(\.count) }
        store.subscribe(nested) { $0.select(\.profile.name) }
        store.subscribe(array) { $0.select(\.profile.tags) }
        store.subscribe(computed) { $0.select(\.doubled) }
        store.subscribe(optional) { $0.select(\.optional?.name) }
        store.subscribe(throughClass) { $0.select(\.box.label) }
        for _ in 0..<2 { store.dispatch(Bump()) }
        #expect(stored.received == [0, 1, 2])
        #expect(nested.received == ["a", "a+", "a++"])
        #expect(array.received == [[], ["t1"], ["t1", "t2"]])
        #expect(computed.received == [0, 2, 4])
        #expect(optional.received == [nil, "a+", "a++"])
        #expect(throughClass.received == ["b0", "b1", "b2"])
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
