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
public struct Dispatch: Sendable {
    @usableFromInline let body: @MainActor (any Action) -> Void

    /// Creates a dispatch function from a closure that runs on the main actor.
    ///
    /// - Parameter body: What dispatching an action does, usually a store's `dispatch`.
    public init(_ body: @escaping @MainActor (any Action) -> Void) {
        self.body = body
    }

    /// Sends `action`.
    ///
    /// - Parameter action: The action to dispatch.
    @MainActor @inlinable
    public func callAsFunction(_ action: any Action) {
        body(action)
    }
}
