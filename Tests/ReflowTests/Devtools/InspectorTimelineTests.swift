#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import Testing
import Reflow
import TestSupport
import ReflowDevtools

private struct Board: Equatable {
    var title = ""
    var cards: [String] = []
}

private struct AddCard: Action { var text: String }
private struct RetitleBoard: Action { var title: String }

private let boardReducer = Reducer<Board>
    .on(AddCard.self) { state, action in state.cards.append(action.text) }
    .on(RetitleBoard.self) { state, action in state.title = action.title }

/// The inspector's timeline in Chromium, live and recorded: text from the app shown as
/// text, the initial state as a row, gaps marked, numbers and counts that agree.
@MainActor
@Suite(.enabled(if: HeadlessBrowser.path != nil, "needs a headless Chromium (Debian's chromium package); CI installs it"))
struct InspectorTimelineTests {
    /// Bug: a query containing `<!--<script>` blanked the page.
    private static let hostile = [
        "<!--<script>", "</script><script>document.title='pwned'</script>", "a\u{2028}b", "</pre>&amp;",
    ]

    private func hostileSession() -> (Store<Board>, History<Board>) {
        let store = Store(reducer: boardReducer, state: Board())
        let history = History<Board>()
        history.attach(to: store)
        for text in Self.hostile { store.dispatch(AddCard(text: text)) }
        store.dispatch(RetitleBoard(title: Self.hostile[1]))
        return (store, history)
    }

    /// What a page that shows the hostile session as text has in its DOM.
    private func expectShownAsText(_ dom: String) {
        #expect(dom.contains(">5 actions"), "the page ran to the end: \(dom.prefix(1_500))")
        #expect(!dom.contains("<title>pwned</title>") && !dom.contains("<script>document.title"))
        // The selected (last) step's diff shows the title as escaped text.
        #expect(dom.contains(#"+ .title: "&lt;/script&gt;&lt;script&gt;document.title='pwned'&lt;/script&gt;""#), "\(dom)")
        #expect(dom.contains("&lt;!--&lt;script&gt;"))
    }

    @Test func hostileText_inTheRecordedPage_isShownAsText() async throws {
        let (_, history) = hostileSession()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-timeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("session.html")
        try history.inspectorHTML(title: "Board").write(to: file, atomically: true, encoding: .utf8)
        expectShownAsText(try await HeadlessBrowser.dumpDOM(file))
    }

    @Test func hostileText_inTheLivePage_isShownAsText() async throws {
        let (store, history) = hostileSession()
        let server = try history.serveInspector(title: "Board")
        defer { withExtendedLifetime((store, history, server)) {} }
        expectShownAsText(try await HeadlessBrowser.dumpDOM(server.url))
    }

    /// Bug: the detail pane was rebuilt on every poll, so an unfolded node folded again and
    /// a text selection was lost. Here the page polls for 3 s of its time with an action
    /// selected: the pane is built once.
    @Test func polls_leaveTheDetailPaneAsItIs() async throws {
        let (store, history) = hostileSession()
        let server = try history.serveInspector(title: "Board")
        defer { withExtendedLifetime((store, history, server)) {} }
        let dom = try await HeadlessBrowser.dumpDOM(URL(string: server.url.absoluteString + "&select=2")!, virtualTimeBudget: 3_000)
        #expect(dom.contains(#"data-selected="2""#))
        #expect(dom.contains(#"data-renders="1""#), "\(dom.prefix(600))")
    }

    /// Bug: "1000 actions, At 1000 of 1000" beside rows numbered 7–1006; after Start the
    /// pane showed the previous action; a late action after a jump dropped the future.
    @Test func gapsNumbersAndTheInitialRow_agree() async throws {
        let store = Store(reducer: boardReducer, state: Board())
        let history = History<Board>(limit: 4)
        history.attach(to: store)
        for text in ["a", "b", "c"] { store.dispatch(AddCard(text: text)) }
        history.jump(to: 1)
        store.dispatch(RetitleBoard(title: "late"))      // after time travel: recorded last, nothing dropped
        history.isRecording = false
        store.dispatch(AddCard(text: "unrecorded"))
        history.isRecording = true
        store.dispatch(AddCard(text: "after the pause"))  // 5 recorded, the oldest dropped
        let server = try history.serveInspector(title: "Board")
        defer { withExtendedLifetime((store, history, server)) {} }

        let jump = try await server.call("POST", "/api/jump", body: #"{"position": 2}"#)
        #expect(jump.json["message"] as? String == "At #3; 2 later actions kept.")
        let dom = try await HeadlessBrowser.dumpDOM(server.url)
        #expect(dom.contains(">4 actions (#2–#5; older ones dropped) · recording<"), "\(dom.prefix(3_000))")
        // The initial state is the row before #2, numbered 1.
        #expect(dom.range(of: #"<li id="initial-row" data-seq="1"[^>]*><span class="index">1</span>"#, options: .regularExpression) != nil)
        #expect(dom.contains(#"<span class="gap">↳ dispatched after time travel to #1</span>"#))
        #expect(dom.contains(#"<span class="gap">↳ after a pause in recording</span>"#))
        // The app is at #3, which the page selects; its row is the current one.
        #expect(dom.contains(#"data-selected="3""#))
        #expect(dom.range(of: #"<li data-seq="3"[^>]*class="[^"]*current"#, options: .regularExpression) != nil)

        let start = try await server.call("POST", "/api/jump", body: #"{"position": 0}"#)
        #expect(start.json["message"] as? String == "At the initial state (#1); 4 later actions kept.")
        let atStart = try await HeadlessBrowser.dumpDOM(server.url)
        #expect(atStart.contains(#"data-selected="1""#) && atStart.contains("#1  Initial state (the state after the last dropped action)"))
    }
}
#endif
