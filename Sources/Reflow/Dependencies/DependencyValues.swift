import Foundation

/// The dependencies code runs with: each ``DependencyKey``'s value for the context (the
/// app, a preview, a test), and the values overridden for a store, a test store, a hosted
/// reactor or a block of code.
///
/// Give it a property per dependency (see ``DependencyKey``); read one with
/// ``Dependency`` or ``current``; override one by assigning it:
///
/// ```swift
/// store.dependencies.catalogAPI = CatalogAPI(items: { [Item.sample] })
/// ```
///
/// In a test run, a dependency without a `testValue` that is used without being
/// overridden fails the running test with a message naming it (the test gets its live
/// value), so a test never reaches a live client unnoticed. With ReflowTesting's
/// `TestStore` in the test the failure is recorded at the test; otherwise the test process
/// stops with that message.
///
/// Values are read on the main actor, where effect handlers, middleware, thunks and
/// reactors run. A ``Dependency`` declared there keeps them, so an effect's `.run` body,
/// which runs off the main actor, reads the same values.
public struct DependencyValues {
    /// Where code runs, which decides a dependency's default value.
    public enum Context: Sendable, Equatable {
        /// The app: ``DependencyKey/liveValue``.
        case live
        /// Xcode's previews: ``DependencyKey/previewValue``.
        case preview
        /// Tests: ``DependencyKey/testValue``.
        case test

        /// The context of this process: `.test` in a test run, `.preview` in Xcode's
        /// previews, `.live` otherwise.
        public static let detected: Context = {
            if TestRunDirectory.isTestRun { return .test }
            if ProcessInfo.processInfo.environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
            return .live
        }()
    }

    /// The context whose defaults this container gives for dependencies not overridden.
    public var context: Context

    /// The overridden values, by their key's type.
    private var overrides: [ObjectIdentifier: Any] = [:]

    /// A container of no overrides, for `context`.
    ///
    /// - Parameter context: Whose defaults it gives; this process's by default.
    public init(context: Context = .detected) {
        self.context = context
    }

    /// The value of the dependency `key`: the overridden one, or the context's default.
    ///
    /// - Parameter key: The dependency's key.
    /// - Complexity: O(1).
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = overrides[ObjectIdentifier(key)] {
                return value as! Key.Value  // stored under its key, by the setter below
            }
            switch context {
            case .live: return Key.liveValue
            case .preview: return Key.previewValue
            case .test: return Key.testValue
            }
        }
        set { overrides[ObjectIdentifier(key)] = newValue }
    }

    /// These values with `inner`'s overrides over them, in `inner`'s context: a scope
    /// entered inside the one these were taken from.
    func overridden(by inner: DependencyValues) -> DependencyValues {
        if overrides.isEmpty { return inner }
        var merged = self
        merged.context = inner.context
        merged.overrides.merge(inner.overrides) { _, innermost in innermost }
        return merged
    }

    /// These values, changed by `update` (an override per assignment).
    func merging(_ update: (inout DependencyValues) -> Void) -> DependencyValues {
        var merged = self
        update(&merged)
        return merged
    }
}
