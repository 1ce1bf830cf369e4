/// An action that is a function: the store runs it with `dispatch` and `getState` instead
/// of reducing it (ReSwift-Thunk's `Thunk`, Redux's thunk), for work that starts from a
/// screen's action and needs the state or several dispatches.
///
/// ```swift
/// func loadCatalog(api: CatalogAPI) -> Thunk<AppState> {
///     Thunk { dispatch, getState in
///         guard getState()?.catalog.isLoading == false else { return }
///         dispatch(CatalogRequested())
///         Task {
///             do { dispatch(CatalogLoaded(items: try await api.items())) }
///             catch { dispatch(CatalogFailed(message: "\(error)")) }
///         }
///     }
/// }
///
/// store.dispatch(loadCatalog(api: api))   // or `dispatch(...)` in mapDispatchToActions
/// ```
///
/// A store runs its thunks itself, with no middleware to install: a thunk passes through
/// the store's middleware (a logger sees it) and, where a reducer would get an action, its
/// body runs; no reducer sees it and no subscriber is told of it. A store runs the thunks
/// of its own `State` only (a `Thunk<Other>` goes to the reducers, which ignore it), so
/// make a thunk for the state of the store it is dispatched into. A `TestStore` runs
/// thunks as the store does: `send` the thunk, then `receive` what it dispatched.
public struct Thunk<State>: Action {
    /// The body: what the thunk does, on the main actor.
    let body: @MainActor (_ dispatch: Dispatch, _ getState: @escaping @MainActor @Sendable () -> State?) -> Void

    /// Creates a thunk.
    ///
    /// - Parameter body: Runs on the main actor when the store reaches the thunk, with the
    ///   store's `dispatch` (callable from any thread, and later) and `getState`, which
    ///   returns the current state, or `nil` once the store is gone.
    public init(body: @escaping @MainActor (_ dispatch: Dispatch,
                                            _ getState: @escaping @MainActor @Sendable () -> State?) -> Void) {
        self.body = body
    }
}

extension Thunk: CustomStringConvertible {
    public var description: String { "Thunk<\(State.self)>" }
}
