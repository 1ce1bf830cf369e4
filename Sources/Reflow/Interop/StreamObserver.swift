/// Feeds selected values into an `AsyncStream` and finishes it when the source goes away.
@MainActor
final class StreamObserver<Source, Value: Sendable>: StateObserver<Source> {
    let select: (Source) -> Value
    let isDuplicate: (Value, Value) -> Bool
    let continuation: AsyncStream<Value>.Continuation
    var lastValue: Value

    init(initial: Value, select: @escaping (Source) -> Value, isDuplicate: @escaping (Value, Value) -> Bool,
         continuation: AsyncStream<Value>.Continuation) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.continuation = continuation
        self.lastValue = initial
    }

    override func notify(_ source: Source) {
        let value = select(source)
        if isDuplicate(lastValue, value) { return }
        lastValue = value
        continuation.yield(value)
    }

    nonisolated override func sourceDidEnd() {
        continuation.finish()
    }
}

extension ObserverTable {
    /// A stream of a value selected from this table's source: the current value first,
    /// then each change. It ends when the consuming task is cancelled or the source is
    /// released.
    func stream<Value: Sendable>(current: State, select: @escaping (State) -> Value,
                                 isDuplicate: @escaping (Value, Value) -> Bool) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream()
        let initial = select(current)
        let observer = StreamObserver(initial: initial, select: select, isDuplicate: isDuplicate, continuation: continuation)
        insert(observer)
        continuation.onTermination = { [weak observer] _ in
            Task { @MainActor in observer?.endSubscription() }
        }
        continuation.yield(initial)
        return stream
    }
}
