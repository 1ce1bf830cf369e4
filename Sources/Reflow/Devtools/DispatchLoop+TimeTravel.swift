extension DispatchLoop {
    /// Replaces the state, as time travel does, and notifies every observer as a dispatch
    /// would: subscriptions, connections and hosted reactors see the new state; no
    /// reducer, middleware or effect runs.
    func replaceState(_ state: State) {
        guard flags.reducingActionType == nil && !observers.isNotifying else {
            fatalError("""
            Reflow: time travel was asked for while the store was reducing or notifying; \
            jump from outside reducers and subscribers (a button's action, a test).
            """)
        }
        storage = state
        // Anything may have changed: no key path can be skipped.
        if flags.stages.contains(.footprints) { writes.footprint = .whole }
        if flags.batchDepth > 0 {
            batchChangedState = true
        } else {
            notifyAndDrain()
        }
    }
}
