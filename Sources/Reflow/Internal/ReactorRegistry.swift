/// Where reactors' cores live, so that a reactor class needs no stored property.
///
/// Keyed by the reactor's identity. Each core holds its reactor weakly, and pins its
/// address (an unowned reference keeps the memory, not the object), so while a core is
/// registered no other object can have its key: a lookup needs no weak load. Without the
/// Objective-C runtime there is no hook for a reactor's deinit, so released reactors are
/// found two ways: an effect that delivers for a released reactor shuts its core down; and
/// a sweep every 100 ms, which runs after a reactor is created and for as long as effects
/// run, shuts down the cores of released reactors, cancelling their effects and ending
/// their streams. (No timer runs while nothing happens: a reactor released later is swept
/// at the next creation or effect.)
@MainActor @usableFromInline
package enum ReactorRegistry {
    @usableFromInline static var cores: [ObjectIdentifier: AnyReactorCore] = [:]
    /// The last core looked up: a screen's reactor is asked for again and again.
    @exclusivity(unchecked) @usableFromInline static var lastCore: AnyReactorCore?
    private static var purgeAt = 64
    private static var sweeper: Task<Void, Never>?

    /// Whether a core exists for the reactor with this identity (for leak tests).
    package static func hasCore(for reactorID: ObjectIdentifier) -> Bool {
        cores[reactorID] != nil
    }

    // Inlinable, so a new core is made (and its per-action path specialized) in the
    // reactor's module.
    @inlinable
    static func core<R: Reactor>(for reactor: R) -> ReactorCore<R> {
        let key = ObjectIdentifier(reactor)
        // Invariant: a registered core pins its reactor's address, so the core filed under
        // a live reactor's identity was made for that reactor: it is a ReactorCore<R>.
        if let lastCore, lastCore.ownerID == key {
            return unsafeDowncast(lastCore, to: ReactorCore<R>.self)
        }
        if let existing = cores[key] {
            lastCore = existing
            return unsafeDowncast(existing, to: ReactorCore<R>.self)
        }
        let core = ReactorCore(reactor: reactor)
        register(core)
        core.start()
        return core
    }

    /// Files a new core under its reactor's identity.
    @usableFromInline
    static func register(_ core: AnyReactorCore) {
        assert(cores[core.ownerID] == nil, "ReactorRegistry: a registered core pins its key")
        cores[core.ownerID] = core
        lastCore = core
        watchForReleasedReactors()
        if cores.count >= purgeAt {
            purgeReleased()
            purgeAt = Swift.max(64, cores.count * 2)
        }
    }

    static func shutDown(_ core: AnyReactorCore) {
        core.shutDown()
        if cores[core.ownerID] === core { cores[core.ownerID] = nil }
        if lastCore === core { lastCore = nil }
    }

    /// Shuts down the cores of released reactors.
    static func purgeReleased() {
        for (key, core) in cores where core.owner == nil {
            core.shutDown()
            cores[key] = nil
            if lastCore === core { lastCore = nil }
        }
    }

    /// Starts the sweep that stops released reactors' effects, if it is not running.
    static func watchForReleasedReactors() {
        guard sweeper == nil else { return }
        sweeper = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                purgeReleased()
                if !cores.values.contains(where: \.hasRunningEffects) { break }
            }
            sweeper = nil
        }
    }
}
