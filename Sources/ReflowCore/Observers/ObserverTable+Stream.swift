extension ObserverTable {
    /// A stream of a value selected from this table's source: the current value first,
    /// then each change. It ends when the consuming task is cancelled or the source is
    /// released.
    package func stream<Selected: Sendable>(current: Value, select: @escaping (Value) -> Selected,
                                    isDuplicate: @escaping (Selected, Selected) -> Bool) -> AsyncStream<Selected> {
        let (stream, continuation) = AsyncStream<Selected>.makeStream()
        let initial = select(current)
        let observer = SelectingObserver<Value>.make(
            initial: initial, select: select, isDuplicate: isDuplicate,
            onChange: { continuation.yield($0) },
            onSourceEnd: { continuation.finish() }
        )
        insert(observer)
        continuation.onTermination = { [weak observer] _ in
            // Ended on the main actor (a task on it was cancelled): end now, so that no
            // subscription is left when `cancel()` returns; elsewhere, as soon as it runs.
            if MainQueueDetection.isOnMainQueue {
                MainActor.assumeIsolated { observer?.endSubscription() }
            } else {
                Task { @MainActor in observer?.endSubscription() }
            }
        }
        continuation.yield(initial)
        return stream
    }
}
