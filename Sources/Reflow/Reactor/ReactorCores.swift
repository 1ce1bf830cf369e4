import ReflowCore

/// How a reactor finds its core, so that a reactor class needs no stored property.
///
/// Where the core is kept depends on the platform (``ReactorCoreStorage``): on Apple
/// platforms it is an associated object of the reactor, released with it, so a released
/// reactor stops at once with no table and no sweep; on Linux, which has no per-object
/// storage, it is filed in a table keyed by the reactor's identity and released reactors
/// are stopped by sweeps at operations that are not on a hot path.
///
/// Every core holds its reactor weakly and pins its address (an unowned reference keeps
/// the memory, not the object), so while a core lives no other object can have its
/// identity: the one-entry cache below needs no weak load.
///
/// ## When a released reactor stops
/// Its core is shut down (its effects cancelled, its subjects, pipeline, stub and store
/// subscriptions freed):
/// - at once, when a ``ReactorView`` lets go of it (the usual screen lifetime);
/// - at once, when the store that hosts it ends the hosting (``Store/stopHosting(_:)``,
///   or the store's release): a hosted reactor is owned by its store;
/// - at once, when one of its effects, or a store signal merged into its mutations,
///   delivers after it was released;
/// - otherwise, on Apple platforms at once; on Linux at the next Reflow operation that
///   could observe it and is not a dispatch (a store's `subscriptionCount`, the creation
///   of another reactor, a store or a connection, or a new store subscription).
@MainActor @usableFromInline
package enum ReactorCores {
    /// The last core looked up: a screen's reactor is asked for again and again.
    @usableFromInline static var lastCore: AnyReactorCore?
    /// The core whose pipeline is being built: store subscriptions made meanwhile come
    /// from it (`transform(mutation:)` merging a store signal) and link it to that store.
    @usableFromInline static var coreBeingStarted: AnyReactorCore?

    /// The number of cores that run, after stopping released reactors (for leak tests).
    package static var runningCount: Int {
        ReactorCoreStorage.stopReleasedReactors()
        return ReactorCoreStorage.runningCount
    }

    /// The core kept for `reactor`, as an object to hold weakly (for leak tests).
    package static func keptCore(of reactor: AnyObject) -> AnyObject? {
        ReactorCoreStorage.core(of: reactor)
    }

    // Inlinable, so a new core's closures are made (and its per-action path specialized)
    // in the reactor's module.
    @inlinable
    static func core<R: Reactor>(for reactor: R) -> ReactorCore<R.Action, R.Mutation, R.State> {
        // Invariant: a core pins its reactor's address, so the core found for a live
        // reactor's identity was made for this very object, through some static type of
        // it. Every static type an object can be used as (its class, a base class) shares
        // one conformance to Reactor, so one Action, Mutation and State: the core is a
        // ReactorCore<R.Action, R.Mutation, R.State>. Checked when REFLOW_INTERNAL_CHECKS
        // is set; the subclass tests use a reactor through both types.
        if let lastCore, lastCore.ownerID == ObjectIdentifier(reactor) {
            #if REFLOW_INTERNAL_CHECKS
            precondition(lastCore is ReactorCore<R.Action, R.Mutation, R.State>, "ReactorCores: core of another type")
            #endif
            return unsafeDowncast(lastCore, to: ReactorCore<R.Action, R.Mutation, R.State>.self)
        }
        if let existing = existingCore(of: reactor) {
            #if REFLOW_INTERNAL_CHECKS
            precondition(existing is ReactorCore<R.Action, R.Mutation, R.State>, "ReactorCores: core of another type")
            #endif
            return unsafeDowncast(existing, to: ReactorCore<R.Action, R.Mutation, R.State>.self)
        }
        let core = ReactorCore<R.Action, R.Mutation, R.State>(owner: reactor, initialState: reactor.initialState)
        keep(core, for: reactor)
        // Marked as being started: store subscriptions its transforms make link it to
        // their store. Called directly (not through a closure) so that the pipeline is
        // specialized here, in the reactor's module.
        let outer = coreBeingStarted
        coreBeingStarted = core
        core.start(reactor)
        coreBeingStarted = outer
        return core
    }

    /// The core kept for `reactor`, made the cached one; `nil` when it has none.
    @usableFromInline
    static func existingCore(of reactor: AnyObject) -> AnyReactorCore? {
        guard let core = ReactorCoreStorage.core(of: reactor) else { return nil }
        lastCore = core
        return core
    }

    /// Keeps a new core for its reactor.
    @usableFromInline
    static func keep(_ core: AnyReactorCore, for reactor: AnyObject) {
        ReactorCoreStorage.keep(core, for: reactor)
        lastCore = core
    }

    /// Shuts `core` down and forgets it; its reactor, if still alive, gets a new core the
    /// next time it is used.
    static func shutDown(_ core: AnyReactorCore) {
        guard !core.isShutDown else { return }
        core.shutDown()
        if lastCore === core { lastCore = nil }
        ReactorCoreStorage.forget(core)
    }

    /// Shuts `core` down from any thread: at once on the main queue (where reactors are
    /// released in practice), otherwise as soon as the main actor runs.
    nonisolated static func shutDownFromAnyThread(_ core: AnyReactorCore) {
        if MainQueueDetection.isOnMainQueue {
            MainActor.assumeIsolated { shutDown(core) }
        } else {
            Task { @MainActor in shutDown(core) }
        }
    }
}
