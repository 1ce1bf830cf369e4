import ReflowCore

// Hosting a reactor in a slice of the store: the API, the wiring of the reactor to the
// dispatch loop, and the observer that hands the slice to the reactor as it changes.

extension Store {
    /// Makes a slice of this store the state of `reactor`.
    ///
    /// From now on `reactor.currentState` reads the slice, each mutation goes through the
    /// store's middleware as a ``ReactorMutation`` and is reduced into the slice by the
    /// reactor's `reduce`, and `reactor.state` emits when the slice changes from any
    /// source. Reactors hosted at the same key path share that state. A
    /// ``ReactorAction`` of the reactor's type dispatched to the store reaches its
    /// `action` subject.
    ///
    /// ```swift
    /// let profile = ProfileReactor()
    /// store.host(profile, at: \.profile)
    /// ```
    ///
    /// Lifetimes: the store owns the reactor, so `store.host(FeedReactor(), at: \.feed)`
    /// written inline works; the reactor does not keep the store. Hosting ends with
    /// ``stopHosting(_:)`` or when the store is released: then the reactor's effects are
    /// cancelled at once and it stops reducing into the slice, which keeps its last value.
    /// Hosting the same reactor twice stops with a message.
    ///
    /// Since `State` is not `Equatable` here, `reactor.state` emits on every store change;
    /// make it `Equatable` to emit only when the slice changed.
    ///
    /// - Parameters:
    ///   - reactor: The reactor; the store keeps it until ``stopHosting(_:)``.
    ///   - slice: Where its state lives in the store's state.
    // Inlinable, so that hosting, often a reactor's first use, makes its core in the
    // reactor's module (see `Reactor.state`).
    @inlinable
    public func host<R: Reactor>(_ reactor: R, at slice: WritableKeyPath<State, R.State>) {
        host(reactor, core: reactor.core, at: slice, isDuplicate: nil)
    }

    /// Makes a slice of this store the state of `reactor`; `reactor.state` emits only when
    /// the slice changed. See the overload above for lifetimes.
    ///
    /// A slice that is a stored property of the state (not reached through a class, an
    /// array element or a computed property) is not even read after an action whose
    /// reducers are scoped elsewhere (``Reducer/scope(_:)``), as a key-path subscription
    /// is not: the store knows it cannot have changed.
    ///
    /// - Parameters:
    ///   - reactor: The reactor; the store keeps it until ``stopHosting(_:)``.
    ///   - slice: Where its state lives in the store's state.
    @inlinable
    public func host<R: Reactor>(_ reactor: R, at slice: WritableKeyPath<State, R.State>) where R.State: Equatable {
        host(reactor, core: reactor.core, at: slice, isDuplicate: { $0 == $1 })
    }

