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
    /// Every core that runs, and the one being started.
    // The reactors' mutable statics: a standalone reactor belongs to no store, so its
    // core is found from the reactor alone, in one place for the whole process (main
    // actor only). A hosted reactor's core is kept by its store as well.
    @usableFromInline static var kept = KeptCores()
    /// The last core looked up: a screen's reactor is asked for again and again.
    // Not a field of `kept`: `kept` is initialized lazily (its table is built at run time),
    // so every read of it first checks that it was; this one is initialized statically, so
    // the read on every action and every `currentState` is a load (benchmark R1).
    @usableFromInline static var last: AnyReactorCore?

    /// The number of cores that run, after stopping released reactors (for leak tests).
    package static var runningCount: Int {
        stopReleasedReactors()
        return kept.storage.runningCount
    }

    /// The core kept for `reactor`, as an object to hold weakly (for leak tests).
    package static func keptCore(of reactor: AnyObject) -> AnyObject? {
        kept.storage.core(of: reactor)
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
        if let lastCore = last, lastCore.ownerID == ObjectIdentifier(reactor) {
            return uncheckedCast(lastCore, to: ReactorCore<R.Action, R.Mutation, R.State>.self)
        }
        if let existing = existingCore(of: reactor) {
            return uncheckedCast(existing, to: ReactorCore<R.Action, R.Mutation, R.State>.self)
        }
        let core = ReactorCore<R.Action, R.Mutation, R.State>(owner: reactor, initialState: reactor.initialState)
        keep(core, for: reactor)
        // Marked as being started: store subscriptions its transforms make link it to
        // their store. Called directly (not through a closure) so that the pipeline is
        // specialized here, in the reactor's module.
        let outer = kept.beingStarted
        kept.beingStarted = core
        core.start(reactor)
        kept.beingStarted = outer
        return core
    }

    /// The core kept for `reactor`, made the cached one; `nil` when it has none.
    @usableFromInline
    static func existingCore(of reactor: AnyObject) -> AnyReactorCore? {
        guard let core = kept.storage.core(of: reactor) else { return nil }
        last = core
        return core
    }

    /// Keeps a new core for its reactor.
    @usableFromInline
    static func keep(_ core: AnyReactorCore, for reactor: AnyObject) {
        // Where released reactors wait for a sweep (Linux), they are also stopped at the
        // operations that are not on a hot path; not while a reactor builds its pipeline
        // (its own subscriptions). Registered with the first core; Apple platforms need none.
        if ReactorCoreStorage.sweepsReleasedCores && kept.storage.runningCount == 0 {
            Housekeeping.register(ReactorCores.self) {
                if kept.beingStarted == nil { stopReleasedReactors() }
            }
        }
        for released in kept.storage.releasedCoresBeforeKeepingOneMore() { shutDown(released) }
        kept.storage.keep(core, for: reactor)
        last = core
        kept.storage.checkInvariants(cached: last)
    }

    /// Shuts down the cores of released reactors (none on Apple platforms, where the
    /// runtime releases a core with its reactor).
    static func stopReleasedReactors() {
        for released in kept.storage.releasedCores() { shutDown(released) }
    }

    /// Shuts `core` down and forgets it; its reactor, if still alive, gets a new core the
    /// next time it is used.
    static func shutDown(_ core: AnyReactorCore) {
        guard !core.isShutDown else { return }
        core.shutDown()
        if last === core { last = nil }
        kept.storage.forget(core)
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

/// What ``ReactorCores`` keeps: the platform's storage of cores, and the core being
/// started.
@MainActor @usableFromInline
struct KeptCores {
    /// The core whose pipeline is being built: store subscriptions made meanwhile come
    /// from it (`transform(mutation:)` merging a store signal) and link it to that store.
    @usableFromInline var beingStarted: AnyReactorCore?
    /// Where the cores are.
    var storage = ReactorCoreStorage()

    @usableFromInline init() {}
}
