#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import Testing
import TestSupport

/// The live inspector against a real running GitHubSearch (in a pseudo-terminal, typed at)
/// and a real headless Chromium: what the app does shows on the page, and what the page
/// does changes the app.
@Suite(.serialized) struct GitHubSearchInspectorTests {
    /// GitHubSearch in a pseudo-terminal with the live inspector on a free port, once it
    /// shows its first screen: the terminal, the printed address, its port and token.
    private func startInspected(arguments: [String]) async throws -> (PseudoTerminal, URL, UInt16, String) {
        let terminal = try PseudoTerminal(executable: "GitHubSearch", arguments: arguments + ["--inspect", "0"])
        #expect(await terminal.waitFor("type to search the offline catalogue"))
        let address = try #require(terminal.output.firstMatch(of: /Inspector: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/)?.1)
        let page = try #require(URL(string: String(address)))
        let port = try #require(page.port.flatMap { UInt16($0) })
        let token = try #require(URLComponents(url: page, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        return (terminal, page, port, token)
    }

    @Test(.enabled(if: HeadlessBrowser.path != nil,
                   "No chromium on PATH: .ci/run installs Debian's chromium package; install it to run this test"))
    func anActionInTheApp_showsOnThePage_andAJumpFromThePage_changesTheApp() async throws {
        let (terminal, page, port, token) = try await startInspected(arguments: ["--latency", "40"])
        defer { terminal.send("\u{03}") }

        var mark = terminal.mark
        terminal.send("swift")
        #expect(await terminal.waitFor("15 of ", after: mark), "the search ran in the app")
        let dom = try await HeadlessBrowser.dumpDOM(page)
        // The app's actions are on the page, named short, with the reactor as a badge.
        #expect(dom.contains(#"data-name="setQuery(&quot;swift&quot;)""#), "\(dom.prefix(3_000))")
        #expect(dom.contains(#"<span class="badge">SearchReactor</span>"#))
        #expect(dom.contains("· recording"))
        #expect(dom.contains(#"<div class="controls" id="controls">"#), "the live page shows its controls")

        // A jump as the page's Start button sends it: a POST with the token, from its origin.
        mark = terminal.mark
        let jump = try await LoopbackHTTPClient.request("POST", "/api/jump", body: #"{"position": 0}"#, port: port,
                                                        headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(port)"])
        #expect(jump.status == 200, "\(jump.text)")
        let afterJump = try await HeadlessBrowser.dumpDOM(page, virtualTimeBudget: 4_000)
        // At the start every recorded action is in the app's future.
        #expect(afterJump.firstMatch(of: /<li[^>]*class="[^"]*future/) != nil, "the page shows the app at the start")
        // The current row is the initial state's, selected, and its detail says so.
        let currentRows = afterJump.matches(of: /<li[^>]*class="[^"]*current[^"]*"/).map { String($0.output) }
        #expect(currentRows.count == 1 && currentRows[0].contains(#"id="initial-row""#), "\(currentRows)")
        #expect(afterJump.contains("#0  Initial state"))
        // The app redrew its initial state: the prompt of an empty search.
        #expect(await terminal.waitFor("type to search the offline catalogue", after: mark), "the app's state changed")

        // The page's Dispatch sends the reactor an action, as the view would: it searches.
        mark = terminal.mark
        let body = #"{"type": "SearchReactor.Action", "action": {"action": {"updateQuery": {"_0": "rust"}}}}"#
        let dispatched = try await LoopbackHTTPClient.request("POST", "/api/dispatch", body: body, port: port,
                                                              headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(port)"])
        #expect(dispatched.status == 200, "\(dispatched.text)")
        #expect(await terminal.waitFor("rust-lang/rust", after: mark), "the dispatched query was searched")

        // The example registers its reactor's mutations too: the session exports.
        let export = try await LoopbackHTTPClient.request("GET", "/api/export", port: port, headers: ["X-Reflow-Token": token])
        #expect(export.status == 200 && export.text.contains(#""type":"SearchReactor.Mutation""#), "\(export.text.prefix(300))")
    }

    /// Bug: a query dispatched from the page reached the terminal raw, so `ESC ]2;…BEL`
    /// retitled it and `ESC [2J` cleared it. The app draws the control characters instead.
    @Test func aDispatchedQueryWithEscapes_isDrawnVisibly_notObeyed() async throws {
        let (terminal, _, port, token) = try await startInspected(arguments: [])
        defer { terminal.send("\u{03}") }
        let mark = terminal.mark
        let body = #"{"type": "SearchReactor.Action", "action": {"action": {"updateQuery": {"_0": "sw\u001b]2;pwned\u0007\u001b[2Jift"}}}}"#
        let dispatched = try await LoopbackHTTPClient.request("POST", "/api/dispatch", body: body, port: port,
                                                              headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(port)"])
        #expect(dispatched.status == 200, "\(dispatched.text)")
        #expect(await terminal.waitFor("sw␛]2;pwned␇␛[2Jift", after: mark), "the query is drawn with its controls visible")
        let drawn = String(decoding: Array(terminal.output.utf8).dropFirst(mark), as: UTF8.self)
        #expect(!drawn.contains("\u{1B}]2;") && !drawn.contains("\u{1B}[2J"), "the terminal was sent the query's escapes")
    }
}
#endif
