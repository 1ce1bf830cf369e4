import ReflowCore

extension Signal where Value: Sendable {
    /// The signal's values as an async sequence.
    ///
    /// Subscribes when called; the subscription ends when the consuming task is cancelled
    /// or stops iterating, so nothing is left subscribed.
    ///
    /// ```swift
    /// for await state in reactor.state.values {
    ///     print(state.value)
    /// }
    /// ```
    ///
    /// - Returns: A stream of the values the signal delivers from now on (a reactor's
    ///   `state` delivers its current state first).
    public var values: AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream()
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in
            // Ended on the main actor (a task on it was cancelled): end now; elsewhere, as
            // soon as the main actor runs.
            if MainQueueDetection.isOnMainQueue {
                MainActor.assumeIsolated { subscription.cancel() }
            } else {
                Task { @MainActor in subscription.cancel() }
            }
        }
        return stream
    }
}

extension Reactor {
    /// The value at `keyPath` of the reactor's state as an async sequence: the current
    /// value, then each change.
    ///
    /// ```swift
    /// for await isLoading in reactor.values(\.isLoading) {
    ///     spinner.isAnimating = isLoading
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The value to watch.
    /// - Returns: A stream that ends when the consuming task is cancelled.
    public func values<Value: Equatable & Sendable>(_ keyPath: KeyPath<State, Value>) -> AsyncStream<Value> {
        state.map(KeyPathAccess.reader(keyPath)).distinctUntilChanged().values
    }
}
