/// The state changes that are not one dispatched action: a batch of actions, notified
/// once, and a jump to a given state (time travel). Both end where a dispatch ends, in
/// `notifyAndDrain`.
extension DispatchLoop {
    /// Runs `body`, in which many actions are dispatched, then notifies once.
    func batch(_ body: () -> Void) {
        let step = loopState.beginBatch()
        body()
        if loopState.endBatch(step) { notifyAndDrain() }
    }

    /// Replaces the state from outside any reduction (time travel) and notifies as a
    /// reduction that wrote all of it would: no key path is skipped.
    func replaceState(_ state: State) {
        guard loopState.reducingActionType == nil && !loopState.isNotifying else {
            fatalError("""
            Reflow: time travel was asked for while the store was reducing or notifying; \
            jump from outside reducers and subscribers (a button's action, a test).
            """)
        }
        storage = state
        if loopState.stages.contains(.footprints) { writes.footprint = .whole }
        stateDidChange()
    }
}
