/// How features turn the loop's optional stages on and off: owned reducers, routes,
/// middleware and footprints. None of this runs on a dispatch; each change sets the
/// stage's bit in the loop's state, which the dispatch reads (see ``DispatchStages``).
extension DispatchLoop {
    /// Adds a reducer that runs, after the store's, for the ``OwnedAction``s of `owner`.
    package func addOwnedReducer(_ reducer: Reducer<State>, for owner: ObjectIdentifier) {
        ownedReducers[owner] = reducer
        loopState.stages.insert(.ownedReducers)
    }

    /// One destination of routed actions.
    struct Route {
        let owner: ObjectIdentifier
        let deliver: @MainActor (any Action) -> Void
    }

    /// After each action of `type` is reduced and observers were notified, `deliver` gets
    /// it, in the order routes were added. It runs as a queued dispatch would, so it may
    /// dispatch.
    package func addRoute(for type: any Action.Type, owner: ObjectIdentifier, deliver: @escaping @MainActor (any Action) -> Void) {
        #if REFLOW_INTERNAL_CHECKS
        // An owned dispatch runs inline while routes are on (`DispatchStages.runByOwnedDispatch`).
        precondition(!(type is any OwnedAction.Type), "DispatchLoop: a route for an owned action")
        #endif
        routes[ObjectIdentifier(type), default: []].append(Route(owner: owner, deliver: deliver))
        loopState.stages.insert(.routes)
    }

    /// Removes the routes `owner` added.
    package func removeRoutes(of owner: ObjectIdentifier) {
        for (type, list) in routes {
            let kept = list.filter { $0.owner != owner }
            routes[type] = kept.isEmpty ? nil : kept
        }
        loopState.stages.set(.routes, !routes.isEmpty)
    }

    /// Removes the reducer `owner` added.
    package func removeOwnedReducer(for owner: ObjectIdentifier) {
        ownedReducers[owner] = nil
        loopState.stages.set(.ownedReducers, !ownedReducers.isEmpty)
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
        loopState.stages.insert(.middleware)
    }

    /// Starts recording what reductions can write.
    func trackFootprints() {
        guard !loopState.stages.contains(.footprints) else { return }
        loopState.stages.insert(.footprints)
        // Outside a batch and a notification every reduction so far was followed by a
        // notification, so nothing is unaccounted for; otherwise assume anything changed.
        writes.footprint = loopState.batchDepth > 0 || observers.isNotifying ? .whole : .nothing
    }
}
