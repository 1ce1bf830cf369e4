/// What a feature keeps on a store (hosted reactors, entity indexes…), found by its type.
/// The store names no feature: each one files its own object here, and hears when the
/// store ends and when effects are counted, waited for or cancelled.
@MainActor
package protocol StoreFeature: AnyObject {
    /// The store was released: stop what the feature runs (at once on the main queue).
    func storeDidEnd()
    /// The effects the feature runs on the store's behalf.
    var runningEffectCount: Int { get }
    func waitForEffects() async
    func cancelEffects()
}

extension StoreFeature {
    package func storeDidEnd() {}
    package var runningEffectCount: Int { 0 }
    package func waitForEffects() async {}
    package func cancelEffects() {}
}

/// A store's features, one object per feature type.
@MainActor
package final class StoreFeatures {
    private var byType: [ObjectIdentifier: any StoreFeature] = [:]

    /// The feature of type `F`, made by `make` the first time it is asked for.
    package func feature<F: StoreFeature>(_ type: F.Type, orMake make: () -> F) -> F {
        if let existing = byType[ObjectIdentifier(type)] {
            // Filed under its own type only, below.
            return existing as! F
        }
        let made = make()
        byType[ObjectIdentifier(type)] = made
        return made
    }

    /// The feature of type `F`, if the store has it.
    package func existing<F: StoreFeature>(_ type: F.Type) -> F? {
        byType[ObjectIdentifier(type)] as? F
    }

    var runningEffectCount: Int { byType.values.reduce(0) { $0 + $1.runningEffectCount } }

    func waitForEffects() async {
        for feature in Array(byType.values) { await feature.waitForEffects() }
    }

    func cancelEffects() {
        for feature in byType.values { feature.cancelEffects() }
    }

    func storeDidEnd() {
        let features = byType.values
        byType = [:]
        for feature in features { feature.storeDidEnd() }
    }
}
