/// Work that features do at Reflow operations that are not on a hot path: making a store,
/// a connection or a store subscription, and counting subscriptions. Dispatch and
/// notification never run it.
///
/// A feature registers its work once (reactors: stopping the cores of released reactors);
/// the core calls ``run()`` without knowing what is registered.
@MainActor
package enum Housekeeping {
    // Process-wide, on the main actor: what it runs is (a standalone reactor belongs to no
    // store, so its release is noticed wherever Reflow next makes something). Never read
    // by dispatch or notification.
    private static var tasks: [ObjectIdentifier: @MainActor () -> Void] = [:]

    /// Registers `task` under `owner`'s type; registering the same owner again replaces it.
    package static func register(_ owner: Any.Type, _ task: @escaping @MainActor () -> Void) {
        tasks[ObjectIdentifier(owner)] = task
    }

    /// Runs every registered task.
    ///
    /// - Complexity: O(1) when nothing is registered; otherwise the tasks' own.
    package static func run() {
        guard !tasks.isEmpty else { return }
        for task in tasks.values { task() }
    }
}
