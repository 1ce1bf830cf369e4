#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import Testing
import TestSupport

/// TableAndCollection with `--inspect`, in a pseudo-terminal: the page's Dispatch, Export,
/// Import and Test work from the example's registered action types.
@Suite(.serialized) struct TableAndCollectionInspectorTests {
    @Test func dispatchExportImportAndTest_workFromTheExamplesActionTypes() async throws {
        let terminal = try PseudoTerminal(executable: "TableAndCollection", arguments: ["--inspect", "0"])
        defer { terminal.send("q") }
        // The address is printed before the screen's first frame.
        #expect(await terminal.waitFor("to buy"))
        let address = try #require(terminal.output.firstMatch(of: /Inspector: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/)?.1)
        let page = try #require(URL(string: String(address)))
        let port = try #require(page.port.flatMap { UInt16($0) })
        let token = try #require(URLComponents(url: page, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        let headers = ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(port)"]

        var mark = terminal.mark
        terminal.send("a")
        #expect(await terminal.waitFor("milk", after: mark))
        mark = terminal.mark
        let dispatched = try await LoopbackHTTPClient.request("POST", "/api/dispatch", body: #"{"type": "AddItem", "action": {"name": "figs"}}"#,
                                                              port: port, headers: headers)
        #expect(dispatched.status == 200, "\(dispatched.text)")
        #expect(await terminal.waitFor("figs", after: mark), "the app shows the dispatched item")

        let export = try await LoopbackHTTPClient.request("GET", "/api/export", port: port, headers: headers)
        #expect(export.status == 200 && export.text.contains(#""type":"AddItem""#) && export.text.contains("figs"))
        let imported = try await LoopbackHTTPClient.request("POST", "/api/import", body: export.text, port: port, headers: headers)
        #expect(imported.status == 200, "\(imported.text)")

        let test = try await LoopbackHTTPClient.request("GET", "/api/test", port: port, headers: headers)
        #expect(test.status == 200 && test.text.contains("@testable import TableAndCollectionKit"))
        #expect(test.text.contains(#"await store.send(AddItem(name: "figs"))"#), "\(test.text)")
    }
}
#endif
