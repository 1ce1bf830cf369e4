import Foundation
import Testing
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

/// A test written from a recorded session: values written as Swift source that rebuilds
/// them, the fields each action changed, and a clear refusal of what cannot be written.
/// (CI compiles and runs a test written from a real GitHubSearch session, and checks that
/// it fails once the reducer changes.)
@MainActor
@Suite struct SessionTestSourceTests {
    struct Item: Equatable { var name: String; var tags: Set<String> = [] }
    enum Filter: Equatable { case all, starred(min: Int), named(String, exact: Bool) }
    struct Board: Equatable {
        var title = ""
        var items: [Item] = []
        var filter = Filter.all
        var selected: Int?
        var counts: [String: Int] = [:]
        var owner: Item?
    }
    struct Rename: Action { var title: String }
    struct Add: Action { var item: Item }
    struct Pick: Action { var index: Int? }
    struct SetFilter: Action { var filter: Filter }
    enum Menu: Action { case close, open(page: Int) }

    private func literal(_ value: Any, typed: Bool = false) throws -> String {
        var literal = SwiftLiteral(testedModule: "ReflowTests")
        return try literal.write(value, typed: typed)
    }

    @Test func valuesAreWritten_asTheSourceThatRebuildsThem() throws {
        #expect(try literal(Item(name: "a", tags: ["y", "x"])) == #"SessionTestSourceTests.Item(name: "a", tags: ["x", "y"])"#)
        #expect(try literal(Filter.starred(min: 3)) == ".starred(min: 3)")
        #expect(try literal(Filter.named("a", exact: true), typed: true) == #"SessionTestSourceTests.Filter.named("a", exact: true)"#)
        #expect(try literal(Menu.close, typed: true) == "SessionTestSourceTests.Menu.close")
        #expect(try literal([1: "b", 0: "a"] as [Int: String]) == #"[0: "a", 1: "b"]"#)
        #expect(try literal([String: Int]()) == "[:]")
        #expect(try literal(Optional<Int>.none as Any) == "nil")
        #expect(try literal([Data([1, 255])]) == "[Data([1, 255])]")
        #expect(try literal((1, label: 2.5)) == "(1, label: 2.5)")
        #expect(try literal([Double.infinity, -.infinity, 0.1]) == "[.infinity, -.infinity, 0.1]")
        #expect(try literal(1..<3) == "(1..<3)")
        #expect(try literal(URL(string: "https://e.x/a?b=1")!) == #"URL(string: "https://e.x/a?b=1")!"#)
        #expect(try literal(Date(timeIntervalSinceReferenceDate: 12.5)) == "Date(timeIntervalSinceReferenceDate: 12.5)")
    }

    /// Text from the network or a user: every character means itself in the source.
    @Test func hostileStrings_areEscaped() throws {
        let hostile = "\"); fatalError(\"\\ <!--<script>\n\t\u{0}\u{7}\u{2028}\u{202E}é😀 \\(x) #\""
        #expect(try literal(hostile) == #""\"); fatalError(\"\\ <!--<script>\n\t\0\u{7}\u{2028}\u{202e}é😀 \\(x) #\"""#)
    }

    @Test func whatCannotBeRebuilt_isRefused_sayingWhy() {
        final class Box {}
        struct Local { var value = 1 }
        enum Custom: CustomStringConvertible { case a; var description: String { "A" } }
        #expect(throws: SessionTestError.self) { try literal(Box()) }
        #expect { try literal(Local()) } throws: { ($0 as? SessionTestError)?.message.contains("inside a function or is private") == true }
        #expect { try literal(Custom.a) } throws: { ($0 as? SessionTestError)?.message.contains("custom description") == true }
    }

    private func recordedBoard() -> (History<Board>, Store<Board>) {
        let reducer = Reducer<Board>.on(Rename.self) { state, action in state.title = action.title }
            .on(Add.self) { state, action in
                state.items.append(action.item)
                state.counts[action.item.name, default: 0] += 1
            }
            .on(Pick.self) { state, action in state.selected = action.index }
            .on(SetFilter.self) { state, action in state.filter = action.filter }
        let store = Store(reducer: reducer, state: Board())
        let history = History<Board>()
        return (history, store)
    }

