import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A persisted slice on disk: a versioned envelope, written atomically.
///
/// The file is a header line, `{"reflowState":1,"version":2}`, then the slice as JSON:
/// the payload is read and migrated as bytes, without decoding it twice. A write goes to a
/// temporary file in the same directory, is flushed to disk (`F_FULLFSYNC` on Darwin,
/// `fsync` on Linux: see `flushToDisk`), and replaces the old file with `rename(2)`, which
/// is atomic: a crash, kill or power loss at any moment leaves either the old or the new
/// complete file, never a torn one.
enum StateFile {
    struct Header: Codable {
        var reflowState: Int
        var version: Int
    }

    /// What reading a file found.
    enum Contents {
        case missing
        /// The payload, already migrated to `version`.
        case payload(Data)
        case failure(PersistenceError, blocksWrites: Bool)
    }

    /// Builds the envelope for `payload` (JSON) at `version`.
    static func envelope(_ payload: Data, version: Int) throws -> Data {
        var data = try JSONEncoder().encode(Header(reflowState: 1, version: version))
        data.append(UInt8(ascii: "\n"))
        data.append(payload)
        return data
    }

    /// Reads `url` and migrates its payload to `version`.
    @MainActor static func read(_ url: URL, version: Int, migrations: [Int: @MainActor (Data) throws -> Data]) -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return .missing }
        let header: Header
        var payload: Data
        do {
            let data = try Data(contentsOf: url)
            guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else {
                return unreadable(url, because: data.isEmpty ? "it is empty" : "it has no header line")
            }
            header = try JSONDecoder().decode(Header.self, from: data[data.startIndex..<newline])
            payload = Data(data[data.index(after: newline)...])
        } catch {
            return unreadable(url, because: "it is not a saved state (\(error))")
        }
        if header.version > version {
            return .failure(PersistenceError(
                kind: .newerVersion, file: url, movedTo: nil,
                message: "\(url.lastPathComponent) was written by schema version \(header.version), newer than \(version); "
                    + "the slice starts from its default and the file is kept unchanged (it is not overwritten this session)."
            ), blocksWrites: true)
        }
        var current = header.version
        while current < version {
            guard let step = migrations[current] else {
                return .failure(PersistenceError(
                    kind: .missingMigration, file: url, movedTo: nil,
                    message: "\(url.lastPathComponent) has schema version \(header.version) and there is no migration from "
                        + "version \(current) to \(current + 1); add `migrations[\(current)]`. The slice starts from its "
                        + "default and the file is kept unchanged."
                ), blocksWrites: true)
            }
            do {
                payload = try step(payload)
            } catch {
                return .failure(PersistenceError(
                    kind: .migrationFailed, file: url, movedTo: nil,
                    message: "Migrating \(url.lastPathComponent) from version \(current) to \(current + 1) failed (\(error)); "
                        + "the slice starts from its default and the file is kept unchanged."
                ), blocksWrites: true)
            }
            current += 1
        }
        return .payload(payload)
    }

    /// Moves an unreadable file aside (kept, with a timestamped name) and describes it.
    static func unreadable(_ url: URL, because reason: String) -> Contents {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "-")
        var aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).unreadable-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside.path) {
            attempt += 1
            aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).unreadable-\(stamp)-\(attempt)")
        }
        let moved = (try? FileManager.default.moveItem(at: url, to: aside)) != nil
        return .failure(PersistenceError(
            kind: .unreadable, file: url, movedTo: moved ? aside : nil,
            message: "\(url.lastPathComponent) could not be read: \(reason). "
                + (moved ? "It was moved to \(aside.lastPathComponent), and " : "It could not be moved aside, and ")
                + "the slice starts from its default."
        ), blocksWrites: !moved)
    }

    /// The name prefix of `url`'s temporary files.
    static func temporaryPrefix(of url: URL) -> String {
        ".\(url.lastPathComponent)."
    }

    /// Removes temporary files a write to `url` left when the process died mid-write.
    static func removeUnfinishedWrites(of url: URL) {
        let directory = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(temporaryPrefix(of: url)) && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Writes `data` to `url` atomically: temporary file, flushed, renamed over the old one.
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent("\(temporaryPrefix(of: url))\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            // On disk before it can replace the old file.
            guard flushToDisk(handle.fileDescriptor) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        // The rename itself reaches the disk when the directory does (a power loss right
        // after it must not bring the old file back); a kill needs no more than the rename.
        let descriptor = open(directory.path, O_RDONLY)
        if descriptor >= 0 {
            _ = flushToDisk(descriptor)
            _ = close(descriptor)
        }
    }
}
