/// Stops the program, with a message that says what to do, when a store, a connection or
/// a subscription is reached off the main thread.
///
/// Swift 6 code cannot get there: the types are `@MainActor`. Swift 5 code can (a framework
/// delegate called on a background queue that calls a main-actor screen), and the state
/// would be read and written from two threads at once, silently. Checked where it is cheap
/// (making connections and subscriptions, connecting, the dispatch loop's slow path),
/// never on the dispatch fast path.
// Usable from inlinable code: the dispatch loop's slow path, inlined for the caller's state type
// (benchmark S1, R1h), calls it; its body stays out of line.
@usableFromInline
package enum MainThreadCheck {
    /// Stops the program unless the caller runs on the main queue (the main actor's executor).
    ///
    /// - Parameter what: The API that was called, for the message.
    @usableFromInline
    package static func require(_ what: @autoclosure () -> String) {
        guard !MainQueueDetection.isOnMainQueue else { return }
        offMainThread(what())
    }

    /// Stops the program with the message for `what`, called off the main thread.
    static func offMainThread(_ what: String) -> Never {
        fatalError("""
            Reflow: \(what) was called off the main thread. A store, its connections and \
            subscriptions live on the main actor. Hop there first: \
            `DispatchQueue.main.async { ... }` or `await MainActor.run { ... }`, or send \
            actions through a `Dispatch` (`mapDispatchToActions`), which hops by itself.
            """)
    }
}
