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
/// It keeps the dependencies in force where it is declared (as swift-dependencies'
/// `@Dependency` keeps its initial values), and reads over them the ones in force where it
/// is read:
/// - on the main actor, the innermost scope's overrides win: in a store's effect handler,
///   middleware or thunk, the store's dependencies; in a hosted reactor's `mutate`, the
///   hosting's;
/// - off the main actor (an effect's `.run` body, a detached task), the ones in force
///   where it was declared. So a handler's `@Dependency(\.api) var api`, used inside the
///   `.run` it returns, is the store's `api`, with or without a capture list (`[api]`).
///
/// Declared off the main actor, it has no scope to keep, and is read as the process's
/// defaults there (in a test, a dependency without a `testValue` then stops with a message
/// naming it).
@propertyWrapper
public struct Dependency<Value> {
    /// Where the value is found.
    private let keyPath: KeyPath<DependencyValues, Value>

    /// The dependencies in force where this was declared (`nil` off the main actor).
    private let declaredIn: DependencyValues?

    /// The dependency at `keyPath` of ``DependencyValues``.
    ///
    /// - Parameter keyPath: A property of ``DependencyValues`` (see ``DependencyKey``).
    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
        self.declaredIn = DependencyValues.currentIfOnMainQueue
    }

    /// The value in force now: the scope's where it is read on the main actor, over the
    /// one where it was declared.
    ///
    /// - Complexity: O(1) off the main actor; O(*k*) on it, for *k* dependencies the
    ///   innermost scope overrides.
    public var wrappedValue: Value {
        let values: DependencyValues
        switch (declaredIn, DependencyValues.currentIfOnMainQueue) {
        case let (declared?, current?): values = declared.overridden(by: current)
        case let (declared?, nil): values = declared
        case let (nil, current?): values = current
        case (nil, nil): values = DependencyValues()
        }
        return values[keyPath: keyPath]
    }
}
