/// Carries a value that is not `Sendable` into `MainActor.assumeIsolated`, which runs its
/// closure at once on the calling thread, from a nonisolated initializer that has checked
/// it runs on the main queue.
///
/// Invariant: the value is read once, inside `assumeIsolated` on the thread that made the
/// box, and the caller does not touch it afterwards, so no two threads ever share it.
/// `StoreTests` make a store on the main thread and check its state; a store made off the
/// main thread stops before a box is made (`MainThreadCheck`).
struct SameThreadTransfer<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
