import Foundation
import Reflow

struct Document: Codable, Equatable, Sendable {
    var lines: [String]
}

struct DocumentState {
    var document: Document
}

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
    }
}
