import ReflowCore

/// The reactors hosted in one store, owned by it: a hosted reactor lives until
/// ``Store/stopHosting(_:)`` or until the store is released, and then stops at once (its
/// effects cancelled, its pipeline ended, its reducer and routes gone).
@MainActor
final class ReactorHostings: StoreFeature {
    private struct Hosting {
        let reactor: AnyObject
        let core: AnyReactorCore
    }

    /// Keyed by the reactor's identity.
    private var hostings: [ObjectIdentifier: Hosting] = [:]

    func add(_ reactor: AnyObject, core: AnyReactorCore) {
        hostings[ObjectIdentifier(reactor)] = Hosting(reactor: reactor, core: core)
    }

    /// The hosting of the one reactor of type `reactorType` hosted here, or `nil` when there
    /// is none or more than one (an imported mutation cannot then be bound to one).
    func hostID(ofReactorType reactorType: Any.Type) -> ObjectIdentifier? {
        let matching = hostings.values.filter { ObjectIdentifier(type(of: $0.reactor)) == ObjectIdentifier(reactorType) }
        return matching.count == 1 ? ObjectIdentifier(matching[0].core) : nil
    }

    /// Stops hosting `reactor`; returns `false` when it is not hosted here.
    func remove(_ reactor: AnyObject) -> Bool {
        guard let hosting = hostings.removeValue(forKey: ObjectIdentifier(reactor)) else { return false }
        ReactorCores.shutDown(hosting.core)
        return true
    }

    func storeDidEnd() {
        let ended = hostings.values
        hostings = [:]
        for hosting in ended { ReactorCores.shutDown(hosting.core) }
    }

    var runningEffectCount: Int { hostings.values.reduce(0) { $0 + $1.core.effectCount } }

    func waitForEffects() async {
        while let busy = hostings.values.first(where: { $0.core.effectCount > 0 }) {
            await busy.core.waitForEffects()
        }
    }

    func cancelEffects() {
        for hosting in hostings.values { hosting.core.cancelEffects() }
    }
}
