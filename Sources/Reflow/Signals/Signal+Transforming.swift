// The operators are inlinable so that their closures are specialized for the caller's
// value types; unspecialized, each value pays generic metadata lookups (benchmark R2).
extension Signal {
    /// Transforms each value.
    ///
    /// - Parameter transform: Called with each value.
    /// - Returns: A signal of the transformed values.
    @inlinable
    public func map<T>(_ transform: @escaping (Value) -> T) -> Signal<T> {
        Signal<T> { observer in self.subscribe { observer(transform($0)) } }
    }

    /// Delivers only the values for which `isIncluded` returns `true`.
    ///
    /// - Parameter isIncluded: Whether to deliver a value.
    /// - Returns: A signal of the values `isIncluded` accepts.
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal {
        Signal { observer in self.subscribe { if isIncluded($0) { observer($0) } } }
    }

    /// Transforms each value and delivers the non-`nil` results.
    ///
    /// - Parameter transform: Called with each value; `nil` drops it.
    /// - Returns: A signal of the non-`nil` results.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Value) -> T?) -> Signal<T> {
        Signal<T> { observer in self.subscribe { if let value = transform($0) { observer(value) } } }
    }

    /// Delivers `value` to each subscriber first, then this signal's values.
    ///
    /// Use it to seed a stream with a current value: `changes.seeded(with: current)`.
    ///
    /// - Parameter value: Delivered to each subscriber first.
    /// - Returns: A signal that starts with `value`, then this signal's values.
    public func seeded(with value: Value) -> Signal {
        Signal { observer in
            observer(value)
            return self.subscribe(observer)
        }
    }
}
