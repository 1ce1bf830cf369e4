/// Where reactors' cores live, so that a reactor class needs no stored property.
///
/// Keyed by the reactor's identity. Each core holds its reactor weakly, and pins its
/// address (an unowned reference keeps the memory, not the object), so while a core is
/// registered no other object can have its key: a lookup needs no weak load.
///
/// ## Stopping released reactors
/// Swift offers no hook for the deinit of a class Reflow did not write, and no timer runs
/// here. A released reactor's core is shut down (its effects cancelled, its subjects,
/// pipeline, stub and store subscriptions freed):
/// - at once, when a ``ReactorView`` lets go of it (the usual screen lifetime);
/// - at once, when the store that hosts it ends the hosting (``Store/stopHosting(_:)``,
///   or the store's release): a hosted reactor is owned by its store;
/// - at once, when one of its effects, or a store signal merged into its mutations,
///   delivers after it was released;
/// - otherwise at the next Reflow operation that could observe it and is not a dispatch:
///   a store's `subscriptionCount`, the creation of another reactor, a store or a
///   connection, or a new store subscription.
///
/// So memory never grows with the number of reactors ever created: at most the reactors
/// released since the last such operation wait.
@MainActor @usableFromInline
package enum ReactorRegistry {
    @usableFromInline static var cores: [ObjectIdentifier: AnyReactorCore] = [:]
    /// The last core looked up: a screen's reactor is asked for again and again.
    @usableFromInline static var lastCore: AnyReactorCore?
    /// The core whose pipeline is being built: store subscriptions made meanwhile come
    /// from it (`transform(mutation:)` merging a store signal) and link it to that store.
    @usableFromInline static var coreBeingStarted: AnyReactorCore?
    /// Above this many cores, creating a reactor sweeps only when the count doubled, so
    /// creating many live reactors stays linear.
    private static let sweepEveryCreationUpTo = 512
    private static var sweepAt = 0

    /// Whether a core exists for the reactor with this identity (for leak tests).
    package static func hasCore(for reactorID: ObjectIdentifier) -> Bool {
        stopReleasedReactors()
        return cores[reactorID] != nil
    }

    /// The number of registered cores, after stopping released reactors (for leak tests).
    package static var coreCount: Int {
        stopReleasedReactors()
        return cores.count
    }

    // Inlinable, so a new core's closures are made (and its per-action path specialized)
    // in the reactor's module.
    @inlinable
    static func core<R: Reactor>(for reactor: R) -> ReactorCore<R.Action, R.Mutation, R.State> {
        let key = ObjectIdentifier(reactor)
        // Invariant: a registered core pins its reactor's address, so the core filed under
        // a live reactor's identity was made for this very object, through some static
        // type of it. Every static type an object can be used as (its class, a base class)
        // shares one conformance to Reactor, so one Action, Mutation and State: the core
        // is a ReactorCore<R.Action, R.Mutation, R.State>. Checked when REFLOW_INTERNAL_CHECKS is set; the
        // subclass tests use a reactor through both types.
        if let lastCore, lastCore.ownerID == key {
            #if REFLOW_INTERNAL_CHECKS
            precondition(lastCore is ReactorCore<R.Action, R.Mutation, R.State>, "ReactorRegistry: core of another type")
            #endif
            return unsafeDowncast(lastCore, to: ReactorCore<R.Action, R.Mutation, R.State>.self)
        }
        if let existing = cores[key] {
            #if REFLOW_INTERNAL_CHECKS
            precondition(existing is ReactorCore<R.Action, R.Mutation, R.State>, "ReactorRegistry: core of another type")
            #endif
            lastCore = existing
            return unsafeDowncast(existing, to: ReactorCore<R.Action, R.Mutation, R.State>.self)
        }
        let core = ReactorCore<R.Action, R.Mutation, R.State>(owner: reactor, initialState: reactor.initialState)
        register(core)
        // Marked as being started: store subscriptions its transforms make link it to
        // their store. Called directly (not through a closure) so that the pipeline is
        // specialized here, in the reactor's module.
        let outer = coreBeingStarted
        coreBeingStarted = core
        core.start(reactor)
        coreBeingStarted = outer
        return core
    }

    /// Files a new core under its reactor's identity.
    @usableFromInline
    static func register(_ core: AnyReactorCore) {
        if cores.isEmpty {
            // Released reactors are also stopped at the operations that are not on a hot
            // path; not while a reactor builds its pipeline (its own subscriptions).
            Housekeeping.register(ReactorRegistry.self) {
                if coreBeingStarted == nil { stopReleasedReactorsAtNonHotOperation() }
            }
        }
        if cores.count <= sweepEveryCreationUpTo || cores.count >= sweepAt {
            stopReleasedReactors()
            sweepAt = cores.count * 2
        }
        #if REFLOW_INTERNAL_CHECKS
        precondition(cores[core.ownerID] == nil, "ReactorRegistry: a registered core pins its key")
        #endif
        cores[core.ownerID] = core
        lastCore = core
        checkInvariants()
    }

    /// Shuts `core` down and forgets it.
    static func shutDown(_ core: AnyReactorCore) {
        core.shutDown()
        if cores[core.ownerID] === core { cores[core.ownerID] = nil }
        if lastCore === core { lastCore = nil }
        checkInvariants()
    }

    /// Checks that every core is filed under its own key and the cached core is filed.
    /// Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    static func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        guard cores.count <= 256 else { return }
        for (key, core) in cores {
            precondition(core.ownerID == key && !core.isShutDown, "ReactorRegistry: a core filed under another key, or stopped")
        }
        if let lastCore { precondition(cores[lastCore.ownerID] === lastCore, "ReactorRegistry: the cached core is not filed") }
        #endif
    }

    /// Shuts down the cores of released reactors, if any reactor exists: called by the
    /// operations that are not on a hot path (creating a store or a connection,
    /// subscribing to a store), so that a released reactor does not outlive them.
    ///
    /// - Complexity: O(*r*) in registered reactors; O(1) when there are none.
    static func stopReleasedReactorsAtNonHotOperation() {
        if !cores.isEmpty { stopReleasedReactors() }
    }

    /// Shuts down the cores of released reactors.
    ///
    /// - Complexity: O(*r*) in registered reactors (one weak load each).
    static func stopReleasedReactors() {
        for (_, core) in cores where core.owner == nil { shutDown(core) }
    }
}
