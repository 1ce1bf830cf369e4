import Reflow
import ReflowDevtools

// D2: what an attached History costs each dispatch, recording and tracing, for an app's
// state of a few slices (a search with a page of results, a profile, a cart).

private struct Profile {
    var name = "Ada Lovelace"
    var email = "ada@example.com"
    var notifications = true
    var theme = "dark"
}

private struct CartItem {
    var id: Int
    var title: String
    var quantity: Int
}

private struct ShopState {
    var query = "swift"
    var results = (0..<50).map { "owner\($0)/repository-\($0) ★\($0 * 37)" }
    var selection = 0
    var profile = Profile()
    var cart = (0..<20).map { CartItem(id: $0, title: "item \($0)", quantity: 1) }
}

private struct SelectResult: Action { var index: Int }

private let shopReducer = Reducer<ShopState>.on(SelectResult.self) { state, action in
    state.selection = action.index % state.results.count
}

@MainActor
extension Harness {
    /// D2: a dispatch with a tracing `History` attached (reflow), without any history
    /// (limit), and, in the note, with a history that records but does not trace. The
    /// history keeps its default-sized window of entries, so older ones are dropped as
    /// they would be in a long session.
    mutating func d2(_ count: Int) {
        func run(history: History<ShopState>?) -> Measurement {
            measure(operations: count) {
                let store = Store(reducer: shopReducer, state: ShopState())
                history?.attach(to: store)
                let subscriptions = [store.subscribe(\.selection) { blackHole &+= $0 },
                                     store.subscribe(\.query) { blackHole &+= $0.count }]
                for index in 0..<count { store.dispatch(SelectResult(index: index)) }
                blackHole &+= store.state.selection + subscriptions.count
                history?.detach()
            }
        }
        let traced = History<ShopState>(limit: 1_000)
        traced.isTracing = true
        let tracing = run(history: traced)
        let recording = run(history: History<ShopState>(limit: 1_000))
        let none = run(history: nil)
        record(Row(scenario: "D2 dispatch with a tracing History", operations: count, reflow: tracing, limit: none,
                   note: "recording without tracing: \(Table.format1(recording.median)) ns; no history: the limit"))
    }
}
