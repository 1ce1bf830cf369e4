import Foundation
import ReflowCore

/// One slice of the state that ``StatePersistence`` saves to a file of its own.
///
/// ```swift
/// let settings = PersistedSlice(\AppState.settings, file: "settings.json", version: 2,
///                               migrations: [1: SettingsV1ToV2.migrate])
/// ```
///
/// A file records the slice's schema `version`. When the app reads a file of an older
/// version, it applies `migrations[v]` (which turns the payload of version *v* into the
/// payload of *v + 1*) from the file's version up to the current one.
public struct PersistedSlice<State>: Sendable {
    /// The file name, inside the persistence directory.
    public let file: String
    /// The schema version written now.
    public let version: Int
    let migrations: [Int: @MainActor (Data) throws -> Data]
    let take: @MainActor (State) -> any Sendable
    let encode: @Sendable (any Sendable) throws -> Data
    let isEqual: @Sendable (any Sendable, any Sendable) -> Bool
    let decodeInto: @MainActor (Data, inout State) throws -> Void

    /// Describes a slice to persist.
    ///
    /// - Parameters:
    ///   - keyPath: Where the slice lives in the state.
    ///   - file: The file name, inside the persistence directory.
    ///   - version: The slice's schema version; bump it when its shape changes, and add a
    ///     migration from the previous version.
    ///   - migrations: `migrations[v]` turns the JSON payload of version *v* (the bytes after
    ///     the file's header line: the slice's JSON as that version wrote it) into that of
    ///     version *v + 1*. Called on the main actor, while ``StatePersistence/restored(_:)``
    ///     runs, so a static function of the app's own enum, a free function or a closure
    ///     works as written, also under Xcode 26's default isolation.
    public init<Slice: Codable & Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Slice>, file: String, version: Int = 1,
        migrations: [Int: @MainActor (Data) throws -> Data] = [:]
    ) {
        self.init(encodedOffMainActor: keyPath, file: file, version: version, migrations: migrations)
    }

    /// A slice encoded off the main actor (the first public initializer).
    init<Slice: Codable & Equatable & Sendable>(
        encodedOffMainActor keyPath: WritableKeyPath<State, Slice>, file: String, version: Int,
        migrations: [Int: @MainActor (Data) throws -> Data]
    ) {
        let slice = UncheckedSendable(keyPath)  // a key path
        self.file = file
        self.version = version
        self.migrations = migrations
        self.take = { $0[keyPath: slice.value] }
        // Invariant for the casts: every value these closures get was made by `take`, so
        // it is a Slice.
        self.encode = { value in try JSONEncoder().encode(value as! Slice) }
        self.isEqual = { lhs, rhs in (lhs as! Slice) == (rhs as! Slice) }
        self.decodeInto = { data, state in state[keyPath: slice.value] = try JSONDecoder().decode(Slice.self, from: data) }
    }

    /// Describes a slice to persist whose `Codable` conformance is not usable off the main
    /// actor: under Xcode 26's default isolation an app's `struct Settings: Codable` is
    /// main-actor isolated, and needs no `nonisolated` here.
    ///
    /// Swift picks this initializer only when the other cannot take the slice. Such a
    /// slice is encoded on the main actor when it is written (debounced, as every write
    /// is), and compared with what was written last by its encoding, off the main actor;
    /// restoring decodes on the main actor, as for every slice. Encoding holds the main
    /// actor for as long as it takes: benchmark P1m gives it for a slice of about 1 MB. A
    /// `Sendable` slice with nonisolated conformances is encoded off the main actor.
    ///
    /// - Parameters:
    ///   - keyPath: Where the slice lives in the state.
    ///   - file: The file name, inside the persistence directory.
    ///   - version: The slice's schema version; bump it when its shape changes, and add a
    ///     migration from the previous version.
    ///   - migrations: `migrations[v]` turns the JSON payload of version *v* (the bytes after
    ///     the file's header line: the slice's JSON as that version wrote it) into that of
    ///     version *v + 1*. Called on the main actor, while ``StatePersistence/restored(_:)``
    ///     runs, so a static function of the app's own enum, a free function or a closure
    ///     works as written, also under Xcode 26's default isolation.
    @_disfavoredOverload
    public init<Slice: Codable & Equatable>(
        _ keyPath: WritableKeyPath<State, Slice>, file: String, version: Int = 1,
        migrations: [Int: @MainActor (Data) throws -> Data] = [:]
    ) {
        self.init(encodedOnMainActor: keyPath, file: file, version: version, migrations: migrations)
    }

    /// A slice encoded on the main actor (the disfavored public initializer).
    init<Slice: Codable & Equatable>(
        encodedOnMainActor keyPath: WritableKeyPath<State, Slice>, file: String, version: Int,
        migrations: [Int: @MainActor (Data) throws -> Data]
    ) {
        let slice = UncheckedSendable(keyPath)  // a key path
        self.file = file
        self.version = version
        self.migrations = migrations
        self.take = { state in
            // Encoded here, on the main actor, where the slice's conformance is valid.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys  // equal slices, equal bytes
            return EncodedSlice(result: Result { try encoder.encode(state[keyPath: slice.value]) })
        }
        // Invariant for the casts: every value these closures get was made by `take`, so
        // it is an EncodedSlice.
        self.encode = { value in try (value as! EncodedSlice).result.get() }
        self.isEqual = { lhs, rhs in
            guard case .success(let old) = (lhs as! EncodedSlice).result,
                  case .success(let new) = (rhs as! EncodedSlice).result else { return false }
            return old == new
        }
        self.decodeInto = { data, state in state[keyPath: slice.value] = try JSONDecoder().decode(Slice.self, from: data) }
    }
}

/// A slice encoded on the main actor (see the disfavored `PersistedSlice` initializer).
private struct EncodedSlice: Sendable {
    let result: Result<Data, any Error>
}
