extension Store {
    /// A subscription made while the store's history traces: it is named, and its
    /// selection and deliveries are recorded in the trace of each dispatch. It selects
    /// through a closure, so a traced key-path subscription is evaluated on every
    /// dispatch (untraced, one whose slice no reducer can write is skipped). It keeps the
    /// tracer, which records nothing once tracing stops.
    @usableFromInline
    func tracedSubscribe<Value>(label: String, select: @escaping (State) -> Value,
                                isDuplicate: @escaping (Value, Value) -> Bool,
                                onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        guard let tracer = loop.tracer else { preconditionFailure("Store.tracedSubscribe: called while not tracing") }
        let name = "subscription \(tracer.nextOrdinal()) (\(label))"
        let group = selectionGroup(of: Value.self, usesCustomEquality: true, pass: SelectionGroup<State, Value>.comparingCustom)
        return group.subscribe({ state in
            tracer.evaluated(name)
            return select(state)
        }, initial: select(state), isDuplicate: isDuplicate, onChange: { value in
            tracer.fired(name)
            onChange(value)
        })
    }
}
