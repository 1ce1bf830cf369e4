#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import Testing
import TestSupport
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

/// The live inspector against what other web pages can do to a server on loopback: a page
/// served from another loopback port, in a real headless Chromium, that tries every way in
/// (a `no-cors` fetch, a `text/plain` form whose field spells JSON, an iframe, a read of
/// the history), and a name an attacker's DNS points at 127.0.0.1 (DNS rebinding). None
/// of them reaches the app; the inspector's own page, with the token, still does.
@MainActor
@Suite(.serialized) struct InspectorAttackTests {
    private struct Cart: Equatable, Codable { var items: [String] = [] }
    private struct AddItem: Action, Codable { var name: String }

    private func recordedStore() -> (Store<Cart>, History<Cart>) {
        let store = Store(reducer: Reducer<Cart>.on(AddItem.self) { state, action in state.items.append(action.name) },
                          state: Cart())
        let history = History<Cart>()
        history.attach(to: store)
        for name in ["milk", "eggs", "bread"] { store.dispatch(AddItem(name: name)) }
        return (store, history)
    }

    @Test(.enabled(if: HeadlessBrowser.path != nil && AttackerSite.python != nil,
                   "No chromium or python3 on PATH: .ci/run installs Debian's chromium package"))
    func anAttackingPage_onAnotherLoopbackPort_changesNothing_andReadsNothing() async throws {
        let (store, history) = recordedStore()
        var types = ActionTypes()
        types.register(AddItem.self)
        // Every command on: dispatch, export and import, the test.
        let server = try history.serveInspector(actionTypes: types, testSetup: SessionTestSetup(
            module: "Shop", reducer: "cartReducer", state: Cart(), writtenAs: "Cart()"))
        let target = "http://127.0.0.1:\(server.port)"
        let site = try AttackerSite(page: """
            <!DOCTYPE html><html><body><pre id="log"></pre>
            <iframe name="sink" style="display:none"></iframe>
            <form id="form" method="POST" action="\(target)/api/jump" enctype="text/plain" target="sink">
              <input name='{"position":0,"pad":"' value='"}'>
            </form>
            <iframe src="\(target)/?jump=0"></iframe>
            <iframe src="\(target)/?token=guessed&jump=0"></iframe>
            <script>
              const log = (line) => { document.getElementById("log").textContent += line + "\\n"; };
              const body = JSON.stringify({ position: 0 });
              Promise.allSettled([
                fetch("\(target)/api/jump", { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body }),
                fetch("\(target)/api/pause", { method: "POST", mode: "no-cors" }),
                fetch("\(target)/api/history").then((r) => r.text()).then((text) => log("READ " + text)),
                fetch("\(target)/api/jump?token=guessed", { method: "POST", mode: "no-cors", body }),
                fetch("\(target)/api/skip", { method: "POST", mode: "no-cors", body: '{"position":1,"skipped":true}' }),
                fetch("\(target)/api/commit", { method: "POST", mode: "no-cors" }),
                fetch("\(target)/api/dispatch", { method: "POST", mode: "no-cors", body: '{"type":"AddItem","action":{"name":"x"}}' }),
                fetch("\(target)/api/test").then((r) => r.text()).then((text) => log("READ " + text)),
              ]).then((results) => {
                document.getElementById("form").submit();
                log("attack finished: " + results.map((r) => r.status).join(","));
              });
            </script></body></html>
            """)
        defer { site.stop() }
        let dom = try await HeadlessBrowser.dumpDOM(site.url, virtualTimeBudget: 4_000)
        #expect(dom.contains("attack finished"), "the attacking page ran: \(dom.prefix(2_000))")
        #expect(!dom.contains("milk"), "a page elsewhere read the history")
        #expect(store.state.items == ["milk", "eggs", "bread"], "the app's state changed")
        #expect(history.position == 3 && history.entries.count == 3 && history.isRecording)
        #expect(history.entries.allSatisfy { !$0.isSkipped }, "a page elsewhere skipped an action")

        // DNS rebinding: a name that resolves to 127.0.0.1 reaches the port, but its Host
        // is not the inspector's; even with the token, nothing is read or changed.
        let rebinding = ["--host-resolver-rules=MAP evil.example 127.0.0.1"]
        let page = try await HeadlessBrowser.dumpDOM(URL(string: "http://evil.example:\(server.port)/?token=\(server.gate.token)")!,
                                                     arguments: rebinding)
        #expect(page.contains("answers at 127.0.0.1:\(server.port) or localhost:\(server.port) only"), "\(page.prefix(1_000))")
        #expect(!page.contains("milk"))

        // The inspector's own page, opened at the printed address, still drives the app.
        let own = try await HeadlessBrowser.dumpDOM(server.url, virtualTimeBudget: 3_000)
        #expect(own.contains(#"data-name="AddItem(name: &quot;bread&quot;)""#), "\(own.prefix(1_000))")
        #expect(store.state.items == ["milk", "eggs", "bread"])
    }
}

/// A web page served by a real HTTP server (Python's `http.server`) on another loopback
/// port: another origin, as any site the developer has open is.
struct AttackerSite {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let url: URL
    private let process: Process
    private let directory: URL

    init(page: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-attacker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(page.utf8).write(to: directory.appendingPathComponent("attack.html"))
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.firstMatch(of: /port (\d+)/)?.1 else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server said: \(text)"])
        }
        url = URL(string: "http://127.0.0.1:\(port)/attack.html")!
    }

    func stop() {
        // SIGKILL: the server inherits the test runner's blocked signals, SIGTERM among them.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
#endif
