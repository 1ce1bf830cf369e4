import Foundation
import Testing
import TestSupport
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

struct InspectedShelf: Equatable, Codable {
    var books: [String] = []
}

struct ShelveBook: Action, Codable, Equatable { var book: String }
struct UnshelveBooks: Action, Codable, Equatable { var count: Int }

private let shelfReducer = Reducer<InspectedShelf>
    .on(ShelveBook.self) { state, action in state.books.append(action.book) }
    .on(UnshelveBooks.self) { state, action in state.books.removeLast(min(action.count, state.books.count)) }

/// A history stays consistent through import, skip, commit and jump, and the inspector's
/// commands act only on the bodies they document.
@MainActor
@Suite struct InspectorConsistencyTests {
    private var types: ActionTypes {
        var types = ActionTypes()
        types.register(ShelveBook.self)
        types.register(UnshelveBooks.self)
        return types
    }

    private func recorded(_ books: [String], limit: Int = 1_000) -> (Store<InspectedShelf>, History<InspectedShelf>) {
        let store = Store(reducer: shelfReducer, state: InspectedShelf())
        let history = History<InspectedShelf>(limit: limit)
        history.attach(to: store)
        for book in books { store.dispatch(ShelveBook(book: book)) }
        return (store, history)
    }

    /// Bug: after an import without a jump, the next action was recorded as if reduced from
    /// the last imported state (no gap), so its diff showed changes that never happened, the
    /// test written from it trapped, and the export dropped the state it came from.
    @Test func anActionAfterAnImportWithoutAJump_saysSo_andKeepsTheStateItCameFrom() throws {
        let (_, source) = recorded(["x"])
        let file = try source.exportJSON(actionTypes: types)
        let (store, history) = recorded(["a", "b"])
        try history.importJSON(file, actionTypes: types)
        store.dispatch(ShelveBook(book: "z"))
        let entry = try #require(history.entries.last)
        #expect(entry.gap == .imported)
        #expect(entry.stateBefore == InspectedShelf(books: ["a", "b"]) && entry.state == InspectedShelf(books: ["a", "b", "z"]))
        // The export keeps it, and reads back the same.
        let copy = History<InspectedShelf>()
        try copy.importJSON(try history.exportJSON(actionTypes: types), actionTypes: types)
        #expect(copy.entries.map(\.stateBefore) == history.entries.map(\.stateBefore))
        #expect(copy.entries.map(\.gap) == [nil, .imported])
        // A test cannot replay it: the writer says why instead of writing one that traps.
        let setup = SessionTestSetup(module: "ReflowTests", reducer: "shelfReducer", state: InspectedShelf(), writtenAs: "InspectedShelf()")
        #expect(throws: SessionTestError.self) { try history.testSource(setup) }
        // After a jump to an imported entry, actions follow it with no gap.
        history.jump(to: 1)
        store.dispatch(ShelveBook(book: "y"))
        #expect(history.entries.last?.gap == .timeTravel(toStep: 1))
        history.jump(to: history.entries.count)
        store.dispatch(ShelveBook(book: "w"))
        #expect(history.entries.last?.gap == nil)
    }

    /// Skipping an entry recomputes from the state an imported-gap entry records.
    @Test func skippingAfterAnImport_recomputesFromTheRecordedState() throws {
        let (_, source) = recorded(["x"])
        let file = try source.exportJSON(actionTypes: types)
        let (store, history) = recorded(["a"])
        try history.importJSON(file, actionTypes: types)
        store.dispatch(ShelveBook(book: "z"))
        history.setSkipped(true, at: 1)
        #expect(history.entries.map(\.state) == [InspectedShelf(), InspectedShelf(books: ["a", "z"])])
        #expect(store.state == InspectedShelf(books: ["a", "z"]))
    }

    /// Export numbers its entries as the page does (`#3` after two were dropped), and an
    /// import keeps those numbers.
    @Test func exportAndImport_keepThePagesStepNumbers() throws {
        let (_, history) = recorded(["a", "b", "c", "d"], limit: 2)
        #expect(history.firstStepNumber == 3)
        let file = try history.exportJSON(actionTypes: types)
        let lines = String(decoding: file, as: UTF8.self).split(separator: "\n")
        #expect(lines[0].contains(#""firstStep":3"#))
        #expect(lines[1].contains(#""step":3"#) && lines[2].contains(#""step":4"#))
        let copy = History<InspectedShelf>()
        try copy.importJSON(file, actionTypes: types)
        #expect(copy.firstStepNumber == 3)
    }

    /// Commit starts the numbering again: nothing older was dropped.
    @Test func commit_startsTheNumberingAgain() {
        let (_, history) = recorded(["a", "b", "c"], limit: 2)
        #expect(history.firstStepNumber == 2)
        history.clear()
        #expect(history.firstStepNumber == 1 && history.entries.isEmpty)
    }

