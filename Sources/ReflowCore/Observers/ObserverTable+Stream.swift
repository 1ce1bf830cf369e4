extension ObserverTable {
    /// A stream of a value selected from this table's source: the current value first,
    /// then each change. It ends when the consuming task is cancelled or the source is
    /// released.
    ///
    /// - Parameters:
    ///   - label: What a ``NotificationWatcher`` calls the stream's observer.
    ///   - made: Told of the stream's observer once it is in the table (a store announces
    ///     it to its watcher: ``Store/didMake(_:)``).
    package func stream<Selected: Sendable>(current: Value, select: @escaping (Value) -> Selected,
                                            isDuplicate: @escaping (Selected, Selected) -> Bool,
                                            label: ObserverLabel,
                                            made: (Observer<Value>) -> Void = { _ in }) -> AsyncStream<Selected> {
        let (stream, continuation) = AsyncStream<Selected>.makeStream()
        let initial = select(current)
        let observer = SelectingObserver<Value>.make(
            initial: initial, select: select, isDuplicate: isDuplicate,
            onChange: { continuation.yield($0) },
            stream: StreamLink(finish: { continuation.finish() }, label: label)
        )
        insert(observer)
        made(observer)
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
