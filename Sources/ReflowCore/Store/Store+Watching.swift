/// What a tool that watches a store may do to it, and the one way a new observer is
/// announced to the store's watcher. The loop's fields behind these are set only here:
/// features call these operations, never the loop.
extension Store {
    /// Whether a reduction observer is set (a recording tool is attached).
    package var hasReductionObserver: Bool { loop.reductionObserver != nil }

    /// Tells `observer` of each action right after it is reduced, with the state it
    /// produced, before anyone is notified; `nil` stops it. A store has one at a time.
    package func setReductionObserver(_ observer: ((any Action, State) -> Void)?) {
        loop.reductionObserver = observer
    }

    /// Hands `watcher` every notification from now on (``NotificationWatcher``); `nil`
    /// stops it. Observers made before it are reported like the others.
    package func setNotificationWatcher(_ watcher: (any NotificationWatcher)?) {
        loop.watcher = watcher
    }

    /// Puts `state` in place from outside any reduction (time travel) and notifies as a
    /// reduction that wrote all of it would. No reducer, middleware or effect runs.
    package func replaceState(_ state: State) {
        loop.replaceState(state)
    }

    /// The store's own reducer: what reduces a recorded action again, and names its handlers.
    package var reducer: Reducer<State> { loop.reducer }

    /// The owned reducers of the store's hosted reactors, by owner.
    package var ownedReducers: [ObjectIdentifier: Reducer<State>] { loop.ownedReducers }

    /// Names a new observer for the store's watcher, if it has one, so that names follow
    /// the order observers were made in. The label is made only when there is a watcher.
    ///
    /// - Parameters:
    ///   - observer: The object that will be reported as evaluated and fired.
    ///   - label: What it watches.
    @usableFromInline
    package func announce(_ observer: AnyObject, _ label: @autoclosure () -> ObserverLabel) {
        if let watcher = loop.watcher { watcher.observerMade(observer, label()) }
    }
}
