// The loop's optional stages: which there are (`DispatchStages`), which field of the loop
// turns each on (`stagesInUse`), and how features turn them on and off.

/// How features turn the loop's optional stages on and off: owned reducers, routes,
/// middleware and footprints. None of this runs on a dispatch; each change ends with
/// ``stagesChanged()``, which sets the stages' bits in the loop's state from the loop's
/// fields (``stagesInUse``), and the dispatch reads the bits (see ``DispatchStages``).
extension DispatchLoop {
    /// The stages the loop's fields turn on: the one place that says which field turns on
    /// which stage. `checkInvariants` checks the bits against it between dispatches.
    var stagesInUse: DispatchStages {
        var stages: DispatchStages = []
        if chain != nil { stages.insert(.middleware) }
        if !ownedReducers.isEmpty { stages.insert(.ownedReducers) }
        if tracksFootprints { stages.insert(.footprints) }
        if watcher != nil { stages.insert(.watched) }
        if reductionObserver != nil { stages.insert(.reductionObserver) }
        if !routes.isEmpty { stages.insert(.routes) }
        return stages
    }

    /// Sets the stages' bits after a field that turns a stage on or off changed.
    func stagesChanged() {
        loopState.stages = stagesInUse
    }

    /// Adds a reducer that runs, after the store's, for the ``OwnedAction``s of `owner`.
    package func addOwnedReducer(_ reducer: Reducer<State>, for owner: ObjectIdentifier) {
        ownedReducers[owner] = reducer
        stagesChanged()
    }

    /// After each action of `type` is reduced and observers were notified, `deliver` gets
    /// it, in the order routes were added. It runs as a queued dispatch would, so it may
    /// dispatch.
    package func addRoute(for type: any Action.Type, owner: ObjectIdentifier, deliver: @escaping @MainActor (any Action) -> Void) {
        #if REFLOW_INTERNAL_CHECKS
        // An owned dispatch runs inline while routes are on (`DispatchStages.runByOwnedDispatch`).
        precondition(!(type is any OwnedAction.Type), "DispatchLoop: a route for an owned action")
        #endif
        routes[ObjectIdentifier(type), default: []].append(LoopRoute(owner: owner, deliver: deliver))
        stagesChanged()
    }

    /// Removes the routes `owner` added.
    package func removeRoutes(of owner: ObjectIdentifier) {
        for (type, list) in routes {
            let kept = list.filter { $0.owner != owner }
            routes[type] = kept.isEmpty ? nil : kept
        }
        stagesChanged()
    }

    /// Removes the reducer `owner` added.
    package func removeOwnedReducer(for owner: ObjectIdentifier) {
        ownedReducers[owner] = nil
        stagesChanged()
    }

    /// Installs the middleware chain, after any installed before; the last middleware's
    /// `next` leads to `reduceAndNotify`.
    func installMiddleware(_ middleware: [Middleware<State>], context: MiddlewareContext<State>) {
        guard !middleware.isEmpty else { return }
        self.middleware += middleware
        var next = Dispatch { [weak self] action in self?.reduceAndNotify(action) }
        for link in self.middleware.reversed() {
            let rest = next
            next = Dispatch { action in link.handle(context, action, rest) }
        }
        chain = next
        stagesChanged()
    }

    /// Starts recording what reductions can write.
    func trackFootprints() {
        guard !tracksFootprints else { return }
        tracksFootprints = true
        stagesChanged()
        // Outside a batch and a notification every reduction so far was followed by a
        // notification, so nothing is unaccounted for; otherwise assume anything changed.
        writes.footprint = loopState.batchDepth > 0 || observers.isNotifying ? .whole : .nothing
    }
}

/// One destination of a dispatch loop's routed actions.
// Not nested in the generic loop: the routes' dictionary is then one concrete type, whose
// metadata unspecialized code does not look up on each dispatch (benchmark R3h).
struct LoopRoute {
    let owner: ObjectIdentifier
    let deliver: @MainActor (any Action) -> Void
}

/// The optional stages of a dispatch loop; any of them sends a dispatch the general way,
/// and an owned dispatch too unless it is one of ``runByOwnedDispatch``.
///
/// A stage is a bit here, a line of `DispatchLoop.stagesInUse` that says which field of
/// the loop turns it on (whose changes end with `stagesChanged()`), and its work (in
/// `runStagesAfterReducing`, or in `notifyAndDrain` for the notification). Nothing else
/// needs to know of it: both fast paths leave a dispatch to the general path while a
/// stage they do not run is on, and `checkInvariants` checks every bit against
/// `stagesInUse`.
@usableFromInline
struct DispatchStages: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A middleware chain runs before the reducer.
    static var middleware: DispatchStages { DispatchStages(rawValue: 1 << 0) }
    /// Owned reducers run for their owners' actions.
    @inlinable static var ownedReducers: DispatchStages { DispatchStages(rawValue: 1 << 1) }
    /// What reductions write is recorded (``Footprint``).
    @inlinable static var footprints: DispatchStages { DispatchStages(rawValue: 1 << 2) }
    /// A ``NotificationWatcher`` is told what each notification does.
    @inlinable static var watched: DispatchStages { DispatchStages(rawValue: 1 << 3) }
    /// A reduction observer is told of each reduction.
    @inlinable static var reductionObserver: DispatchStages { DispatchStages(rawValue: 1 << 4) }
    /// Some action types are routed on after their reduction.
    static var routes: DispatchStages { DispatchStages(rawValue: 1 << 5) }

    /// The stages an owned dispatch runs itself, so that it stays inline while they are on
    /// (a store that hosts a reactor has owned reducers and routes on from the start):
    /// - owned reducers: its reduction is the owner's, handed to it;
    /// - footprints: it adds the owner's footprint to the store reducer's;
    /// - routes: an owned action has none (routes are added for a reactor's
    ///   `ReactorAction`, which is not owned; `addRoute` checks it in the package's tests);
    /// - watching: the notification hands the watcher down, whoever dispatched.
    ///
    /// Middleware and the reduction observer must see the action, so they send it the
    /// general way, as does any stage not listed here.
    // One constant, not a union of the stages above: a debug build would call each getter
    // on every owned dispatch (R1h). `DispatchStagesTests` checks that it is that union.
    @inlinable static var runByOwnedDispatch: DispatchStages { DispatchStages(rawValue: 0b10_1110) }

}
