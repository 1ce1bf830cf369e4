// The loop's optional stages: which field of the loop turns each on (`stagesInUse`), and
// how features turn them on and off. Which stages there are, `DispatchStages`, is read on
// every dispatch and lives with the loop, in DispatchLoop.swift.

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
