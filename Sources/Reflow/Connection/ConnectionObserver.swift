import ReflowCore

/// The store observer behind a connection that is not a group member (see
/// ``ConnectionMember``): one whose props are not `Equatable`. It recomputes props when
/// the state (or the declared slice) changed, while the connection is connected.
///
/// It is registered when the connection is created and stays in place, so connections
/// are notified in creation order; `connect()`/`disconnect()` only flip `isEnabled`.
@MainActor
final class ConnectionObserver<State, Props, Actions>: Observer<State> {
    weak var connection: Connection<State, Props, Actions>?
    var isEnabled = false
    /// Returns new props, or `nil` when the state the connection reads did not change.
    let propsIfChanged: (State) -> Props?
    /// Where the connection's declared slice lies in the state, if it is a stored property.
    let sliceBytes: Range<Int>?
    /// What the store's reductions wrote since its last notification.
    let writes: StateWrites

    init(propsIfChanged: @escaping (State) -> Props?, sliceBytes: Range<Int>?, writes: StateWrites) {
        self.propsIfChanged = propsIfChanged
        self.sliceBytes = sliceBytes
        self.writes = writes
    }

    override func notify(_ state: State) {
        guard isEnabled else { return }
        if let sliceBytes, !writes.footprint.mayTouch(sliceBytes) { return }
        guard let props = propsIfChanged(state) else { return }
        connection?.props = props
    }

    override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        guard isEnabled, let cell = connection?.cell else { return }
        if let sliceBytes, !writes.footprint.mayTouch(sliceBytes) { return }
        watcher.evaluated(cell, .connection(Props.self))
        guard let props = propsIfChanged(state) else { return }
        watcher.fired(cell, .connection(Props.self))
        cell.deliver(props, watchedBy: watcher)
    }
}
