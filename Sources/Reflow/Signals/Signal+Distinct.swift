extension Signal {
    /// Skips values equal to the previous value delivered to the same subscriber.
    ///
    /// - Parameter isEqual: Whether two values count as the same.
    /// - Returns: A signal without consecutive repeats.
    @inlinable
    public func distinctUntilChanged(by isEqual: @escaping (Value, Value) -> Bool) -> Signal {
        Signal { observer in
            let last = LastDelivered<Value>()
            return self.subscribe { value in
                if let previous = last.value, isEqual(previous, value) { return }
                last.value = value
                observer(value)
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// Skips values equal (`==`) to the previous value delivered to the same subscriber.
    ///
    /// - Returns: A signal without consecutive repeats.
    // Written out rather than forwarding to `distinctUntilChanged(by: ==)`: one indirect
    // call less per value.
    @inlinable
    public func distinctUntilChanged() -> Signal {
        Signal { observer in
            let last = LastDelivered<Value>()
            return self.subscribe { value in
                if let previous = last.value, previous == value { return }
                last.value = value
                observer(value)
            }
        }
    }
}

/// The value a `distinctUntilChanged` subscription delivered last.
///
/// A class rather than a captured `var`: a captured variable is boxed and every access is
/// checked for exclusivity at run time, about a tenth of a hosted reactor's action
/// (benchmarks R2, R2h).
@usableFromInline
final class LastDelivered<Value> {
    // Unchecked: read and written only by its subscription's closure, on the main actor,
    // and each access ends before the closure calls its observer, so a value sent from
    // inside that observer (re-entrancy) cannot overlap one; SignalTests'
    // distinct_reentrantSend_deliversEachChangeOnce sends from inside the observer.
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @usableFromInline init() {}
}
