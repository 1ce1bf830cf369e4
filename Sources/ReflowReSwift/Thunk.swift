/// An action that is a function: middleware made by ``createThunkMiddleware()`` runs it
/// with `dispatch` and `getState` instead of passing it to the reducer (ReSwift-Thunk's
/// `Thunk`).
///
/// ```swift
/// let loadTodos = Thunk<AppState> { dispatch, getState in
///     guard getState()?.isLoading == false else { return }
///     dispatch(StartLoading())
///     Task { dispatch(TodosLoaded(todos: try await api.todos())) }
/// }
/// store.dispatch(loadTodos)
/// ```
///
/// The body runs on the main actor; a `Task` started in it stays there, so it can call
/// `dispatch` after its `await`s.
public struct Thunk<State>: Action {
    let body: @MainActor @Sendable (_ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>) -> Void

    /// Creates a thunk.
    ///
    /// - Parameter body: The work: it may read the state and dispatch, now or later.
    public init(body: @escaping @MainActor @Sendable (_ dispatch: @escaping DispatchFunction,
                                                     _ getState: @escaping GetState<State>) -> Void) {
        self.body = body
    }
}

/// Middleware that runs ``Thunk``s and passes every other action on (ReSwift-Thunk's
/// `createThunkMiddleware`).
///
/// - Returns: The middleware; put it in the store's middleware array.
public func createThunkMiddleware<State>() -> Middleware<State> {
    { dispatch, getState in
        { next in
            { action in
                if let thunk = action as? Thunk<State> {
                    thunk.body(dispatch, getState)
                } else {
                    next(action)
                }
            }
        }
    }
}
