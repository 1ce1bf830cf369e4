import Dispatch

/// A function that sends an action into a store, as a value you can pass around.
///
/// `Dispatch` is what a middleware calls to pass an action on, and what
/// `mapDispatchToActions` receives to build a connection's `Actions`. Tests build one from
/// a closure, or use `DispatchRecorder` from `ReflowTesting`.
///
/// ```swift
/// let dispatch = Dispatch { action in print("sent", action) }
/// dispatch(Increment())
/// ```
///
/// Calling it needs no isolation, so the closures of an `Actions` struct can call it in
/// every language mode (ReRxSwift's file-scope `mapDispatchToActions` closures, Swift 5
/// code). On the main actor, the usual case, the action is dispatched at once. Called from
/// another thread (a background queue's callback), it hops: the action is dispatched on
/// the main actor as soon as that runs, after the work already queued there. It never
/// runs its body off the main actor. An action dispatched from another thread belongs to
/// the main actor from then on: do not change it afterwards (actions are structs and
/// enums, which are copied, so this only concerns an action that is a class).
public struct Dispatch: Sendable {
    @usableFromInline let body: @MainActor (any Action) -> Void

    /// Creates a dispatch function from a closure that runs on the main actor.
    ///
    /// - Parameter body: What dispatching an action does, usually a store's `dispatch`.
    public init(_ body: @escaping @MainActor (any Action) -> Void) {
        self.body = body
    }

    /// Sends `action`: at once on the main actor, else by a hop to it.
    ///
    /// - Parameter action: The action to dispatch.
    /// - Complexity: O(1) plus what the body does; off the main actor the body runs later.
    @inlinable
    public func callAsFunction(_ action: any Action) {
        if MainQueueDetection.isOnMainQueue {
            // On the main thread already: the action never leaves it.
            let action = HandOff(action)
            MainActor.assumeIsolated { body(action.take()) }
        } else {
            hopToMainActor(action)
        }
    }

    /// Dispatches `action` on the main queue, which is the main actor's executor, in the
    /// order of the calls from one thread.
    @usableFromInline
    func hopToMainActor(_ action: any Action) {
        let body = self.body
        let action = HandOff(action)  // the caller gives it up: the rule in the type's doc
        DispatchQueue.main.async {
            MainActor.assumeIsolated { body(action.take()) }
        }
    }
}

/// A function that sends an action into a store: ReSwift's and ReRxSwift's shape of it.
///
/// ReRxSwift's `mapDispatchToActions` closures take one, and a connection accepts them as
/// written:
///
/// ```swift
/// private let mapDispatchToActions = { (dispatch: @escaping DispatchFunction) in
///     MyViewController.Actions(updatedText: { dispatch(SetContent(newContent: $0)) })
/// }
/// ```
///
/// The function a connection hands over calls a ``Dispatch``: on the main actor it
/// dispatches at once, from another thread it hops to the main actor.
public typealias DispatchFunction = (any Action) -> Void
