import ReflowCore

extension DependencyValues {
    /// The scopes entered and not yet left, innermost last (main actor only).
    @MainActor private static var scopes: [DependencyValues] = []

    /// The dependencies code on the main actor runs with now: the innermost scope's
    /// (a store's dispatch, a hosted reactor's `mutate`, ``withDependencies(_:operation:)``),
    /// or this process's defaults outside every scope.
    ///
    /// - Complexity: O(1).
    @MainActor
    public static var current: DependencyValues {
        scopes.last ?? DependencyValues()
    }

    /// ``current`` when this runs on the main queue (the main actor's executor), `nil` on
    /// any other thread: for code that isolation does not place, as `Dependency`'s.
    static var currentIfOnMainQueue: DependencyValues? {
        guard MainQueueDetection.isOnMainQueue else { return nil }
        return MainActor.assumeIsolated { MainActorBound(current) }.value
    }

    /// Runs `body` with `values` as ``current``.
    @MainActor
    static func withCurrent<Result>(_ values: DependencyValues, _ body: () throws -> Result) rethrows -> Result {
        scopes.append(values)
        defer { scopes.removeLast() }
        return try body()
    }

    /// Where a test dependency used without being overridden is reported; ReflowTesting
    /// sets it to record the failure at the running test.
    @MainActor package static var unoverriddenReporter: (@MainActor (String) -> Void)?

    /// Fails the running test: the dependency `key` was used in a test without a value.
    static func reportUnoverridden<Key>(_ key: Key.Type, valueType: Any.Type) {
        let message = """
            Reflow: the dependency \(key) (\(valueType)) was used in a test without being \
            overridden, so the test got its live value. Override it for the test \
            (testStore.dependencies[\(key).self] = …, store.dependencies, or \
            withDependencies), or give \(key) a testValue.
            """
        if MainQueueDetection.isOnMainQueue, let report = MainActor.assumeIsolated({ unoverriddenReporter }) {
            MainActor.assumeIsolated { report(message) }
        } else {
            fatalError(message)
        }
    }
}

/// Runs `operation` with the dependencies changed by `update`, over the ones in force: for
/// a reactor used on its own, or any code that reads dependencies on the main actor.
///
/// ```swift
/// let reactor = withDependencies { $0.catalogAPI = .offline } operation: {
///     CatalogReactor()
/// }
/// ```
///
/// A value read inside `operation` (by ``Dependency``, or ``DependencyValues/current``)
/// is the overridden one; code that runs later reads the dependencies in force then, so
/// take what a later task needs with it, or override it where that code runs (a store's
/// ``Store/dependencies``, a hosted reactor's).
///
/// - Parameters:
///   - update: Overrides dependencies.
///   - operation: Runs with them.
/// - Returns: What `operation` returns.
@MainActor
public func withDependencies<Result>(_ update: (inout DependencyValues) -> Void,
                                     operation: () throws -> Result) rethrows -> Result {
    try DependencyValues.withCurrent(DependencyValues.current.merging(update), operation)
}
