import Foundation
import Reflow
import ReflowCore

/// The action types a history export may contain, by name, and how to encode and decode
/// each.
///
/// ```swift
/// var types = ActionTypes()
/// types.register(Increment.self)
/// types.register(Rename.self)
/// let data = try history.exportJSON(actionTypes: types)
/// try otherHistory.importJSON(data, actionTypes: types)
/// ```
public struct ActionTypes {
    struct Coder {
        let name: String
        /// Whether the type is a hosted reactor's mutation: exported and imported, never
        /// dispatched from the inspector (its reactor's action is).
        let isHostedMutation: Bool
        let encode: (any Action, JSONEncoder) throws -> Data
        let decode: (Data, JSONDecoder) throws -> any Action
    }

    private(set) var byName: [String: Coder] = [:]
    private(set) var byType: [ObjectIdentifier: Coder] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `type` under `name`.
    ///
    /// - Parameters:
    ///   - type: A `Codable` action type.
    ///   - name: Its name in exports; the type's name by default. Names must be unique.
    public mutating func register<A: Action & Codable>(_ type: A.Type, as name: String? = nil) {
        let name = name ?? String(describing: A.self)
        guard byName[name] == nil else {
            fatalError("ActionTypes.register: the name \"\(name)\" is already registered; pass another with as:.")
        }
        let coder = Coder(
            name: name,
            isHostedMutation: A.self is any HostedMutation.Type,
            encode: { action, encoder in try encoder.encode(action as! A) },
            decode: { data, decoder in try decoder.decode(ActionField<A>.self, from: data).action }
        )
        byName[name] = coder
        byType[ObjectIdentifier(A.self)] = coder
    }
}

/// A history export that cannot be read, or a history that cannot be exported: where,
/// and why.
public struct HistoryFileError: Error, Equatable, CustomStringConvertible {
    /// The line of the export (1 is the header); `nil` when exporting.
    public let line: Int?
    /// The entry (1 is the first), or `nil` for the header.
    public let entry: Int?
    /// The field that failed (`state.user.name`, `type`), or `nil` for the whole line.
    public let field: String?
    /// What went wrong.
    public let message: String

    /// An error at a place in an export.
    ///
    /// - Parameters:
    ///   - line: The line, or `nil` when exporting.
    ///   - entry: The entry, or `nil` for the header.
    ///   - field: The field, or `nil` for the whole line.
    ///   - message: What went wrong.
    public init(line: Int?, entry: Int?, field: String?, message: String) {
        self.line = line
        self.entry = entry
        self.field = field
        self.message = message
    }

    public var description: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let entry { place.append("entry \(entry)") }
        if let field { place.append("field \(field)") }
        return "History file: \(place.joined(separator: ", ")): \(message)"
    }
}

/// The header line of an export.
private struct Header<State: Codable>: Codable {
    var reflowHistory: Int
    var count: Int
    var initialState: State
    /// The step number of the first entry, as the inspector's timeline numbers it (older
    /// entries were dropped when it is over 1); absent in older exports, which start at 1.
    var firstStep: Int?
}

/// The fields of an entry line that do not depend on the action's type.
private struct EntryLine: Codable {
    var entry: Int
    /// The entry's step number on the inspector's timeline (`#130`).
    var step: Int?
    var type: String
    var time: Double
    var reactor: String?
    /// Present when the action was not reduced from the previous entry's state.
    var gap: HistoryGap?
    /// Present, and true, when the action was turned off.
    var skipped: Bool?
}

private struct StateField<State: Codable>: Codable { var state: State }
/// The state an entry after a gap was reduced from.
private struct BeforeField<State: Codable>: Codable { var before: State }
private struct ActionField<A: Codable>: Codable { var action: A }

