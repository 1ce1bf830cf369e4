import Reflow

// N1: what a stack of screens, each with its own hosted reactor, costs the store's
// other dispatches.

/// A screen's reactor: a few fields and a list, as a details screen holds.
private final class ScreenReactor: Reactor {
    enum Action: Sendable { case select(Int) }
    struct State: Equatable, Sendable {
        var repository = "apple/swift"
        var selection = 0
        var items = Array(0..<100)
        var isLoading = false
    }
    let initialState = State()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        if case .select(let index) = mutation { state.selection = index }
        return state
    }
}

private struct NavigatingState {
    var query = ""
    var screens = ScreenStack<ScreenReactor.State>()
}

private struct NavigatingQuery: Action { var query: String }

private let navigatingReducer = Reducer<NavigatingState>.combine(
    Reducer<String>.on(NavigatingQuery.self) { query, action in query = action.query }.scope(\NavigatingState.query),
    .navigation(\NavigatingState.screens)
)

@MainActor
extension Harness {
    /// N1: a dispatch that writes the query of a store holding a 10-deep `ScreenStack`
    /// with a reactor hosted at each screen (`hostReactors(for:make:)`), with one key-path
    /// subscriber of the query; the limit is the same store with an empty stack.
    mutating func n1(_ count: Int) {
        let queries = (0..<16).map { "query \($0)" }
        func run(depth: Int) -> Measurement {
            measure(operations: count) {
                let store = Store(reducer: navigatingReducer, state: NavigatingState())
                let reactors = store.hostReactors(for: \.screens) { _ in ScreenReactor() }
                for _ in 0..<depth { store.dispatch(NavigationAction.push(ScreenReactor.State())) }
                var seen = 0
                let subscription = store.subscribe(\.query) { seen &+= $0.count }
                for index in 0..<count { store.dispatch(NavigatingQuery(query: queries[index & 15])) }
                blackHole &+= seen + reactors.count
                subscription.cancel()
            }
        }
        let deep = run(depth: 10)
        let empty = run(depth: 0)
        record(Row(scenario: "N1 a dispatch beside a 10-deep stack, a hosted reactor per screen", operations: count,
                   reflow: deep, limit: empty, note: "limit: the same store with an empty stack"))
    }
}