    // Inlinable: the closures on a hosted action's path (its mutation's dispatch, the
    // slice subscription, reading the slice) are then built, and specialized for State
    // and R, in the caller's module; unspecialized, each hosted action looks up generic
    // metadata on its way to the slice and back (benchmark R1h).
    @inlinable
    func host<R: Reactor>(_ reactor: R, core: ReactorCore<R.Action, R.Mutation, R.State>,
                          at slice: WritableKeyPath<State, R.State>,
                          isDuplicate: ((R.State, R.State) -> Bool)?) {
        let hostID = ObjectIdentifier(core)
        let readSlice = KeyPathAccess.reader(slice)
        let compare = isDuplicate ?? { _, _ in false }
        // What `transform(state:)` gets; when it returns it unchanged, the core observes
        // the slice directly instead (`observeSlice`).
        let sliceChanges = Signal<R.State>(passingThrough: core) { [weak self] observer in
            guard let self else { return .empty }
            return self.didSubscribe(self.subscribe(readSlice, isDuplicate: compare, observer), selecting: "\(R.self)'s slice")
        }
        // The slice's bytes, when it is stored inline in the state: what its reductions
        // write, and what the slice's observer checks before reading it.
        let sliceBytes = Footprint.bytes(of: slice)
        let observeSlice: @MainActor (ReactorCore<R.Action, R.Mutation, R.State>) -> SubscriptionHandle = { [weak self] core in
            guard let self else { return .empty }
            return self.observeHostedSlice(readSlice, bytes: sliceBytes, isDuplicate: isDuplicate, core: core,
                                           label: "\(R.self)'s slice")
        }
        // A mutation goes to the dispatch loop with its reduction ready-made: no cast to
        // find its reactor, no lookup of its reducer (benchmark R1h). A slice stored inline
        // in the state is read and written at its offset, without the key-path machinery.
        let footprint: Footprint = sliceBytes.map { .ranges([$0]) } ?? .whole
        let updateSlice = KeyPathAccess.updater(slice)
        // `currentState` reads the slice in the store's state, copying nothing else.
        let readSliceInPlace = KeyPathAccess.inPlaceReader(slice)
        // The core reaches the store's dispatch loop, not the store: the store owns the
        // reactor, and a core holding the store would keep both alive forever. The loop
        // outlives its store only until the store's end stops the core.
        let loop = self.loop
        attachHosted(reactor, core: core, at: slice, hostID: hostID, sliceChanges: sliceChanges, observeSlice: observeSlice,
                     readSlice: { loop.readInPlace("\(R.self).currentState", readSliceInPlace) },
                     dispatchMutation: { mutation, reduce in
                         let action = ReactorMutation<R>(mutation: mutation, hostID: hostID)
                         loop.dispatchOwned(action, footprint: footprint) { state in
                             updateSlice(&state) { reduce($0, mutation) }
                         }
                     })
    }

    /// Makes a slice of this store the state of `reactor`, whose `mutate` runs with the
    /// store's dependencies changed by `dependencies`: a hosted reactor's own overrides.
    ///
    /// ```swift
    /// store.host(SearchReactor(), at: \.search) { $0.searchAPI = .offline }
    /// ```
    ///
    /// - Parameters:
    ///   - reactor: The reactor; the store keeps it until ``stopHosting(_:)``.
    ///   - slice: Where its state lives in the store's state.
    ///   - dependencies: Overrides the store's dependencies for this reactor alone.
    public func host<R: Reactor>(_ reactor: R, at slice: WritableKeyPath<State, R.State>,
                                 dependencies: (inout DependencyValues) -> Void) {
        host(reactor, at: slice)
        reactor.core.path.dependencies = self.dependencies.merging(dependencies)
    }

    /// Makes a slice of this store the state of `reactor`, whose `mutate` runs with the
    /// store's dependencies changed by `dependencies`; `reactor.state` emits only when the
    /// slice changed.
    ///
    /// - Parameters:
    ///   - reactor: The reactor; the store keeps it until ``stopHosting(_:)``.
    ///   - slice: Where its state lives in the store's state.
    ///   - dependencies: Overrides the store's dependencies for this reactor alone.
    public func host<R: Reactor>(_ reactor: R, at slice: WritableKeyPath<State, R.State>,
                                 dependencies: (inout DependencyValues) -> Void) where R.State: Equatable {
        host(reactor, at: slice)
        reactor.core.path.dependencies = self.dependencies.merging(dependencies)
    }

    /// Ends the hosting of `reactor`: its effects are cancelled at once, its mutations no
    /// longer reach the slice, and the store lets go of it. The slice keeps its last value.
    /// Used again, the reactor starts over from its `initialState`, standalone.
    ///
    /// ```swift
    /// store.host(profile, at: \.profile)
    /// // … the screen closes:
    /// store.stopHosting(profile)
    /// ```
    ///
    /// Stopping a reactor this store does not host stops the program with a message.
    ///
    /// - Parameter reactor: A reactor hosted in this store.
    public func stopHosting<R: Reactor>(_ reactor: R) {
        guard features.existing(ReactorHostings.self)?.remove(reactor) == true else {
            fatalError("Reflow: stopHosting(_:) was given a \(R.self) that this store does not host. "
                       + "Stop a reactor on the store it was hosted in, once.")
        }
    }