    /// A header with a negative count is refused for what it is, not called truncated.
    @Test func anImportWithANegativeCount_saysTheCountIsWrong() throws {
        let (_, history) = recorded(["a"])
        let file = Data(#"{"count":-1,"initialState":{"books":[]},"reflowHistory":1}"#.utf8)
        #expect {
            try history.importJSON(file, actionTypes: types)
        } throws: { error in
            "\(error)".contains("must be 0 or more, not -1") && !"\(error)".contains("truncated")
        }
        #expect(history.entries.count == 1)
    }

    /// Bug: a test written from a session removed elements with `removeLast(n)`, which traps
    /// on a state with fewer; it keeps a prefix, which fails with a diff instead.
    @Test func aWrittenTest_removesElementsWithoutTrapping() throws {
        let (store, history) = recorded(["a", "b", "c"])
        store.dispatch(UnshelveBooks(count: 2))
        let setup = SessionTestSetup(module: "ReflowTests", reducer: "shelfReducer", state: InspectedShelf(), writtenAs: "InspectedShelf()")
        let source = try history.testSource(setup)
        #expect(source.contains("$0.books = .init($0.books.prefix(1))"), "\(source)")
        #expect(!source.contains("removeLast"))
    }

    /// Every command refuses a body that is not the JSON it expects, and changes nothing.
    @Test func commands_refuseABodyThatIsNotTheirs_andChangeNothing() async throws {
        let (store, history) = recorded(["a", "b"])
        let server = try history.serveInspector(actionTypes: types, title: "InspectedShelf")
        defer { withExtendedLifetime(server) {} }
        for path in ["/api/pause", "/api/resume", "/api/step-back", "/api/step-forward", "/api/commit"] {
            let reply = try await server.call("POST", path, body: "\u{FF}{not json")
            #expect(reply.status == 400 && reply.text.contains("takes no body"), "\(path): \(reply.status) \(reply.text)")
        }
        #expect(history.entries.count == 2 && history.isRecording && history.position == 2)
        #expect(try await server.call("POST", "/api/jump", body: #"{"position": 1.0}"#).status == 400)
        #expect(try await server.call("POST", "/api/jump", body: #"{"position": true}"#).status == 400)
        #expect(try await server.call("POST", "/api/skip", body: #"{"position": 1.5, "skipped": true}"#).status == 400)
        #expect(store.state.books == ["a", "b"] && history.position == 2)
        // The documented bodies still work: none, an empty object, an integer position.
        #expect(try await server.call("POST", "/api/pause").status == 200)
        #expect(try await server.call("POST", "/api/resume", body: "{}").status == 200)
        #expect(try await server.call("POST", "/api/jump", body: #"{"position": 1}"#).status == 200)
        #expect(store.state.books == ["a"])
    }
}

/// A large import never holds the main actor in one go: the live inspector decodes it a
/// turn at a time, and the history changes only when the whole file has read.
@MainActor
@Suite struct InspectorImportTurnTests {
    @Test func anImport_isDecodedInTurns_andAppliedWhole() throws {
        var types = ActionTypes()
        types.register(ShelveBook.self)
        let source = History<InspectedShelf>()
        let store = Store(reducer: shelfReducer, state: InspectedShelf())
        source.attach(to: store)
        for index in 0..<120 { store.dispatch(ShelveBook(book: "b\(index)")) }
        let file = try source.exportJSON(actionTypes: types)

        let target = History<InspectedShelf>()
        target.attach(to: Store(reducer: shelfReducer, state: InspectedShelf()))
        var job = try History<InspectedShelf>.ImportJob(file, actionTypes: types)
        var turns = 1
        // A deadline already past: each turn decodes one entry, and the history waits.
        while try !job.decode(until: .now) {
            turns += 1
            #expect(target.entries.isEmpty)
        }
        #expect(turns == 120)
        target.finish(job)
        #expect(target.entries.map(\.state) == source.entries.map(\.state))
    }

    /// Over the server: the import answers once the whole file is in. (Small: the test
    /// exports on the main actor, which the other tests' servers share.)
    @Test func anImportOverTheServer_landsWhole() async throws {
        var types = ActionTypes()
        types.register(ShelveBook.self)
        let source = History<InspectedShelf>()
        let store = Store(reducer: shelfReducer, state: InspectedShelf())
        source.attach(to: store)
        for index in 0..<60 { store.dispatch(ShelveBook(book: "book \(index)")) }
        let file = String(decoding: try source.exportJSON(actionTypes: types), as: UTF8.self)
        let target = History<InspectedShelf>()
        target.attach(to: Store(reducer: shelfReducer, state: InspectedShelf()))
        let server = try target.serveInspector(actionTypes: types, title: "Shelf")
        defer { withExtendedLifetime(server) {} }
        let reply = try await server.call("POST", "/api/import", body: file)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(target.entries.count == 60 && target.entries.last?.state.books.count == 60)
        let broken = try await server.call("POST", "/api/import", body: String(file.dropLast(40)))
        #expect(broken.status == 400 && target.entries.count == 60)
    }
}
