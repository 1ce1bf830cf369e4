import ReflowCore

extension Signal {
    /// Skips values equal to the previous value delivered to the same subscriber.
    ///
    /// - Parameter isEqual: Whether two values count as the same.
    /// - Returns: A signal without consecutive repeats.
    @inlinable
    public func distinctUntilChanged(by isEqual: @escaping (Value, Value) -> Bool) -> Signal {
        Signal { observer in
            let last = LastValue<Value?>(nil)
            return self.subscribe { value in
                if last.keepIfChanged(value, isEqual: isEqual) { observer(value) }
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
            let last = LastValue<Value?>(nil)
            return self.subscribe { value in
                if last.keepIfChanged(value) { observer(value) }
            }
        }
    }
}
