import ReflowReSwift

/// ReSwift's curried middleware: logs each action with the state it left.
@MainActor
func loggingMiddleware(into log: @escaping (String) -> Void) -> Middleware<AppState> {
    { _, getState in
        { next in
            { action in
                next(action)
                let todos = getState()?.todos.count ?? 0
                log("action \(type(of: action)) -> \(todos) todos")
            }
        }
    }
}

/// A thunk that loads the todos the app carries (offline): it marks loading, then
/// delivers the list from a task, as a network call would.
@MainActor
func loadTodos(onLoaded: @escaping @MainActor @Sendable () -> Void) -> Thunk<AppState> {
    Thunk<AppState> { dispatch, getState in
        guard getState()?.isLoading == false else { return }
        dispatch(LoadTodos())
        Task {
            await Task.yield()
            dispatch(TodosLoaded(todos: [
                Todo(id: 1, title: "Read the migration guide"),
                Todo(id: 2, title: "Change `import ReSwift` to `import ReflowReSwift`"),
                Todo(id: 3, title: "Move one screen to a Connection", isDone: true),
            ]))
            onLoaded()
        }
    }
}
