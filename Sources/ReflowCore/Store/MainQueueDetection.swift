import Dispatch

/// Tells, from a nonisolated context (a deinit, a `Dispatch` called from Swift 5 code),
/// whether code runs on the main queue, which is the main actor's executor on Apple
/// platforms and on Linux alike.
///
/// `Thread.isMainThread` is not enough: a process that calls `dispatchMain()` (test
/// runners do) drains the main queue on a worker thread.
/// `package`: ReflowReSwift uses it to run ReSwift's API, callable from any thread, on the
/// main actor.
@usableFromInline
package enum MainQueueDetection {
    /// The main queue's marker, set on first use from whichever thread (setting a queue's
    /// specific value is thread-safe; a static's initializer runs once).
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    @usableFromInline
    package static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