    /// The identity of this store's one hosting of a reactor of `reactorType`, or `nil` when
    /// it hosts none or more than one: devtools bind an imported mutation to it.
    package func hostingID(ofReactorType reactorType: Any.Type) -> ObjectIdentifier? {
        features.existing(ReactorHostings.self)?.hostID(ofReactorType: reactorType)
    }

    /// Wires a hosted reactor to this store: its reducer of the slice, its routes, the
    /// store's ownership of it, and its core's host.
    @usableFromInline
    func attachHosted<R: Reactor>(_ reactor: R, core: ReactorCore<R.Action, R.Mutation, R.State>,
                                  at slice: WritableKeyPath<State, R.State>, hostID: ObjectIdentifier,
                                  sliceChanges: Signal<R.State>,
                                  observeSlice: @escaping @MainActor (ReactorCore<R.Action, R.Mutation, R.State>) -> SubscriptionHandle,
                                  readSlice: @escaping @MainActor () -> R.State,
                                  dispatchMutation: @escaping @MainActor (R.Mutation, (R.State, R.Mutation) -> R.State) -> Void) {
        // A reducer of the slice, scoped like any other: the store then knows that the
        // reactor's mutations write only its slice.
        loop.addOwnedReducer(Reducer<R.State>.on(ReactorMutation<R>.self) { [weak reactor] state, hosted in
            guard let reactor else { return }
            state = reactor.reduce(state: state, mutation: hosted.mutation)
        }.scope(slice), for: hostID)
        // Its actions dispatched through the store reach it after the notification.
        loop.addRoute(for: ReactorAction<R>.self, owner: hostID) { [weak reactor] action in
            guard let reactor, let routed = action as? ReactorAction<R> else { return }
            reactor.action.send(routed.action)
        }
        features.feature(ReactorHostings.self, orMake: ReactorHostings.init).add(reactor, core: core)
        core.path.dependencies = features.existing(StoreDependencies.self)?.values
        core.attach(
            to: reactor,
            host: .init(
                readSlice: readSlice,
                dispatch: dispatchMutation,
                leave: { [weak loop] in
                    loop?.removeOwnedReducer(for: hostID)
                    loop?.removeRoutes(of: hostID)
                }
            ),
            sliceChanges: sliceChanges,
            observeSlice: observeSlice
        )
    }
}

// MARK: - Following the slice

