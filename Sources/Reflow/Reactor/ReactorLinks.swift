/// The reactors whose pipelines depend on one store: hosted there, or subscribed to it
/// from `transform(mutation:)`. A dispatch to the store stops the released ones first,
/// so a released reactor never reacts, and its subscriptions leave the store.
@MainActor @usableFromInline
final class ReactorLinks {
    private struct Link {
        let core: AnyReactorCore
        var isHosted: Bool
    }

    private var links: [Link] = []
    /// Runs when the list becomes empty or non-empty (the store's fast path depends on it).
    var onChange: (() -> Void)?

    var isEmpty: Bool { links.isEmpty }

    func link(_ core: AnyReactorCore, isHosted: Bool) {
        let wasEmpty = links.isEmpty
        links.removeAll { $0.core.isShutDown }  // stopped elsewhere (a view let go)
        if let index = links.firstIndex(where: { $0.core === core }) {
            links[index].isHosted = links[index].isHosted || isHosted
        } else {
            links.append(Link(core: core, isHosted: isHosted))
        }
        checkInvariants()
        if wasEmpty != links.isEmpty { onChange?() }
    }

    /// Stops the linked reactors that were released, and drops links to stopped cores.
    ///
    /// - Complexity: O(*k*) in linked reactors: one weak load each.
    ///
    /// - Parameter alive: A core known to be alive: the one whose reactor is dispatching
    ///   its own mutation holds the reactor. Its weak load is skipped (a weakly referenced
    ///   object pays the runtime's slow release after each load; benchmark R1h).
    @usableFromInline
    func stopReleasedReactors(except alive: ObjectIdentifier? = nil) {
        guard !links.isEmpty else { return }
        var stopped = false
        for link in links where link.core.isShutDown || (ObjectIdentifier(link.core) != alive && link.core.owner == nil) {
            ReactorRegistry.shutDown(link.core)
            stopped = true
        }
        guard stopped else { return }
        links.removeAll { $0.core.isShutDown }
        checkInvariants()
        if links.isEmpty { onChange?() }
    }

    /// Checks that each core is linked once and no stopped core stays linked after a
    /// sweep. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        let ids = links.map { ObjectIdentifier($0.core) }
        precondition(Set(ids).count == ids.count, "ReactorLinks: a core linked twice")
        precondition(!links.contains { $0.core.isShutDown }, "ReactorLinks: a stopped core still linked")
        #endif
    }

    /// The effects that hosted reactors run.
    var hostedEffectCount: Int {
        stopReleasedReactors()
        return links.reduce(0) { $0 + ($1.isHosted ? $1.core.effectCount : 0) }
    }

    /// Waits until no hosted reactor runs an effect.
    func waitForHostedEffects() async {
        while let busy = links.first(where: { $0.isHosted && $0.core.effectCount > 0 }) {
            await busy.core.waitForEffects()
        }
    }

    /// Cancels every effect of the hosted reactors.
    func cancelHostedEffects() {
        for link in links where link.isHosted { link.core.cancelEffects() }
    }
}
