import ReflowCore

import Reflow

/// An action that is a function: middleware made by ``createThunkMiddleware()`` runs it
/// with `dispatch` and `getState` instead of passing it to the reducer (ReSwift-Thunk's
/// `Thunk`).
///
/// ```swift
/// let loadTodos = Thunk<AppState> { dispatch, getState in
///     guard getState()?.isLoading == false else { return }
///     dispatch(StartLoading())
///     api.todos { todos in dispatch(TodosLoaded(todos: todos)) }   // any thread
/// }
/// store.dispatch(loadTodos)
/// ```
///
/// The body is ReSwift-Thunk's plain function type; the middleware calls it on the main
/// thread. Its `dispatch` may be called later from any thread: off the main thread it waits
/// for the main thread to run it (see ``Store``'s "Threads").
public struct Thunk<State>: Action {
    /// The body, used only on the main thread (where the thunk middleware runs).
    let body: MainActorBound<(_ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>) -> Void>

    /// Creates a thunk.
    ///
    /// - Parameter body: Runs when the thunk is dispatched, with the store's `dispatch` and
    ///   `getState`.
    public init(body: @escaping (_ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>) -> Void) {
        self.body = MainActorBound(body)
    }
}

/// Makes the middleware that runs ``Thunk``s (ReSwift-Thunk's `createThunkMiddleware`).
///
/// - Returns: Middleware that runs each `Thunk<State>` and passes every other action on.
public func createThunkMiddleware<State>() -> Middleware<State> {
    { dispatch, getState in
        { next in
            { action in
                if let thunk = action as? Thunk<State> {
                    thunk.body.value(dispatch, getState)
                } else {
                    next(action)
                }
            }
        }
    }
}
