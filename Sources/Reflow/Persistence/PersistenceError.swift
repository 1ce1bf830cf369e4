import Foundation

/// Why a persisted slice could not be restored or saved. Reported through the
/// `onError` hook of ``StatePersistence``; the app's state is never the casualty: a slice
/// that cannot be restored starts from its default, and a file that cannot be read is kept.
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a value to switch over with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The file could not be decoded (corrupt, truncated, empty, or of another type).
        /// It was moved aside, see ``PersistenceError/movedTo``.
        public static let unreadable = Kind(name: "unreadable")
        /// The file was written by a newer schema version than the app knows. It was left
        /// in place and is not overwritten this session.
        public static let newerVersion = Kind(name: "newerVersion")
        /// No migration leads from the file's version to the current one. The file was left
        /// in place and is not overwritten this session.
        public static let missingMigration = Kind(name: "missingMigration")
        /// A migration step threw. The file was left in place and is not overwritten.
        public static let migrationFailed = Kind(name: "migrationFailed")
        /// Writing failed; the in-memory state is untouched and the old file, if any, too.
        public static let writeFailed = Kind(name: "writeFailed")

        public var description: String { name }
    }

    /// What went wrong.
    public let kind: Kind
    /// The file concerned.
    public let file: URL
    /// Where an unreadable file was moved (kept, never deleted).
    public let movedTo: URL?
    /// A sentence that says what happened and what the app did about it.
    public let message: String

    public var description: String { message }
}
