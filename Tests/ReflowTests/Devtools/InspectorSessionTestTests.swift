import Foundation
import Testing
import TestSupport
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

// Internal, not private: a written test must be able to name them.
struct InspectedNote: Equatable {
    var text = ""
    var edits = 0
}

struct WriteNote: Action { var text: String }

private let noteReducer = Reducer<InspectedNote>.on(WriteNote.self) { state, action in
    state.text = action.text
    state.edits += 1
}

/// The inspector's Test button: the session as a Swift Testing file, over HTTP and on the
/// page in Chromium, with text from the app shown as text.
@MainActor
@Suite struct InspectorSessionTestTests {
    /// Text that would end the `<pre>` or open a script, were it parsed as HTML.
    private static let hostile = "</pre><img src=x onerror=\"document.title='pwned'\"><!--<script>"

    private func served(testSetup: SessionTestSetup<InspectedNote>?) throws -> (Store<InspectedNote>, History<InspectedNote>, InspectorServer) {
        let store = Store(reducer: noteReducer, state: InspectedNote())
        let history = History<InspectedNote>()
        history.attach(to: store)
        store.dispatch(WriteNote(text: "draft"))
        store.dispatch(WriteNote(text: Self.hostile))
        return (store, history, try history.serveInspector(title: "Notes", testSetup: testSetup))
    }

    private let setup = SessionTestSetup(module: "NotesKit", reducer: "noteReducer", state: InspectedNote(), writtenAs: "InspectedNote()")

    @Test func theTestRoute_writesTheSession_andIsReadOnly() async throws {
        let (store, history, server) = try served(testSetup: setup)
        defer { withExtendedLifetime((store, history)) {} }  // the inspector answers while they live
        let reply = try await server.call("GET", "/api/test")
        #expect(reply.status == 200 && reply.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(reply.text == (try history.testSource(setup)))
        #expect(reply.text.contains(#"$0.text = "draft""#) && reply.text.contains("@testable import NotesKit"))
        #expect(try await server.call("POST", "/api/test").status == 405)
        #expect(store.state.edits == 2 && history.entries.count == 2)
    }

    @Test func withoutASetup_thereIsNoTestButton_andTheRouteSaysWhatToPass() async throws {
        let (store, history, server) = try served(testSetup: nil)
        defer { withExtendedLifetime((store, history)) {} }
        let reply = try await server.call("GET", "/api/test")
        #expect(reply.status == 409 && reply.text.contains("serveInspector(testSetup:)"))
        let page = try await server.call("GET", "/")
        #expect(page.text.contains(#""testable":false"#))
    }

    @Test(.enabled(if: HeadlessBrowser.path != nil,
                   "needs a headless Chromium (Debian's chromium package); CI installs it"))
    func thePage_showsTheTest_asText() async throws {
        let (store, history, server) = try served(testSetup: setup)
        defer { withExtendedLifetime((store, history)) {} }
        let url = URL(string: server.url.absoluteString + "&show=test")!
        let dom = try await HeadlessBrowser.dumpDOM(url)
        #expect(dom.contains(#"data-test="shown""#), "\(dom.prefix(2_000))")
        // The source is in the pre as text: the hostile string is escaped, never markup.
        let escaped = "&lt;/pre&gt;&lt;img src=x onerror=\\\"document.title='pwned'\\\"&gt;&lt;!--&lt;script&gt;"
        #expect(dom.contains(escaped), "\(dom)")
        #expect(!dom.contains("<img src=\"x\"") && !dom.contains("pwned</title>"))
        // Its types are named from their module, which the file imports.
        #expect(dom.contains(#"await store.send(ReflowTests.WriteNote(text: "draft"))"#) && dom.contains("import ReflowTests"))
    }
}