extension Store {
    /// Subscribes a hosted reactor's published state to its slice, and publishes the
    /// current slice at once, as a subscription delivers its first value.
    ///
    /// Used when the reactor's `transform(state:)` passes states through unchanged (the
    /// default). The store's observer then hands the slice straight to the core's
    /// `publish`, without the signal and the group member that a subscription of the
    /// reactor's state pipeline goes through (benchmark R1h). A slice that is not
    /// `Equatable` keeps no last value, since nothing compares it.
    ///
    /// An `Equatable` slice stored inline in the state is not even read when the
    /// reductions since the last notification cannot have written its bytes (their
    /// ``Footprint``, as for a key-path subscription): it equals the last one. A slice that
    /// is not `Equatable` is published on every notification, as documented, whatever
    /// the store knows of what was written.
    ///
    /// - Parameters:
    ///   - readSlice: Reads the slice out of the store's state.
    ///   - bytes: The slice's bytes in the state, if it is stored inline.
    ///   - isDuplicate: Whether two slices are the same, so the second is not published;
    ///     `nil` publishes on every notification.
    ///   - core: The hosted reactor's core; a ``NotificationWatcher`` knows the
    ///     observation by it.
    ///   - label: What a watcher calls the observation.
    /// - Returns: The subscription; the core cancels it when it stops.
    // Inlinable: the observer's closure is then built, and specialized for State and
    // Slice, in the reactor's module (the observer's class method would be generic).
    @inlinable
    func observeHostedSlice<Action, Mutation, Slice>(_ readSlice: @escaping (State) -> Slice, bytes: Range<Int>?,
                                                     isDuplicate: ((Slice, Slice) -> Bool)?,
                                                     core: ReactorCore<Action, Mutation, Slice>,
                                                     label: String) -> SubscriptionHandle {
        let initial = readSlice(state)
        // An Equatable slice stored inline skips notifications that cannot have written it.
        let skipping = bytes.map { (writes: loop.writes, bytes: $0) }
        // Strong: the store's table then holds the core, which holds the store through its
        // host; the cycle ends when the core stops (its reactor was released, or it was
        // unhosted), since stopping cancels this subscription. An unowned reference costs
        // an atomic check on every notification (benchmark R1h).
        let observer = if let isDuplicate {
            HostedSliceObserver<State>(skipping: skipping) { [last = LastValue<Slice?>(initial)] state, watcher in
                if let watcher { Self.report(core, label, fired: false, to: watcher) }
                let slice = readSlice(state)
                guard last.keepIfChanged(slice, isEqual: isDuplicate) else { return }
                if let watcher { Self.report(core, label, fired: true, to: watcher) }
                core.publish(slice)
            }
        } else {
            HostedSliceObserver<State>(skipping: nil) { state, watcher in
                if let watcher {
                    Self.report(core, label, fired: false, to: watcher)
                    Self.report(core, label, fired: true, to: watcher)
                }
                core.publish(readSlice(state))
            }
        }
        let subscription = subscribeHostedSliceObserver(observer, core: core, label: label)
        core.publish(initial)
        return subscription
    }

    /// Tells `watcher` that the observation of a hosted slice was evaluated, or fired.
    @usableFromInline
    static func report(_ core: AnyObject, _ label: String, fired: Bool, to watcher: any NotificationWatcher) {
        if fired { watcher.fired(core, .subscription(label)) } else { watcher.evaluated(core, .subscription(label)) }
    }

    @usableFromInline
    func subscribeHostedSliceObserver(_ observer: HostedSliceObserver<State>, core: AnyObject, label: String) -> SubscriptionHandle {
        noteNewSubscriber()
        let subscription = observers.subscribe(observer)
        announce(core, .subscription(label))
        return subscription
    }
}

/// The store observer of a hosted reactor's slice: each notification hands the slice to
/// the reactor's core, and a watched one reports the observation, under the core's name,
/// to the store's watcher.
///
/// Its update is a closure built by ``Store/observeHostedSlice(_:bytes:isDuplicate:core:label:)``
/// in the reactor's module, where `State` and the slice are concrete, so the read and the
/// comparison are specialized (benchmark R1h).
@MainActor @usableFromInline
final class HostedSliceObserver<State>: Observer<State> {
    /// Reads the slice, compares it and publishes it, reporting to the watcher, if any.
    @usableFromInline typealias Update = (State, (any NotificationWatcher)?) -> Void

    @usableFromInline let update: Update
    /// The loop's record of what reductions wrote and the slice's bytes, when a
    /// notification whose reductions cannot have written those bytes is skipped (an
    /// `Equatable` slice stored inline). Checked here, before `update`: handing the state
    /// to the closure copies all of it (benchmark R3h).
    @usableFromInline let skipping: (writes: StateWrites, bytes: Range<Int>)?

    @usableFromInline
    init(skipping: (writes: StateWrites, bytes: Range<Int>)?, update: @escaping Update) {
        self.skipping = skipping
        self.update = update
    }

    /// Whether the reductions since the last notification cannot have written the slice:
    /// unread, it equals the last one, and like a skipped key-path subscription it is not
    /// reported to a watcher either.
    var sliceIsUnwritten: Bool {
        guard let skipping else { return false }
        return !skipping.writes.footprint.mayTouch(skipping.bytes)
    }

    @usableFromInline
    override func notify(_ state: State) {
        if sliceIsUnwritten { return }
        update(state, nil)
    }

    override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        if sliceIsUnwritten { return }
        update(state, watcher)
    }
}
