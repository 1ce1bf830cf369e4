import Foundation
import Reflow
import ReflowDevtools

// Commits one misuse of Reflow's API, named by its argument, so that a test can check
// that the message reaches standard error in a release (-O) build too, where
// `precondition` prints nothing. Built and started by MisuseMessageTests.
//
//   MisuseHelper <case>

struct Trigger: Action {}
struct FollowUp: Action {}

struct Row: Identifiable, Equatable {
    var id: Int
}

@MainActor
func commit(_ misuse: String) {
    switch misuse {
    case "dispatch-in-reducer":
        var store: Store<Int>?
        store = Store(reducer: Reducer { _, action in
            if action is Trigger { store?.dispatch(FollowUp()) }
        }, state: 0)
        store?.dispatch(Trigger())
    case "state-in-reducer":
        var store: Store<Int>?
        store = Store(reducer: Reducer { state, action in
            if action is Trigger { state = (store?.state ?? 0) + 1 }
        }, state: 0)
        store?.dispatch(Trigger())
    case "history-limit":
        _ = History<Int>(limit: 0)
    case "duplicate-row-ids":
        _ = ListChanges.between([Row(id: 1), Row(id: 1)], [Row(id: 1)])
    case "element-removed-under-subscription":
        let store = Store(reducer: Reducer<[Int]> { values, action in
            if action is Trigger { values.removeLast(2) }
        }, state: [1, 2, 3])
        let subscription = store.subscribe(\.self, at: 2) { _ in }
        store.dispatch(Trigger())
        subscription.cancel()
    case "entity-at-wrong-id":
        var rows = EntityCollection<Int, Row>(id: \.id)
        rows[id: 2] = Row(id: 3)
    default:
        print("MisuseHelper: unknown case \(misuse)")
        exit(64)
    }
    print("MisuseHelper: \(misuse) did not stop the program")
}

let arguments = CommandLine.arguments.dropFirst()
guard let misuse = arguments.first else {
    print("usage: MisuseHelper <case>")
    exit(64)
}
MainActor.assumeIsolated { commit(misuse) }
