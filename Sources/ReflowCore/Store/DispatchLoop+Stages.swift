// The loop's optional stages: which there are (`DispatchStage`), which field of the loop
// turns each on (`isOn(_:)`), and how features turn them on and off. None of this runs on
// a dispatch: the dispatch reads the bits (`DispatchStages`, in the loop's state).

/// One optional stage of the dispatch loop. Adding a stage starts here, with a case: its
/// raw value is its bit in ``DispatchStages`` (numbered, and kept apart, by the compiler),
/// and the compiler asks for each decision about it, every one an exhaustive switch over
/// these cases: the field of the loop that turns it on (`DispatchLoop.isOn(_:)`), and
/// whether the inline and the owned dispatch run it themselves (``isRunByInlineDispatch``,
/// ``isRunByOwnedDispatch``). What is left is its work, where it runs.
@usableFromInline
enum DispatchStage: UInt8, CaseIterable {
    /// A middleware chain runs before the reducer.
    case middleware
    /// Owned reducers run for their owners' actions.
    case ownedReducers
    /// What reductions write is recorded (``Footprint``).
    case footprints
    /// A ``NotificationWatcher`` is told what each notification does.
    case watched
    /// A reduction observer is told of each reduction.
    case reductionObserver
    /// Some action types are routed on after their reduction.
    case routes

    /// Whether a plain dispatch runs the stage itself, and so stays inline while it is on
    /// (``LoopState/admitsInlineDispatch``).
    var isRunByInlineDispatch: Bool {
        switch self {
        // `reduceAndNotify` queues the action for its routes (a store with effects: E1).
        case .routes: true
        case .middleware, .ownedReducers, .footprints, .watched, .reductionObserver: false
        }
    }

    /// Whether an owned dispatch (a hosted reactor's mutation) runs the stage itself, and
    /// so stays inline while it is on (``LoopState/admitsOwnedDispatch``).
    var isRunByOwnedDispatch: Bool {
        switch self {
        // Its reduction is the owner's, handed to it.
        case .ownedReducers: true
        // It adds the owner's footprint to the store reducer's.
        case .footprints: true
        // The notification hands the watcher down, whoever dispatched.
        case .watched: true
        // An owned action has none: routes are added for a reactor's `ReactorAction`,
        // which is not owned (`addRoute` checks it in the package's tests).
        case .routes: true
        // They must see the action on its way, so they send it the general way.
        case .middleware, .reductionObserver: false
        }
    }
}

/// How features turn the loop's optional stages on and off: owned reducers, routes,
/// middleware and footprints. Each change ends with ``stagesChanged()``, which sets the
/// stages' bits in the loop's state from the loop's fields (``stagesInUse``).
extension DispatchLoop {
    /// Whether the loop's fields turn `stage` on: the one place that says which field turns
    /// on which stage.
    func isOn(_ stage: DispatchStage) -> Bool {
        switch stage {
        case .middleware: chain != nil
        case .ownedReducers: !ownedReducers.isEmpty
        case .footprints: tracksFootprints
        case .watched: watcher != nil
        case .reductionObserver: reductionObserver != nil
        case .routes: !routes.isEmpty
        }
    }

    /// The stages the loop's fields turn on. `checkInvariants` checks the bits against it
    /// between dispatches.
    var stagesInUse: DispatchStages {
        DispatchStages(DispatchStage.allCases.filter(isOn))
    }

    /// Sets the stages' bits after a field that turns a stage on or off changed.
    func stagesChanged() {
        loopState.setStages(stagesInUse)
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
        // An owned dispatch runs inline while routes are on (`DispatchStage.isRunByOwnedDispatch`).
        precondition(!(type is any OwnedAction.Type), "DispatchLoop: a route for an owned action")
        #endif
        addRoute(forTypeWith: ObjectIdentifier(type), owner: owner, deliver: deliver)
    }

    /// ``addRoute(for:owner:deliver:)`` for the action type whose identifier is `typeID`,
    /// which must not be an ``OwnedAction``'s (the caller's invariant: an owned dispatch
    /// runs inline, past the routes).
    package func addRoute(forTypeWith typeID: ObjectIdentifier, owner: ObjectIdentifier,
                          deliver: @escaping @MainActor (any Action) -> Void) {
        routes[typeID, default: []].append(LoopRoute(owner: owner, deliver: deliver))
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
    func installMiddleware(_ middleware: [Middleware<State>], context: MiddlewareContext<State>, first: Bool = false) {
        guard !middleware.isEmpty else { return }
        if first {
            self.middleware.insert(contentsOf: middleware, at: 0)
        } else {
            self.middleware += middleware
        }
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
        writes.footprint = loopState.batchDepth > 0 || loopState.isNotifying ? .whole : .nothing
    }
}

/// One destination of a dispatch loop's routed actions.
// Not nested in the generic loop: the routes' dictionary is then one concrete type, whose
// metadata unspecialized code does not look up on each dispatch (benchmark R3h).
struct LoopRoute {
    let owner: ObjectIdentifier
    let deliver: @MainActor (any Action) -> Void
}
