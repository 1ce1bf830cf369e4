/// A value that is not `Sendable`, handed from another thread to the main actor by a caller
/// that gives it up: an action a background queue dispatches through a ``Dispatch`` or a
/// ReSwift store.
///
/// Swift cannot check this hand-off: `Dispatch` is called from main-actor code that keeps
/// using the action after passing it on (middleware's `next(action)`), so its parameter
/// cannot be `sending`. The invariant is the documented rule of dispatching from another
/// thread: the caller does not change the action after dispatching it. Actions are values
/// (structs and enums, copied), so the rule holds unless an action is a class the caller
/// mutates later. The value is read once, on the main actor (``take()``), and never again
/// off it. `NonSendableActionTests` hands an action that holds a class over from a thread;
/// under `REFLOW_INTERNAL_CHECKS`, ``take()`` checks that it runs on the main queue. Not
/// for speed (it costs nothing: a struct of one field): Swift has no checked form of this
/// hand-off for a parameter its caller keeps using.
@usableFromInline
package struct HandOff<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable
    package init(_ value: Value) {
        self.value = value
    }

    /// The value, on the main actor, where it is used from now on.
    @MainActor @inlinable
    package func take() -> Value {
        #if REFLOW_INTERNAL_CHECKS
        precondition(MainQueueDetection.isOnMainQueue, "HandOff: a handed-over value was taken off the main queue")
        #endif
        return value
    }
}
