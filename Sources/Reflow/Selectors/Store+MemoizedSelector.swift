extension Store {
    /// Observes a selector's value: `onChange` gets it at once, then whenever it differs
    /// from the last value delivered.
    ///
    /// ```swift
    /// store.subscribe(visibleTodos) { rows = $0 }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: The selector; share one between subscriptions and connections so it
    ///     derives once per change.
    ///   - onChange: Called with the current value at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    public func subscribe<Value: Equatable>(_ selector: MemoizedSelector<State, Value>,
                                            _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        subscribe({ selector($0) }, onChange)
    }
}
