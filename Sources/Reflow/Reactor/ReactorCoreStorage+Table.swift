import ReflowCore

#if !canImport(ObjectiveC)
/// Where reactors' cores are kept on platforms without per-object storage (Linux): a
/// table keyed by the reactor's identity, kept in ``ReactorCores/kept``.
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
struct ReactorCoreStorage {
    private var cores: [ObjectIdentifier: AnyReactorCore] = [:]
    /// The count of cores at which creating a reactor sweeps next.
    private var sweepAt = 0
    /// Above this many cores, creating a reactor sweeps only when the count doubled, so
    /// creating many live reactors stays linear.
    private static let sweepEveryCreationUpTo = 512

    /// Whether released reactors' cores wait here until a sweep stops them.
    static let sweepsReleasedCores = true

    /// The cores that run.
    var runningCount: Int { cores.count }

    /// The core kept for `reactor`, if any.
    func core(of reactor: AnyObject) -> AnyReactorCore? {
        cores[ObjectIdentifier(reactor)]
    }

    /// The cores of released reactors, which the caller shuts down.
    ///
    /// - Complexity: O(*r*) in kept cores (one weak load each).
    func releasedCores() -> [AnyReactorCore] {
        cores.values.filter { $0.owner == nil }
    }

    /// The cores of released reactors to shut down before one more is kept: all of them
    /// while there are few cores, then only each time their count has doubled.
    mutating func releasedCoresBeforeKeepingOneMore() -> [AnyReactorCore] {
        guard cores.count <= Self.sweepEveryCreationUpTo || cores.count >= sweepAt else { return [] }
        let released = releasedCores()
        sweepAt = (cores.count - released.count) * 2
        return released
    }

    /// Files a new core under its reactor's identity.
    mutating func keep(_ core: AnyReactorCore, for reactor: AnyObject) {
        #if REFLOW_INTERNAL_CHECKS
        precondition(cores[core.ownerID] == nil, "ReactorCoreStorage: a kept core pins its key")
        #endif
        cores[core.ownerID] = core
        checkInvariants()
    }

    /// Forgets a core that was shut down.
    mutating func forget(_ core: AnyReactorCore) {
        if cores[core.ownerID] === core { cores[core.ownerID] = nil }
        checkInvariants()
    }

    /// Checks that every core is filed under its own key and runs. Compiles to nothing
    /// unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants(cached: AnyReactorCore? = nil) {
        #if REFLOW_INTERNAL_CHECKS
        guard cores.count <= 256 else { return }
        for (key, core) in cores {
            precondition(core.ownerID == key && !core.isShutDown, "ReactorCoreStorage: a core filed under another key, or stopped")
        }
        if let cached {
            precondition(cores[cached.ownerID] === cached, "ReactorCoreStorage: the cached core is not filed")
        }
        #endif
    }
}
#endif
