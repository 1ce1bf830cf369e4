/// Where reactors' cores live, so that a reactor class needs no stored property.
///
/// Keyed by the reactor's identity; each core holds its reactor weakly. Without the
/// Objective-C runtime there is no hook for a reactor's deinit, so released reactors are
/// found three ways: a core is replaced when its key (an address) is reused; an effect
/// that delivers for a released reactor shuts its core down; and a sweep every 100 ms,
/// which runs after a reactor is created and for as long as effects run, shuts down the
/// cores of released reactors, cancelling their effects and ending their streams. (No
/// timer runs while nothing happens: a reactor released later is swept at the next
/// creation or effect.)
@MainActor
package enum ReactorRegistry {
    private static var cores: [ObjectIdentifier: AnyReactorCore] = [:]
    private static var purgeAt = 64
    private static var sweeper: Task<Void, Never>?

    /// Whether a core exists for the reactor with this identity (for leak tests).
    package static func hasCore(for reactorID: ObjectIdentifier) -> Bool {
        cores[reactorID] != nil
    }

    static func core<R: Reactor>(for reactor: R) -> ReactorCore<R> {
        let key = ObjectIdentifier(reactor)
        if let existing = cores[key] {
            if existing.owner === reactor {
                // Invariant: the entry for a live reactor's identity was made for that
                // reactor, so it is a ReactorCore<R>; debug builds check the cast.
                return unsafeDowncast(existing, to: ReactorCore<R>.self)
            }
            existing.shutDown()  // a released reactor's core, at an address reused now
        }
        let core = ReactorCore(reactor: reactor)
        cores[key] = core
        core.start()
        watchForReleasedReactors()
        if cores.count >= purgeAt {
            purgeReleased()
            purgeAt = Swift.max(64, cores.count * 2)
        }
        return core
    }

    static func shutDown(_ core: AnyReactorCore) {
        core.shutDown()
        if cores[core.ownerID] === core { cores[core.ownerID] = nil }
    }

    /// Shuts down the cores of released reactors.
    static func purgeReleased() {
        for (key, core) in cores where core.owner == nil {
            core.shutDown()
            cores[key] = nil
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
