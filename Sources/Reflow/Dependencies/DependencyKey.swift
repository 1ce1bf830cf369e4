/// A dependency: its type, and the value it has where the app runs, in previews and in
/// tests. Declare one with a key and a property of ``DependencyValues``, as
/// swift-dependencies does, without macros:
///
/// ```swift
/// struct CatalogAPI {
///     var items: @Sendable () async throws -> [Item]
/// }
///
/// enum CatalogAPIKey: DependencyKey {
///     static let liveValue = CatalogAPI(items: { try await URLSession.shared.items() })
///     static let previewValue = CatalogAPI(items: { [Item.sample] })
///     // no testValue: a test that uses it without overriding it fails, naming it
/// }
///
/// extension DependencyValues {
///     var catalogAPI: CatalogAPI {
///         get { self[CatalogAPIKey.self] }
///         set { self[CatalogAPIKey.self] = newValue }
///     }
/// }
/// ```
///
/// Read it with ``Dependency`` (`@Dependency(\.catalogAPI) var api`) in effect handlers,
/// middleware, thunks and reactors; override it per store (``Store/dependencies``), per
/// test store, per hosted reactor, or for a block of code (``withDependencies(_:operation:)``).
public protocol DependencyKey {
    /// The dependency's type: a struct of closures, a protocol, a client object.
    associatedtype Value

    /// The value in the running app.
    static var liveValue: Value { get }

    /// The value in Xcode's previews; ``liveValue`` unless you give one.
    static var previewValue: Value { get }

    /// The value in tests. Unless you give one, a test that uses the dependency without
    /// overriding it fails with a message naming it (see ``DependencyValues``), and gets
    /// ``liveValue``.
    static var testValue: Value { get }
}

extension DependencyKey {
    public static var previewValue: Value { liveValue }

    public static var testValue: Value {
        DependencyValues.reportUnoverridden(Self.self, valueType: Value.self)
        return liveValue
    }
}
