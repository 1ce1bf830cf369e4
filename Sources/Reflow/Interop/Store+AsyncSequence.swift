import ReflowCore

extension Store {
    /// The value at `keyPath` as an async sequence: the current value, then each change.
    ///
    /// The sequence ends when the consuming task is cancelled or the store is released.
    ///
    /// ```swift
    /// for await count in store.values(\.count) {
    ///     print("count is", count)
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The value to watch.
    /// - Returns: A stream of the current value, then each change; it ends when the task
    ///   that iterates it is cancelled or the store is released.
    public func values<Value: Equatable & Sendable>(_ keyPath: KeyPath<State, Value>) -> AsyncStream<Value> {
        observers.stream(current: state, select: KeyPathAccess.reader(keyPath), isDuplicate: { $0 == $1 },
                         label: ObserverLabel(kind: "stream") { String(describing: keyPath) }, made: didMake)
    }

    /// A selected value as an async sequence: the current value, then each change.
    ///
    /// - Parameter select: Picks the value to watch from the state.
    /// - Returns: A stream of the current value, then each change.
    public func values<Value: Equatable & Sendable>(of select: @escaping (State) -> Value) -> AsyncStream<Value> {
        observers.stream(current: state, select: select, isDuplicate: { $0 == $1 },
                         label: ObserverLabel(kind: "stream") { "closure" }, made: didMake)
    }
}

extension Connection {
    /// The prop at `keyPath` as an async sequence: the current value, then each change.
    ///
    /// The sequence ends when the consuming task is cancelled or the connection is released.
    ///
    /// ```swift
    /// for await title in connection.values(\.title) { print(title) }
    /// ```
    ///
    /// - Parameter keyPath: The prop to watch.
    /// - Returns: A stream of the current value, then each change.
    public func values<Value: Equatable & Sendable>(_ keyPath: KeyPath<Props, Value>) -> AsyncStream<Value> {
        cell.stream(current: props, select: KeyPathAccess.reader(keyPath), isDuplicate: { $0 == $1 },
                    label: ObserverLabel(kind: "stream") { KeyPathLabel.relative(keyPath) })
    }
}
