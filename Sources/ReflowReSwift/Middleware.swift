import Reflow

/// Sends an action into the store (ReSwift's `DispatchFunction`): Reflow's own, so that a
/// file that imports both `Reflow` and `ReflowReSwift` names one type.
public typealias DispatchFunction = Reflow.DispatchFunction

/// Reads the store's current state; `nil` once the store is gone.
public typealias GetState<State> = () -> State?

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
/// The outer closures run when the chain is built (when the store is made, and again when
/// ``Store/middleware`` is set), so state a middleware keeps between them lives as long as
/// the chain, as in ReSwift. The function types are ReSwift's own, with no isolation, so
/// methods, curried functions and closures that capture anything are middleware; the store
/// calls them on the main thread.
public typealias Middleware<State> = (_ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>)
    -> (_ next: @escaping DispatchFunction) -> DispatchFunction

/// The ReSwift middleware chain of one store, run by the one Reflow middleware the store
/// installs: every action dispatched to the Reflow store, from ReSwift code or from a new
/// screen, goes through it.
@MainActor
final class MiddlewareChain<State> {
    /// The chain's entry, or `nil` without middleware; built from ``Store/middleware``.
    private var entry: DispatchFunction?
    /// Where the last middleware's `next` leads: the rest of the Reflow store's dispatch,
    /// for the action being dispatched now.
    private var end: Reflow.Dispatch?

    /// Builds the chain from `middleware`, first one first; `dispatch` re-enters the whole
    /// chain and `getState` reads the store.
    func rebuild(_ middleware: [Middleware<State>], dispatch: @escaping DispatchFunction, getState: @escaping GetState<State>) {
        guard !middleware.isEmpty else {
            entry = nil
            return
        }
        let last = Self.next(of: self)
        entry = middleware.reversed().reduce(last) { next, link in link(dispatch, getState)(next) }
    }

    /// The last middleware's `next`, made outside the main actor: a middleware may call it
    /// later from any thread (Swift checks a main-actor closure's isolation when it is
    /// called), and `Reflow.Dispatch` then hops to the main actor itself.
    private nonisolated static func next(of chain: MiddlewareChain) -> DispatchFunction {
        { [weak chain] action in
            guard let chain else { return }
            let end = onMainActor { chain.end }
            end?(action)
        }
    }

    /// The Reflow middleware that runs the chain, then the rest of the Reflow store.
    var reflowMiddleware: Reflow.Middleware<State> {
        Reflow.Middleware { [weak self] _, action, next in
            guard let self, let entry = self.entry else { return next(action) }
            // Reflow hands every action the same `next`: the rest of its chain.
            self.end = next
            entry(action)
        }
    }
}
