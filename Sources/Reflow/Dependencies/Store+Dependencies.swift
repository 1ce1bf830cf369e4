import ReflowCore

extension Store {
    /// The dependencies this store's work runs with: its middleware, effect handlers and
    /// thunks, and the reactors hosted on it after they were set. Until you set some, the
    /// store has none of its own: its work reads those in force where it runs
    /// (``DependencyValues/current``, the process's defaults outside every scope), at no
    /// cost to a dispatch; reading this property returns those.
    ///
    /// ```swift
    /// let store = Store(reducer: appReducer, state: AppState(), middleware: [appEffects.middleware])
    /// store.dependencies.catalogAPI = CatalogAPI(items: { [Item.sample] })   // a preview's store
    /// ```
    ///
    /// Set them before hosting reactors that read them: a hosting takes the store's
    /// dependencies as they are when it begins. Setting any makes each dispatch enter
    /// them (one middleware, first in the chain).
    public var dependencies: DependencyValues {
        get { features.existing(StoreDependencies.self)?.values ?? DependencyValues.current }
        set {
            let scope = features.feature(StoreDependencies.self) {
                let scope = StoreDependencies(values: newValue)
                prependMiddleware(Middleware { _, action, next in
                    DependencyValues.withCurrent(scope.values) { next(action) }
                })
                return scope
            }
            scope.values = newValue
        }
    }
}

/// A store's own dependencies, once set.
@MainActor
final class StoreDependencies: StoreFeature {
    var values: DependencyValues

    init(values: DependencyValues) {
        self.values = values
    }
}
