import Foundation
import Reflow

struct Document: Codable, Equatable, Sendable {
    var lines: [String]
}

struct DocumentState {
    var document: Document
}

/// The same document as a type that cannot be `Sendable`, as an app's type with
/// main-actor-isolated conformances (Xcode 26's default isolation) is not usable as one:
/// its slice is encoded on the main actor when written.
struct MainActorDocument: Codable, Equatable {
    var lines: [String]
}

@available(*, unavailable, message: "stands for a type whose conformances are main-actor isolated")
extension MainActorDocument: Sendable {}

struct EditLine: Action { var index: Int }

let documentReducer = Reducer<DocumentState>.on(EditLine.self) { state, edit in
    state.document.lines[edit.index % state.document.lines.count] = "edited line \(edit.index)"
}

extension Harness {
    /// P1: the main actor's cost of a persisted change to a slice of about 1 MB (taking the
    /// slice: a copy-on-write copy; encoding and writing happen off the main actor), next
    /// to the same dispatch without persistence (the limit) and the cost of encoding the
    /// slice once.
    mutating func p1(_ count: Int) {
        let lines = (0..<16_000).map { "line \($0): " + String(repeating: "x", count: 48) }
        let initial = DocumentState(document: Document(lines: lines))
        let bytes = (try? JSONEncoder().encode(initial.document).count) ?? 0
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-bench-\(UUID().uuidString)")
        let persisted = measure(operations: count) {
            let persistence = StatePersistence<DocumentState>(
                directory: directory, slices: [PersistedSlice(\.document, file: "document.json")],
                debounce: .seconds(3_600)
            )
            let store = Store(reducer: documentReducer, state: initial)
            persistence.attach(to: store)
            for index in 0..<count { store.dispatch(EditLine(index: index)) }
            blackHole &+= store.state.document.lines.count
            persistence.detach()
        }
        let plain = measure(operations: count) {
            let store = Store(reducer: documentReducer, state: initial)
            for index in 0..<count { store.dispatch(EditLine(index: index)) }
            blackHole &+= store.state.document.lines.count
        }
        let encodes = max(count / 1_000, 3)
        let encoding = measure(operations: encodes) {
            for _ in 0..<encodes { blackHole &+= (try? JSONEncoder().encode(initial.document).count) ?? 0 }
        }
        try? FileManager.default.removeItem(at: directory)
        record(Row(scenario: "P1 persisted change, \(bytes / 1_000) kB slice", operations: count,
                   reflow: persisted, limit: plain,
                   note: "main actor per change; encoding the slice once (off the main actor) takes "
                       + "\(Table.format1(encoding.median / 1_000)) µs, \(Table.format1(encoding.median / persisted.median))× that"))
        p1m(lines, count: max(count / 10_000, 5), sendableWrite: encoding.median)
    }

    /// P1m: the longest hold of the main actor by persistence: a write of a slice of about
    /// 1 MB whose conformances are main-actor isolated encodes it on the main actor, as
    /// `PersistedSlice`'s initializer for such slices does (a JSONEncoder with sorted keys);
    /// the change itself costs what P1 measures. Its limit is P1's note: the same encoding,
    /// which a `Sendable` slice does off the main actor.
    mutating func p1m(_ lines: [String], count: Int, sendableWrite: Double) {
        let document = MainActorDocument(lines: lines)
        let hold = measure(operations: count) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            for _ in 0..<count { blackHole &+= (try? encoder.encode(document).count) ?? 0 }
        }
        record(Row(scenario: "P1m write of a main-actor-isolated 1 MB slice: the main actor's hold", operations: count,
                   reflow: hold, limit: Measurement(minimum: sendableWrite, median: sendableWrite),
                   note: "the longest main-thread hold persistence makes; a Sendable slice encodes off the main actor"))
    }
}
