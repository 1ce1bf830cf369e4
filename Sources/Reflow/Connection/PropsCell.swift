import ReflowCore

/// A connection's props and the bindings told of them: the table of its bindings, with
/// the props beside them in one object (benchmark S5: a connection's memory).
///
/// A connection that is a member of one of its store's groups *is* its cell
/// (``ConnectionMember`` inherits from it), so the group's delivery sets the props and
/// tells the bindings without reaching the connection through a weak reference: loading
/// a weak reference and releasing what it gave cost more than the rest of a delivery
/// (benchmark S7, all readers). The cell holds neither the connection nor the store.
@MainActor @usableFromInline
class PropsCell<Props>: ObserverTable<Props> {
    // Unchecked exclusivity: main-actor only, and no access spans a call out (`deliver`
    // finishes the write before it tells the bindings, which may read or set the props
    // again: ConnectionReentrancyTests), so the checks guard nothing. Read per member
    // per pass (benchmark S7).
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline final var props: Props
    #else
    @safe @exclusivity(unchecked) @usableFromInline final var props: Props
    #endif

    init(props: Props) {
        self.props = props
        super.init()
    }

    /// Sets the props and tells the bindings.
    ///
    /// - Complexity: O(*b*) in the bindings.
    @inlinable
    final func deliver(_ props: Props) {
        self.props = props
        send(props)
    }

    /// Sets the props and tells the bindings, in a pass that `watch` says is watched or not.
    @inlinable @inline(__always)
    final func deliver<Watch: PassWatching>(_ props: Props, _ watch: Watch) {
        if let watcher = watch.watcher {
            deliver(props, watchedBy: watcher)
        } else {
            deliver(props)
        }
    }

    /// Tells the bindings during a watched notification: the watcher learns whose
    /// bindings fire.
    @usableFromInline
    final func deliver(_ props: Props, watchedBy watcher: any NotificationWatcher) {
        self.props = props
        watcher.willNotifyObservers(of: self, .connection(Props.self))
        send(props, watchedBy: watcher)
        watcher.didNotifyObservers()
    }
}

extension ObserverLabel {
    /// A connection, described by its props' type.
    static func connection<Props>(_: Props.Type) -> ObserverLabel {
        ObserverLabel(kind: "Connection", detail: { String(describing: Props.self) })
    }
}
