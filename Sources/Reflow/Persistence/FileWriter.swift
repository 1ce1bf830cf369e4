import Foundation

/// Writes persisted files one at a time, off the main actor, for every store in the
/// process: two stores (two windows) saving the same slice never interleave writes.
actor FileWriter {
    static let shared = FileWriter()

    /// Writes `data` to `url` atomically (see ``StateFile/write(_:to:)``).
    func write(_ data: Data, to url: URL) throws {
        try StateFile.write(data, to: url)
    }
}
