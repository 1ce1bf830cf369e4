/// Told, observer by observer, what a store's notification does: which observers computed
/// their selection and which delivered. The devtools' update trace is one.
///
/// A store with a watcher hands it down its notification: its observer table calls each
/// observer's ``Observer/notify(_:watchedBy:)``, a group hands it on to its pass, a
/// connection to the table of its bindings. Nothing process-wide is set, so a store
/// notified inside another's notification is watched by its own watcher, or by none. A
/// watched notification runs the same passes as one that is not (the same groups, the
/// same skipping of slices no reducer wrote), and observers made before the watcher was
/// set are reported like the others. Observers are identified by their objects; the
/// watcher names them.
///
/// Public, not package, only because the open ``Observer`` names it in an open method;
/// Reflow does not re-export it, so an app never sees it.
@MainActor
public protocol NotificationWatcher: AnyObject {
    /// An observer was made while this watcher was set: name it now, so that names follow
    /// the order observers were made in.
    func observerMade(_ observer: AnyObject, _ label: ObserverLabel)
    /// `observer` computed its selection (or a derived value, such as a connection's props).
    func evaluated(_ observer: AnyObject, _ label: ObserverLabel)
    /// `observer` delivered a new value.
    func fired(_ observer: AnyObject, _ label: ObserverLabel)
    /// `source` (an observer that fired, such as a connection) is telling observers of its
    /// own (its bindings). Balanced by ``didNotifyObservers()``; these can nest.
    func willNotifyObservers(of source: AnyObject, _ label: ObserverLabel)
    func didNotifyObservers()
    /// An observer of the source being told, watching `keyPath` of its value, fired.
    func observerFired(at keyPath: AnyKeyPath)
}

/// What an observer watches, for the name a ``NotificationWatcher`` gives it: its kind
/// ("subscription", or a feature's word) and a detail made only when a watcher asks.
/// Public for the same reason as ``NotificationWatcher``.
public struct ObserverLabel {
    package let kind: String
    package let detail: () -> String

    package init(kind: String, detail: @escaping () -> String) {
        self.kind = kind
        self.detail = detail
    }

    /// A store subscription, described by what it selects (a key path, "closure").
    package static func subscription(_ detail: @escaping @autoclosure () -> String) -> ObserverLabel {
        ObserverLabel(kind: "subscription", detail: detail)
    }
}

/// Whether a group's pass reports to a watcher. Each pass is written once, generic over
/// it, and specialized twice: with ``Unwatched`` every report compiles away (the pass
/// nobody watches costs nothing more), with ``Watched`` each member reports. The pass's
/// entry, made by ``passEntry(watched:unwatched:)``, picks one from the watcher it was
/// handed.
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

/// The entry of a group's pass, which the group calls with the watcher it was handed: it
/// runs the pass specialized as `watched` when there is a watcher, else as `unwatched`.
///
/// Every group's pass is entered through one of these, so the choice is written once:
///
/// ```swift
/// static var sharingProjections: Pass {
///     passEntry(watched: sharingProjections, unwatched: sharingProjections)
/// }
/// ```
///
/// - Parameters:
///   - watched: The pass, reporting each member to the watcher.
///   - unwatched: The same pass, reporting nothing.
/// - Complexity: O(1) besides the pass: one test and one call per notification of a group.
@MainActor @inlinable @inline(__always)
package func passEntry<Group, Source>(
    watched: @escaping (Group, Source, Watched) -> Void,
    unwatched: @escaping (Group, Source, Unwatched) -> Void
) -> (Group, Source, (any NotificationWatcher)?) -> Void {
    { group, source, watcher in
        if let watcher {
            watched(group, source, Watched(watcher))
        } else {
            unwatched(group, source, Unwatched())
        }
    }
}
