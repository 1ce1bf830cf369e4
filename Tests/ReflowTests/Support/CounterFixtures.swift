import Reflow

// Shared by the store, connection and testing suites: a small app state and its actions.

struct AppState: Equatable {
    var count = 0
    var title = "Untitled"
    var items: [Int] = []
    var user: String?
}

struct Increment: Action, Equatable {}
struct Add: Action, Equatable { var amount: Int }
struct SetTitle: Action, Equatable { var title: String }
struct SetUser: Action, Equatable { var name: String? }
struct Append: Action, Equatable { var value: Int }

let appReducer = Reducer<AppState>
    .on(Increment.self) { state, _ in state.count += 1 }
    .on(Add.self) { state, action in state.count += action.amount }
    .on(SetTitle.self) { state, action in state.title = action.title }
    .on(SetUser.self) { state, action in state.user = action.name }
    .on(Append.self) { state, action in state.items.append(action.value) }

@MainActor
func makeStore(_ state: AppState = AppState(), middleware: [Middleware<AppState>] = []) -> Store<AppState> {
    Store(reducer: appReducer, state: state, middleware: middleware)
}

/// An object whose lifetime a test watches through a weak reference.
final class Canary {}