    @Test func aSession_isWrittenAsOneSendPerAction_withTheFieldsItChanged() throws {
        let (history, store) = recordedBoard()
        store.dispatch(Rename(title: "before recording"))
        history.attach(to: store)
        store.dispatch(Rename(title: "Groceries"))
        store.dispatch(Add(item: Item(name: "milk")))
        store.dispatch(Add(item: Item(name: "eggs")))
        store.dispatch(Pick(index: 1))
        store.dispatch(SetFilter(filter: .named("e\"", exact: false)))
        store.dispatch(Pick(index: 1))
        let source = try history.testSource(SessionTestSetup(module: "ReflowTests", reducer: "boardReducer",
                                                             state: Board(), writtenAs: "Board()"))
        #expect(source.contains("""
                var state = Board()
                state.title = "before recording"
                let store = TestStore(reducer: boardReducer, state: state)

                await store.send(SessionTestSourceTests.Rename(title: "Groceries")) { $0.title = "Groceries" }

                await store.send(SessionTestSourceTests.Add(item: SessionTestSourceTests.Item(name: "milk", tags: []))) {
                    $0.items += [SessionTestSourceTests.Item(name: "milk", tags: [])]
                    $0.counts["milk"] = 1
                }
            """))
        #expect(source.contains(#"await store.send(SessionTestSourceTests.Pick(index: 1)) { $0.selected = 1 }"#))
        #expect(source.contains(#"""
                await store.send(SessionTestSourceTests.SetFilter(filter: .named("e\"", exact: false))) {
                    $0.filter = .named("e\"", exact: false)
                }
            """#))
        // The second Pick changed nothing: a send without a closure.
        #expect(source.contains("await store.send(SessionTestSourceTests.Pick(index: 1))\n\n    await store.finish()"))
        #expect(source.contains("@testable import ReflowTests") && source.contains("import ReflowTesting"))
        #expect(source.components(separatedBy: "await store.send(").count - 1 == history.entries.count)
    }

    /// No line of sends reaches the state after a gap: refused, naming the entry.
    @Test func aSessionWithAGap_isRefused_sayingWhatToDo() {
        let (history, store) = recordedBoard()
        history.attach(to: store)
        store.dispatch(Rename(title: "a"))
        store.dispatch(Rename(title: "b"))
        history.jump(to: 1)
        store.dispatch(Pick(index: 0))
        let setup = SessionTestSetup(module: "ReflowTests", reducer: "boardReducer", state: Board(), writtenAs: "Board()")
        #expect { try history.testSource(setup) } throws: { error in
            "\(error)".hasPrefix("Entry 3: This action was dispatched after time travel to step 1")
        }
        history.clear()
        history.isRecording = false
        store.dispatch(Rename(title: "unrecorded"))
        history.isRecording = true
        store.dispatch(Pick(index: 2))
        #expect { try history.testSource(setup) } throws: { error in
            "\(error)".hasPrefix("Entry 1: Recording was paused before this action")
        }
    }

    struct Memo: Action, CustomStringConvertible {
        var description: String { "Memo\nsecond line" }
    }

    /// A skipped action is a comment, on one line whatever it prints; the sends after it
    /// check the states recomputed without it.
    @Test func aSkippedAction_isAComment_andTheStatesAfterItAreWithoutIt() throws {
        let (history, store) = recordedBoard()
        history.attach(to: store)
        store.dispatch(Memo())
        store.dispatch(Rename(title: "kept"))
        store.dispatch(Add(item: Item(name: "tea")))
        history.setSkipped(true, at: 1)
        history.setSkipped(true, at: 2)
        let source = try history.testSource(SessionTestSetup(module: "ReflowTests", reducer: "boardReducer",
                                                             state: Board(), writtenAs: "Board()"))
        #expect(source.contains("    // Skipped: Memo second line\n"))
        #expect(source.contains(#"    // Skipped: Rename(title: "kept")"#))
        #expect(!source.contains("$0.title"))
        #expect(source.components(separatedBy: "await store.send(").count - 1 == 1)
    }

    @Test func aValueThatCannotBeWritten_namesItsEntry() {
        final class Token: Action {}
        let store = Store(reducer: Reducer<Board> { _, _ in }, state: Board())
        let history = History<Board>()
        history.attach(to: store)
        store.dispatch(Rename(title: "a"))
        store.dispatch(Token())
        #expect {
            try history.testSource(SessionTestSetup(module: "ReflowTests", reducer: ".empty", state: Board(), writtenAs: "Board()"))
        } throws: { error in
            (error as? SessionTestError)?.entry == 2 && "\(error)".hasPrefix("Entry 2: ")
        }
    }
}
