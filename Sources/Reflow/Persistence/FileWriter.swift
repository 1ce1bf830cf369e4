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

/// One persisted file of one ``StatePersistence``: it remembers the value it wrote last,
/// so a slice that did not change is not written again. Comparing and encoding happen
/// here, off the main actor.
actor SliceFile<State> {
    let slice: PersistedSlice<State>
    let url: URL
    private var lastWritten: (any Sendable)?

    init(slice: PersistedSlice<State>, url: URL, lastWritten: (any Sendable)?) {
        self.slice = slice
        self.url = url
        self.lastWritten = lastWritten
    }

    /// Writes `value` unless it equals the value written last.
    ///
    /// - Returns: Whether the file was written.
    func save(_ value: any Sendable) async throws -> Bool {
        if let lastWritten, slice.isEqual(lastWritten, value) { return false }
        let data = try StateFile.envelope(try slice.encode(value), version: slice.version)
        try await FileWriter.shared.write(data, to: url)
        lastWritten = value
        return true
    }
}
