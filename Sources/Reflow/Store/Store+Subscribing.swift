extension Store {
    /// Observes a value selected from the state.
    ///
    /// `onChange` is called at once with the current value, then after each dispatch whose
    /// new state selects a value that differs (`!=`) from the last one this subscriber got.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.todos.filter(\.isDone).count }) { done in
    ///     print("\(done) done")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: A pure function of the state; runs once per notification.
    ///   - onChange: Receives the new value.
    /// - Returns: The subscription; updates stop when it is cancelled or released.
    /// - Complexity: O(1) to subscribe and to cancel.
    // The same body as `subscribe(_:isDuplicate:_:)` with `==` written inline: passed as a
    // closure it costs an indirect call per notification (about 7% of S2).
    @inlinable
    public func subscribe<Value: Equatable>(_ select: @escaping (State) -> Value,
                                            _ onChange: @escaping (Value) -> Void) -> Subscription {
        let initial = select(state)
        let memory = LastValue(initial)
        return attach(ClosureObserver<State> { state in
            let value = select(state)
            if value == memory.value { return }
            memory.value = value
            onChange(value)
        }, initial: initial, onChange: onChange)
    }

    /// Observes a value at a key path of the state.
    ///
    /// `onChange` is called at once with the current value, then only when it changes.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.user.name) { name in title = name }
    /// ```
    ///
    /// - Complexity: O(1) to subscribe and to cancel.
    @inlinable
    public func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>,
                                            _ onChange: @escaping (Value) -> Void) -> Subscription {
        subscribe({ $0[keyPath: keyPath] }, onChange)
    }

    /// Observes a selected value with your own test for "unchanged".
    ///
    /// Use it for values that are not `Equatable` (tuples, reference types), for a cheaper
    /// comparison, or to receive every state: pass `isDuplicate: { _, _ in false }`.
    ///
    /// ```swift
    /// store.subscribe({ ($0.page, $0.query) }, isDuplicate: ==) { page, query in ... }
    /// ```
    // Inlinable so that the comparison closure is built, and specialized for State and
    // Value, in the caller's module: unspecialized, each notification pays generic
    // value-witness calls (benchmark S2/S3).
    @inlinable
    public func subscribe<Value>(_ select: @escaping (State) -> Value,
                                 isDuplicate: @escaping (Value, Value) -> Bool,
                                 _ onChange: @escaping (Value) -> Void) -> Subscription {
        let initial = select(state)
        let memory = LastValue(initial)
        return attach(ClosureObserver<State> { state in
            let value = select(state)
            if isDuplicate(memory.value, value) { return }
            memory.value = value
            onChange(value)
        }, initial: initial, onChange: onChange)
    }

    /// The number of live subscriptions (connections count one each).
    ///
    /// - Complexity: O(*s*); meant for diagnostics and tests.
    public var subscriptionCount: Int { observers.liveCount }

    @usableFromInline
    func attach<Value>(_ observer: StateObserver<State>, initial: Value,
                               onChange: (Value) -> Void) -> Subscription {
        observers.insert(observer)
        let subscription = Subscription(target: observer)
        onChange(initial)
        return subscription
    }
}
