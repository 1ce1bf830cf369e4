import ReflowCore

#if !canImport(ObjectiveC)
/// Where reactors' cores are kept on platforms without per-object storage (Linux): a
/// table keyed by the reactor's identity.
///
/// Swift offers no hook for the deinit of a class Reflow did not write, and no timer runs
/// here, so a reactor released while nothing else stops it (a view, its hosting store,
/// one of its effects) is stopped by a sweep at the next Reflow operation that is not on
/// a hot path: a store's `subscriptionCount`, the creation of another reactor, a store or
/// a connection, or a new store subscription. Dispatch and notification never sweep.
/// Memory never grows with the number of reactors ever created: at most the reactors
/// released since the last such operation wait.
///
/// Apple platforms keep each core as an associated object of its reactor instead
/// (`ReactorCoreStorage+ObjectiveC.swift`).
@MainActor
enum ReactorCoreStorage {
    private static var cores: [ObjectIdentifier: AnyReactorCore] = [:]
    /// Above this many cores, creating a reactor sweeps only when the count doubled, so
    /// creating many live reactors stays linear.
    private static let sweepEveryCreationUpTo = 512
    private static var sweepAt = 0

    /// The cores that run.
    static var runningCount: Int { cores.count }

    /// The core kept for `reactor`, if any.
    static func core(of reactor: AnyObject) -> AnyReactorCore? {
        cores[ObjectIdentifier(reactor)]
    }

    /// Files a new core under its reactor's identity.
    static func keep(_ core: AnyReactorCore, for reactor: AnyObject) {
        if cores.isEmpty {
            // Released reactors are also stopped at the operations that are not on a hot
            // path; not while a reactor builds its pipeline (its own subscriptions).
            Housekeeping.register(ReactorCoreStorage.self) {
                if ReactorCores.coreBeingStarted == nil, !cores.isEmpty { stopReleasedReactors() }
            }
        }
        if cores.count <= sweepEveryCreationUpTo || cores.count >= sweepAt {
            stopReleasedReactors()
            sweepAt = cores.count * 2
        }
        #if REFLOW_INTERNAL_CHECKS
        precondition(cores[core.ownerID] == nil, "ReactorCoreStorage: a kept core pins its key")
        #endif
        cores[core.ownerID] = core
        checkInvariants()
    }

    /// Forgets a core that was shut down.
    static func forget(_ core: AnyReactorCore) {
        if cores[core.ownerID] === core { cores[core.ownerID] = nil }
        checkInvariants()
    }

    /// Shuts down the cores of released reactors.
    ///
    /// - Complexity: O(*r*) in kept cores (one weak load each).
    static func stopReleasedReactors() {
        for (_, core) in cores where core.owner == nil { ReactorCores.shutDown(core) }
    }

    /// Checks that every core is filed under its own key and runs, and that the cached
    /// core is filed. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    private static func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        guard cores.count <= 256 else { return }
        for (key, core) in cores {
            precondition(core.ownerID == key && !core.isShutDown, "ReactorCoreStorage: a core filed under another key, or stopped")
        }
        if let cached = ReactorCores.lastCore {
            precondition(cores[cached.ownerID] === cached, "ReactorCoreStorage: the cached core is not filed")
        }
        #endif
    }
}
#endif
