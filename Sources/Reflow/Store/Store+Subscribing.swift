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
    // Inlinable so the pass, and the comparison in it, are specialized for State and Value
    // in the caller's module; unspecialized, each subscriber pays generic value-witness
    // calls (benchmarks S2 and S3).
    @inlinable
    public func subscribe<Value: Equatable>(_ select: @escaping (State) -> Value,
                                            _ onChange: @escaping (Value) -> Void) -> Subscription {
        let run = selectionRun(of: Value.self, usesCustomEquality: false) { run, state in
            run.beginPass()
            // Snapshots: closures called from a local array need no retain/release.
            let selects = run.selects
            let onChanges = run.onChanges
            for index in selects.indices where run.isLive[index] {
                let value = selects[index](state)
                if value == run.lastValues[index].unsafelyUnwrapped { continue }
                run.lastValues[index] = value
                onChanges[index](value)
            }
            run.endPass()
        }
        return run.subscribe(select, initial: select(state), isDuplicate: nil, onChange: onChange)
    }

    /// Observes a value at a key path of the state.
    ///
    /// `onChange` is called at once with the current value, then only when it changes.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.user.name) { name in title = name }
    /// ```
    ///
    /// Subscriptions made one after another to the same key path share its work: the key
    /// path is projected, and its value compared, once per dispatch for all of them.
    ///
    /// - Complexity: O(1) to subscribe and to cancel.
    @inlinable
    public func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>,
                                            _ onChange: @escaping (Value) -> Void) -> Subscription {
        let initial = state[keyPath: keyPath]
        let run = keyPathRun(of: Value.self) { run, state in
            run.refresh(from: state)
            run.members.forEachMember(as: KeyPathMember<State, Value>.self) { member in
                let selector = member.selector
                if member.isInSync {
                    if !run.changed[selector] { return }
                } else {
                    member.isInSync = true
                    if run.lastValues[selector].unsafelyUnwrapped == member.lastValue { return }
                }
                member.lastValue = run.lastValues[selector].unsafelyUnwrapped
                member.onChange(member.lastValue)
            }
        }
        return subscribe(keyPath, in: run, initial: initial, onChange: onChange)
    }

    /// Observes a selected value with your own test for "unchanged".
    ///
    /// Use it for values that are not `Equatable` (tuples, reference types), for a cheaper
    /// comparison, or to receive every state: pass `isDuplicate: { _, _ in false }`.
    ///
    /// ```swift
    /// store.subscribe({ ($0.page, $0.query) }, isDuplicate: ==) { page, query in ... }
    /// ```
    // Inlinable for the same reason as the `Equatable` variant.
    @inlinable
    public func subscribe<Value>(_ select: @escaping (State) -> Value,
                                 isDuplicate: @escaping (Value, Value) -> Bool,
                                 _ onChange: @escaping (Value) -> Void) -> Subscription {
        let run = selectionRun(of: Value.self, usesCustomEquality: true) { run, state in
            run.beginPass()
            let selects = run.selects
            let onChanges = run.onChanges
            let isDuplicates = run.isDuplicates
            for index in selects.indices where run.isLive[index] {
                let value = selects[index](state)
                if isDuplicates[index](run.lastValues[index].unsafelyUnwrapped, value) { continue }
                run.lastValues[index] = value
                onChanges[index](value)
            }
            run.endPass()
        }
        return run.subscribe(select, initial: select(state), isDuplicate: isDuplicate, onChange: onChange)
    }

    /// The number of live subscriptions (connections count one each).
    ///
    /// - Complexity: O(*s*); meant for diagnostics and tests.
    public var subscriptionCount: Int { observers.subscriptionCount }

    /// The newest run if it is a key-path run of `Value`, else a new run at the end.
    @usableFromInline
    func keyPathRun<Value: Equatable>(of _: Value.Type,
                                      pass: @escaping KeyPathRun<State, Value>.Pass) -> KeyPathRun<State, Value> {
        if let newest = observers.newest as? KeyPathRun<State, Value> { return newest }
        let run = KeyPathRun<State, Value>(pass: pass)
        observers.insert(run)
        return run
    }

    /// Adds a key-path subscription to `run`; a stored path turns on footprint tracking,
    /// which lets later notifications skip it when no reducer could write it.
    @usableFromInline
    func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>, in run: KeyPathRun<State, Value>,
                                     initial: Value, onChange: @escaping (Value) -> Void) -> Subscription {
        if Footprint.bytes(of: keyPath) != nil { trackFootprints() }
        return run.subscribe(keyPath, initial: initial, onChange: onChange)
    }

    /// The newest run if it selects `Value` the same way, else a new run at the end.
    @usableFromInline
    func selectionRun<Value>(of _: Value.Type, usesCustomEquality: Bool,
                             pass: @escaping SelectionRun<State, Value>.Pass) -> SelectionRun<State, Value> {
        if let newest = observers.newest as? SelectionRun<State, Value>, newest.usesCustomEquality == usesCustomEquality {
            return newest
        }
        let run = SelectionRun(usesCustomEquality: usesCustomEquality, pass: pass)
        observers.insert(run)
        return run
    }
}
