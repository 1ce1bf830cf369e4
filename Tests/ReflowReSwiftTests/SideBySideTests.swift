import Testing
import Reflow
import ReflowReSwift

/// Old screens on ReSwift's API and new screens on Reflow's share one store.
@MainActor
@Suite struct SideBySideTests {
    private struct Props: Equatable { var text: String }

    @Test func reSwiftSubscriberAndReflowConnection_seeTheSameStates() {
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil)
        let oldScreen = Recorder<Int>()
        store.subscribe(oldScreen) { $0.select(\.count) }
        let newScreen = Connection(store: store.reflowStore,
                                   mapStateToProps: { Props(text: "\($0.title): \($0.count)") },
                                   mapDispatchToActions: { dispatch in { dispatch(Increase()) } })
        newScreen.connect()
        var texts: [String] = []
        newScreen.bind(\.text) { texts.append($0) }
        newScreen.actions()                          // the new screen dispatches
        store.dispatch(Add(amount: 2))               // the old one does too
        #expect(oldScreen.received == [0, 1, 3])
        #expect(texts == ["Counter: 0", "Counter: 1", "Counter: 3"])
    }

    @Test func reSwiftReducerAndReflowReducer_runSideBySideOnOneState() {
        let reflowReducer = Reflow.Reducer<CounterState>.on(Rename.self) { state, rename in
            state.title = rename.title.uppercased()
        }
        let reflowStore = Reflow.Store(
            reducer: .combine(.reSwift { action, state in
                var state = state ?? CounterState()
                state.count = countReducer(action: action, state: state.count)
                return state
            }, reflowReducer),
            state: CounterState()
        )
        let store = ReflowReSwift.Store(reflowStore)
        let subscriber = Recorder<CounterState>()
        store.subscribe(subscriber)
        store.dispatch(Increase())
        reflowStore.dispatch(Rename(title: "both"))
        #expect(subscriber.received.map(\.count) == [0, 1, 1])
        #expect(store.state.title == "BOTH")
    }
}