extension History where State: Codable {
    /// The history as JSON Lines: a header with the initial state, then one line per
    /// entry with the action's registered name, the action, the state and the time.
    ///
    /// - Parameter actionTypes: The action types the entries may hold.
    /// - Returns: The export, UTF-8.
    /// - Throws: ``HistoryFileError`` naming the first entry whose action type is not
    ///   registered (a hosted reactor's mutation, say), or whose value fails to encode.
    public func exportJSON(actionTypes: ActionTypes) throws -> Data {
        guard let initialState else {
            throw HistoryFileError(line: nil, entry: nil, field: nil, message: "nothing to export: no store was ever attached")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines: [Data] = []
        lines.append(try encoder.encode(Header(reflowHistory: 1, count: entries.count, initialState: initialState,
                                               firstStep: firstSequence)))
        for (offset, entry) in entries.enumerated() {
            guard let coder = actionTypes.byType[ObjectIdentifier(type(of: entry.action))] else {
                throw HistoryFileError(line: nil, entry: offset + 1, field: "action",
                                       message: "\(type(of: entry.action)) is not registered in ActionTypes")
            }
            let fixed = try encoder.encode(EntryLine(entry: offset + 1, step: firstSequence + offset, type: coder.name,
                                                     time: entry.time.timeIntervalSinceReferenceDate, reactor: entry.reactor,
                                                     gap: entry.gap, skipped: entry.isSkipped ? true : nil))
            let action = try coder.encode(entry.action, encoder)
            let state = try encoder.encode(entry.state)
            // {"entry":…,"reactor":…,"time":…,"type":…} + "action" + "state", one line.
            var line = fixed.dropLast()
            line.append(contentsOf: Data(#","action":"#.utf8))
            line.append(action)
            line.append(contentsOf: Data(#","state":"#.utf8))
            line.append(state)
            if entry.gap != nil {
                line.append(contentsOf: Data(#","before":"#.utf8))
                line.append(try encoder.encode(entry.stateBefore))
            }
            line.append(contentsOf: Data("}".utf8))
            lines.append(Data(line))
        }
        return Data(lines.joined(separator: Data("\n".utf8))) + Data("\n".utf8)
    }

    /// Replaces the entries with those of an export. The store's state is not changed;
    /// ``jump(to:)`` shows any of them. An action dispatched before any jump is recorded
    /// after the imported entries with the state the app held as its state before, and a
    /// ``HistoryGap/imported`` gap saying so. Entries keep the step numbers they were
    /// exported with.
    ///
    /// Nothing is imported unless the whole export reads: a truncated or corrupted file,
    /// an unknown action type or a field that does not decode is an error that says where.
    ///
    /// - Parameters:
    ///   - data: An export made by ``exportJSON(actionTypes:)``.
    ///   - actionTypes: The action types the entries may hold.
    /// - Throws: ``HistoryFileError`` with the line, the entry and the field that failed.
    public func importJSON(_ data: Data, actionTypes: ActionTypes) throws {
        var job = try ImportJob(data, actionTypes: actionTypes)
        while try !job.decode(until: nil) {}
        finish(job)
    }

    /// Replaces the entries with those `job` decoded, all of them.
    func finish(_ job: ImportJob) {
        replaceEntries(initialState: job.initialState, entries: job.imported, firstStep: job.firstStep)
    }

    /// An import decoded a few entries at a time, so that a large file never holds the
    /// main actor for long: the live inspector decodes one turn of it per answer it gives
    /// (a 60 MB file held the app's keys for 6.6 s when decoded in one go). A type's
    /// `Codable` conformance may be main-actor isolated (an app's default isolation), so the
    /// decoding itself stays on the main actor.
    @MainActor struct ImportJob {
        private let data: Data
        /// Where the next line starts; lines are found a turn at a time, not all at once.
        private var cursor: Data.Index
        /// The number of the line read last (the header is line 1).
        private var lineNumber = 1
        private let actionTypes: ActionTypes
        private let decoder = JSONDecoder()
        private let count: Int
        let initialState: State
        let firstStep: Int
        private(set) var imported: [Entry] = []

        /// Reads the header; the entries are decoded by ``decode(until:)``.
        init(_ data: Data, actionTypes: ActionTypes) throws {
            self.data = data
            cursor = data.startIndex
            self.actionTypes = actionTypes
            guard let first = Self.line(in: data, from: &cursor), !first.isEmpty else {
                throw HistoryFileError(line: 1, entry: nil, field: nil, message: "the file is empty")
            }
            let header: Header<State> = try History.decode(Header<State>.self, from: first, line: 1, entry: nil, decoder: decoder)
            guard header.reflowHistory == 1 else {
                throw HistoryFileError(line: 1, entry: nil, field: "reflowHistory",
                                       message: "version \(header.reflowHistory) is newer than this Reflow reads (1)")
            }
            guard header.count >= 0 else {
                throw HistoryFileError(line: 1, entry: nil, field: "count",
                                       message: "the number of entries must be 0 or more, not \(header.count)")
            }
            guard (header.firstStep ?? 1) >= 1 else {
                throw HistoryFileError(line: 1, entry: nil, field: "firstStep",
                                       message: "the first step number must be 1 or more, not \(header.firstStep ?? 1)")
            }
            count = header.count
            initialState = header.initialState
            firstStep = header.firstStep ?? 1
        }

        /// The line of `data` that starts at `cursor`, without its newline, and moves
        /// `cursor` past it; `nil` at the end (a final newline ends the last line).
        private static func line(in data: Data, from cursor: inout Data.Index) -> Data? {
            guard cursor < data.endIndex else { return nil }
            let end = data[cursor...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            let line = Data(data[cursor..<end])
            cursor = end < data.endIndex ? data.index(after: end) : end
            return line
        }

        /// Decodes entries until `deadline` (all of them when `nil`), at least one a call,
        /// so that every turn makes progress.
        ///
        /// - Returns: Whether every entry is decoded and the file is whole.
        mutating func decode(until deadline: ContinuousClock.Instant?) throws -> Bool {
            while let line = Self.line(in: data, from: &cursor) {
                lineNumber += 1
                guard imported.count < count else {
                    throw HistoryFileError(line: lineNumber, entry: nil, field: nil,
                                           message: "the file has more entries than its header's \(count)")
                }
                try decodeEntry(line, at: imported.count, line: lineNumber)
                if let deadline, cursor < data.endIndex, ContinuousClock.now >= deadline { return false }
            }
            guard imported.count == count else {
                throw HistoryFileError(line: lineNumber, entry: nil, field: nil,
                                       message: "the file ends after \(imported.count) of \(count) entries: it was truncated")
            }
            return true
        }

        private mutating func decodeEntry(_ line: Data, at offset: Int, line number: Int) throws {
            let fixed = try History.decode(EntryLine.self, from: line, line: number, entry: offset + 1, decoder: decoder)
            guard fixed.entry == offset + 1 else {
                throw HistoryFileError(line: number, entry: offset + 1, field: "entry",
                                       message: "expected entry \(offset + 1), found \(fixed.entry): lines are missing or out of order")
            }
            guard let coder = actionTypes.byName[fixed.type] else {
                throw HistoryFileError(line: number, entry: fixed.entry, field: "type",
                                       message: "unknown action type \"\(fixed.type)\"; register it in ActionTypes")
            }
            let action: any Action
            do {
                action = try coder.decode(line, decoder)
            } catch {
                throw History.fileError(error, line: number, entry: fixed.entry)
            }
            let state = try History.decode(StateField<State>.self, from: line, line: number, entry: fixed.entry, decoder: decoder).state
            let before = fixed.gap == nil
                ? imported.last?.state ?? initialState
                : try History.decode(BeforeField<State>.self, from: line, line: number, entry: fixed.entry, decoder: decoder).before
            imported.append(Entry(action: action, state: state, time: Date(timeIntervalSinceReferenceDate: fixed.time),
                                  reactor: fixed.reactor, recordedTrace: nil, stateBefore: before, gap: fixed.gap,
                                  isSkipped: fixed.skipped ?? false))
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, from line: Data, line number: Int, entry: Int?,
                                             decoder: JSONDecoder) throws -> T {
        do {
            return try decoder.decode(type, from: line)
        } catch {
            throw Self.fileError(error, line: number, entry: entry)
        }
    }

    /// A decoding failure as a file error naming the field.
    private static func fileError(_ error: any Error, line: Int, entry: Int?) -> HistoryFileError {
        func path(_ codingPath: [any CodingKey]) -> String? {
            let parts = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            guard !parts.isEmpty else { return nil }
            return parts.reduce("") { $0.isEmpty || $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
        }
        guard let decodingError = error as? DecodingError else {
            return HistoryFileError(line: line, entry: entry, field: nil, message: "\(error)")
        }
        switch decodingError {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return HistoryFileError(line: line, entry: entry, field: nil,
                                    message: "not valid JSON (a truncated or corrupted line)")
        case .dataCorrupted(let context):
            return HistoryFileError(line: line, entry: entry, field: path(context.codingPath), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            return HistoryFileError(line: line, entry: entry, field: path(context.codingPath + [key]), message: "missing")
        case .typeMismatch(let type, let context):
            return HistoryFileError(line: line, entry: entry, field: path(context.codingPath),
                                    message: "expected a value of type \(type)")
        case .valueNotFound(let type, let context):
            return HistoryFileError(line: line, entry: entry, field: path(context.codingPath),
                                    message: "expected a value of type \(type), found null")
        @unknown default:
            return HistoryFileError(line: line, entry: entry, field: nil, message: "\(decodingError)")
        }
    }
}
