/// Told, observer by observer, what a store's notification does: which observers computed
/// their selection and which delivered. The devtools' update trace is one.
///
/// A dispatch loop with a watcher announces it in ``NotificationWatch/current`` for the
/// length of its notification, and every observer reports to whatever is announced. So a
/// watched notification runs the same path as one that is not (the same groups, the same
/// skipping of slices no reducer wrote), and observers made before the watcher was set are
/// reported like the others. Observers are identified by their objects; the watcher names
/// them.
@MainActor @usableFromInline
package protocol NotificationWatcher: AnyObject {
    /// An observer was made while this watcher was set: name it now, so that names follow
    /// the order observers were made in.
    func observerMade(_ observer: AnyObject, _ label: ObserverLabel)
    /// `observer` computed its selection (or a connection its props).
    func evaluated(_ observer: AnyObject, _ label: ObserverLabel)
    /// `observer` delivered a new value.
    func fired(_ observer: AnyObject, _ label: ObserverLabel)
    /// A connection's props are being delivered to its bindings; `cell` is its
    /// ``PropsCell``. Balanced by ``didDeliverProps()``; deliveries can nest.
    func willDeliverProps(of cell: AnyObject, _ label: ObserverLabel)
    func didDeliverProps()
    /// A binding of the connection whose props are being delivered fired.
    func bindingFired(_ keyPath: AnyKeyPath)
}

/// What an observer watches, for the name a ``NotificationWatcher`` gives it; the detail is
/// made only when a watcher asks.
@usableFromInline
package struct ObserverLabel {
    package enum Kind {
        case subscription
        case connection
    }

    package let kind: Kind
    package let detail: () -> String

    /// A store subscription, described by what it selects (a key path, "closure").
    package static func subscription(_ detail: @escaping @autoclosure () -> String) -> ObserverLabel {
        ObserverLabel(kind: .subscription, detail: detail)
    }

    /// A connection, described by its props' type.
    package static func connection<Props>(_: Props.Type) -> ObserverLabel {
        ObserverLabel(kind: .connection, detail: { String(describing: Props.self) })
    }
}

/// The watcher of the notification in progress, if its store has one.
@MainActor @usableFromInline
package enum NotificationWatch {
    /// Set by a watched dispatch loop while it notifies, and restored after; `nil` inside
    /// the notification of a store without a watcher, even one nested in a watched one.
    // Process-wide, on the main actor, and only ever set for the length of one store's
    // notification: a connection's bindings and a hosted reactor's slice observer are
    // told of a watch from here, because nothing they are called with names their store.
    @usableFromInline package static var current: (any NotificationWatcher)?
}

/// Whether a group's pass reports to a watcher. Each pass is written once, generic over
/// it, and specialized twice: with ``Unwatched`` every report compiles away (the pass
/// nobody watches costs nothing more), with ``Watched`` each member reports.
@MainActor @usableFromInline
package protocol PassWatching {
    var watcher: (any NotificationWatcher)? { get }
}

/// A pass nobody watches.
@usableFromInline
package struct Unwatched: PassWatching {
    @inlinable package init() {}
    @inlinable package var watcher: (any NotificationWatcher)? { nil }
}

/// A pass whose members report to `watcher`.
@usableFromInline
package struct Watched: PassWatching {
    @usableFromInline package let watcher: (any NotificationWatcher)?

    @inlinable package init(_ watcher: any NotificationWatcher) {
        self.watcher = watcher
    }
}
