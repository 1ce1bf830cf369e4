/// A dependency, read where it is used from the dependencies in force
/// (``DependencyValues/current``), as swift-dependencies' `@Dependency` is:
///
/// ```swift
/// let catalogEffects = Effects<AppState>.on(LoadCatalog.self) { _, _ in
///     @Dependency(\.catalogAPI) var api
///     return .run { [api] send in await send(CatalogLoaded(items: try await api.items())) }
/// }
///
/// final class CatalogReactor: Reactor {
///     @Dependency(\.catalogAPI) var api
///     …
/// }
/// ```
///
/// It is read on the main actor, each time: in a store's effect handler, middleware or
/// thunk, the store's dependencies; in a hosted reactor's `mutate`, the hosting's. An
/// effect's `.run` body, which runs off the main actor, takes the value with it
/// (`[api]`).
@propertyWrapper
public struct Dependency<Value> {
    /// Where the value is found.
    private let keyPath: KeyPath<DependencyValues, Value>

    /// The dependency at `keyPath` of ``DependencyValues``.
    ///
    /// - Parameter keyPath: A property of ``DependencyValues`` (see ``DependencyKey``).
    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in force now.
    ///
    /// - Complexity: O(1).
    @MainActor
    public var wrappedValue: Value {
        DependencyValues.current[keyPath: keyPath]
    }
}
