import ReflowReSwift

// The app as a ReSwift user wrote it; moving it over changed only the imports.

struct Todo: Equatable {
    var id: Int
    var title: String
    var isDone = false
}

struct AppState: StateType, Equatable {
    var todos: [Todo] = []
    var isLoading = false
    var filter = Filter.all

    enum Filter: Equatable { case all, open }

    /// The todos the list shows under the filter.
    var visibleTodos: [Todo] { filter == .open ? todos.filter { !$0.isDone } : todos }
}

struct LoadTodos: Action {}
struct TodosLoaded: Action { var todos: [Todo] }
struct AddTodo: Action { var title: String }
struct ToggleTodo: Action { var id: Int }
struct SetFilter: Action { var filter: AppState.Filter }

// Reducers in ReSwift's style: one function per part of the state, combined by hand.

func todosReducer(action: Action, state: [Todo]?) -> [Todo] {
    var todos = state ?? []
    switch action {
    case let loaded as TodosLoaded:
        todos = loaded.todos
    case let add as AddTodo:
        todos.append(Todo(id: (todos.map(\.id).max() ?? 0) + 1, title: add.title))
    case let toggle as ToggleTodo:
        if let index = todos.firstIndex(where: { $0.id == toggle.id }) { todos[index].isDone.toggle() }
    default:
        break
    }
    return todos
}

func appReducer(action: Action, state: AppState?) -> AppState {
    var state = state ?? AppState()
    state.todos = todosReducer(action: action, state: state.todos)
    switch action {
    case is LoadTodos: state.isLoading = true
    case is TodosLoaded: state.isLoading = false
    case let filter as SetFilter: state.filter = filter.filter
    default: break
    }
    return state
}
