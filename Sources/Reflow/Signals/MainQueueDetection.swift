import Dispatch

/// Tells, from a nonisolated context (a deinit), whether code runs on the main queue,
/// which is the main actor's executor on Apple platforms and on Linux alike.
///
/// `Thread.isMainThread` is not enough: a process that calls `dispatchMain()` (test
/// runners do) drains the main queue on a worker thread.
enum MainQueueDetection {
    private static let key = DispatchSpecificKey<Bool>()
    @MainActor private static var isInstalled = false

    /// Marks the main queue; call from the main actor before relying on `isOnMainQueue`.
    @MainActor
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        DispatchQueue.main.setSpecific(key: key, value: true)
    }

    static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: key) ?? false
    }
}
