import ReflowCore

/// A reactor for each screen of a ``ScreenStack``, hosted as a slice of the store at its
/// screen's state: made when the screen is pushed, stopped (its effects cancelled) and
/// released when the screen leaves the stack. Made by ``Store/hostReactors(for:make:)``.
///
/// Views find a screen's reactor by the screen's identity (``subscript(_:)``), and hold
/// it no longer than the screen is shown. Releasing this object stops hosting them all.
@MainActor
public final class ScreenReactors<R: Reactor> {
    private let hosted: HostedScreenReactors<R>
    private var subscription: SubscriptionHandle?

    init(stopHosting: @escaping @MainActor (R) -> Void) {
        hosted = HostedScreenReactors(stopHosting: stopHosting)
    }

    /// The reactor of the screen with identity `id`, while the screen is on the stack.
    ///
    /// - Parameter id: The screen's identity.
    public subscript(_ id: ScreenID) -> R? { hosted.reactors[id] }

    /// The number of reactors hosted: one for each screen on the stack.
    public var count: Int { hosted.reactors.count }

    func follow(_ ids: [ScreenID], host: (ScreenID) -> R) {
        hosted.follow(ids, host: host)
    }

    func keep(_ subscription: SubscriptionHandle) {
        self.subscription = subscription
    }

    deinit {
        // Stops hosting on the main actor, where the store runs: at once on the main queue,
        // else as soon as the main actor runs (as a connection leaves its group).
        let hosted = hosted
        if MainQueueDetection.isOnMainQueue {
            MainActor.assumeIsolated { hosted.stopAll() }
        } else {
            Task { @MainActor in hosted.stopAll() }
        }
    }
}

/// The reactors of a ``ScreenReactors``, by screen.
@MainActor
final class HostedScreenReactors<R: Reactor> {
    private(set) var reactors: [ScreenID: R] = [:]
    private let stopHosting: @MainActor (R) -> Void

    init(stopHosting: @escaping @MainActor (R) -> Void) {
        self.stopHosting = stopHosting
    }

    /// Hosts a reactor for each identity of `ids` that has none, and stops those whose
    /// screen left.
    func follow(_ ids: [ScreenID], host: (ScreenID) -> R) {
        let shown = Set(ids)
        for (id, reactor) in reactors where !shown.contains(id) {
            reactors[id] = nil
            stopHosting(reactor)
        }
        for id in ids where reactors[id] == nil {
            reactors[id] = host(id)
        }
    }

    func stopAll() {
        let all = reactors.values
        reactors = [:]
        for reactor in all { stopHosting(reactor) }
    }
}

extension Store {
    /// Hosts a reactor for each screen of the stack at `stack`, at its screen's state: made
    /// by `make` when the screen is pushed (and for the screens there now), stopped when
    /// the screen leaves, its effects cancelled.
    ///
    /// ```swift
    /// let details = store.hostReactors(for: \.details) { _ in DetailsReactor() }
    /// store.dispatch(NavigationAction.push(DetailsReactor.State(repository: "apple/swift")))
    /// let top = store.state.details.ids.last.flatMap { details[$0] }   // its reactor
    /// ```
    ///
    /// - Parameters:
    ///   - stack: Where the stack of the reactors' states lives in the state.
    ///   - make: Makes the reactor of a new screen.
    /// - Returns: The reactors, by screen; keep it for as long as they should be hosted.
    public func hostReactors<R: Reactor>(for stack: WritableKeyPath<State, ScreenStack<R.State>>,
                                         make: @escaping @MainActor (ScreenID) -> R) -> ScreenReactors<R> where R.State: Equatable {
        // Holds the store, as a connection does (a weak reference would move the store's
        // reference counts to a side table, on every dispatch's path).
        let reactors = ScreenReactors<R>(stopHosting: { reactor in self.stopHosting(reactor) })
        let host: (ScreenID) -> R = { [unowned self] id in
            let reactor = make(id)
            // The screen's state, or, once it left and until its reactor is stopped in the
            // same notification, the state it had last.
            let slice = stack.appending(path: \ScreenStack<R.State>.[hosted: id, lastSeen: LastSeenScreen(state[keyPath: stack][id: id]!)])
            self.host(reactor, at: slice)
            return reactor
        }
        reactors.follow(state[keyPath: stack].ids, host: host)
        // Follows the stack itself, a stored property the store skips after actions whose
        // reducers are scoped elsewhere, not its computed `ids`, which would be read after
        // every action. Registered before the reactors' slices, so that in a notification
        // the reactors of screens that left are stopped before their slices are read.
        reactors.keep(subscribe(stack) { [weak reactors] stack in
            reactors?.follow(stack.ids, host: host)
        })
        return reactors
    }
}

/// The state a screen had when it was last read, for the read of a hosted reactor's slice
/// between its screen leaving and the reactor being stopped.
final class LastSeenScreen<Screen>: Hashable {
    var screen: Screen

    init(_ screen: Screen) { self.screen = screen }

    static func == (lhs: LastSeenScreen, rhs: LastSeenScreen) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension ScreenStack {
    /// A screen's state, as a hosted reactor's slice reads and writes it: the screen while
    /// it is on the stack, else the state it had last (a write to it is dropped).
    subscript(hosted id: ScreenID, lastSeen lastSeen: LastSeenScreen<Screen>) -> Screen {
        get {
            if let screen = self[id: id] { lastSeen.screen = screen }
            return lastSeen.screen
        }
        set {
            if self[id: id] != nil { self[id: id] = newValue }
        }
    }
}
