import Reflow

/// Sends an action into the store (ReSwift's `DispatchFunction`).
public typealias DispatchFunction = @MainActor (any Action) -> Void

/// Reads the store's current state; `nil` once the store is gone.
public typealias GetState<State> = @MainActor () -> State?

/// ReSwift's middleware: given `dispatch` and `getState`, it wraps the next dispatch
/// function in its own.
///
/// ```swift
/// let logging: Middleware<AppState> = { dispatch, getState in
///     return { next in
///         return { action in
///             print("→", action)
///             next(action)
///         }
///     }
/// }
/// ```
///
/// The outer closures run once, when the store is created, so state a middleware keeps
/// between them lives as long as the store, as in ReSwift.
///
/// Its function types are main-actor isolated, which also makes them `Sendable`: a
/// middleware can be a global `let`, as ReSwift apps often declare it.
public typealias Middleware<State> = @MainActor (_ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>)
    -> @MainActor (_ next: @escaping DispatchFunction) -> DispatchFunction

/// The end of a ReSwift middleware chain, where it hands the action to Reflow's next stage.
@MainActor
final class ChainEnd {
    var next: Reflow.Dispatch?
}

extension Reflow.Middleware {
    /// One Reflow middleware that runs a whole ReSwift middleware chain, built once.
    ///
    /// - Parameters:
    ///   - middleware: The ReSwift middleware, first one first.
    ///   - store: Where `dispatch` and `getState` lead; filled in once the store exists.
    @MainActor
    static func reSwiftChain(_ middleware: [ReflowReSwift.Middleware<State>], store: StoreReference<State>) -> Reflow.Middleware<State> {
        let end = ChainEnd()
        let dispatch: DispatchFunction = { [store] action in store.store?.dispatch(action) }
        let getState: GetState<State> = { [store] in store.store?.state }
        let chain = middleware.reversed().reduce({ action in end.next?(action) } as DispatchFunction) { next, link in
            link(dispatch, getState)(next)
        }
        return Reflow.Middleware { _, action, next in
            // Reflow hands every action the same `next`: the rest of its chain.
            end.next = next
            chain(action)
        }
    }
}

/// A weak reference to the Reflow store, for middleware built before the store exists.
@MainActor
final class StoreReference<State> {
    weak var store: Reflow.Store<State>?
}
