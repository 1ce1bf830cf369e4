import Foundation
import ReflowCore

// The slice descriptions again, for Swift 5 code, where a free or static migration
// function is not `Sendable` and turning it into a `@MainActor` one warns (as `Reducer`'s
// Swift 5 forms do). Swift 6 code does not see them. Each migration is carried into the
// `@MainActor` closure in a `MainActorBound`: migrations run on the main actor only, while
// `StatePersistence.restored(_:)` runs.

extension PersistedSlice {
    /// Describes a slice to persist, in Swift 5 code, with migrations that are plain
    /// functions; otherwise the same as the form with `@MainActor` migrations.
    ///
    /// - Parameters:
    ///   - keyPath: Where the slice lives in the state.
    ///   - file: The file name, inside the persistence directory.
    ///   - version: The slice's schema version.
    ///   - migrations: `migrations[v]` turns the JSON payload of version *v* into that of
    ///     version *v + 1*; called on the main actor while restoring.
    @available(swift, obsoleted: 6)
    public init<Slice: Codable & Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Slice>, file: String, version: Int = 1,
        migrations: [Int: (Data) throws -> Data]
    ) {
        self.init(encodedOffMainActor: keyPath, file: file, version: version, migrations: Self.onMainActor(migrations))
    }

    /// Describes a slice that is not `Sendable` to persist, in Swift 5 code, with
    /// migrations that are plain functions; otherwise the same as the form with
    /// `@MainActor` migrations.
    ///
    /// - Parameters:
    ///   - keyPath: Where the slice lives in the state.
    ///   - file: The file name, inside the persistence directory.
    ///   - version: The slice's schema version.
    ///   - migrations: `migrations[v]` turns the JSON payload of version *v* into that of
    ///     version *v + 1*; called on the main actor while restoring.
    @available(swift, obsoleted: 6)
    @_disfavoredOverload
    public init<Slice: Codable & Equatable>(
        _ keyPath: WritableKeyPath<State, Slice>, file: String, version: Int = 1,
        migrations: [Int: (Data) throws -> Data]
    ) {
        self.init(encodedOnMainActor: keyPath, file: file, version: version, migrations: Self.onMainActor(migrations))
    }

    private static func onMainActor(_ migrations: [Int: (Data) throws -> Data]) -> [Int: @MainActor (Data) throws -> Data] {
        migrations.mapValues { migration in
            let migration = MainActorBound(migration)
            return { @MainActor data in try migration.isolatedValue(data) }
        }
    }
}
