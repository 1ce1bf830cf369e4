import Foundation
import Testing
import TestSupport
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

private struct Desk: Equatable, Codable {
    var papers: [String] = []
    var lamp = false
}

private struct File: Action, Codable, Equatable { var paper: String }
private struct Switch: Action, Codable, Equatable { var on: Bool }

private let deskReducer = Reducer<Desk>
    .on(File.self) { state, action in state.papers.append(action.paper) }
    .on(Switch.self) { state, action in state.lamp = action.on }

/// The live page's Redux DevTools commands beyond time travel, over HTTP on loopback and
/// in Chromium: dispatch an action written as JSON, skip one, commit.
@MainActor
@Suite struct InspectorCommandTests {
    private var types: ActionTypes {
        var types = ActionTypes()
        types.register(File.self)
        types.register(Switch.self)
        return types
    }

    private func served() throws -> (Store<Desk>, History<Desk>, InspectorServer) {
        let store = Store(reducer: deskReducer, state: Desk())
        let history = History<Desk>()
        history.attach(to: store)
        store.dispatch(File(paper: "tax"))
        store.dispatch(Switch(on: true))
        store.dispatch(File(paper: "bill"))
        return (store, history, try history.serveInspector(actionTypes: types, title: "Desk"))
    }

    @Test func dispatch_decodesARegisteredAction_andTheAppReducesIt() async throws {
        let (store, history, server) = try served()
        defer { withExtendedLifetime((history, server)) {} }
        let reply = try await server.call("POST", "/api/dispatch", body: #"{"type": "File", "action": {"paper": "memo"}}"#)
        #expect(reply.status == 200 && reply.json["message"] as? String == #"Dispatched File(paper: "memo")."#)
        #expect(store.state.papers == ["tax", "bill", "memo"] && history.entries.count == 4)

        let unknown = try await server.call("POST", "/api/dispatch", body: #"{"type": "Shred", "action": {}}"#)
        #expect(unknown.status == 400 && unknown.text.contains("not a registered action type"))
        let wrong = try await server.call("POST", "/api/dispatch", body: #"{"type": "File", "action": {"page": 1}}"#)
        #expect(wrong.status == 400 && wrong.text.contains(#"\"action\" is not a File"#))
        #expect(try await server.call("GET", "/api/dispatch").status == 405)
        #expect(history.entries.count == 4)
    }

    @Test func dispatch_withoutActionTypes_saysWhatToPass() async throws {
        let store = Store(reducer: deskReducer, state: Desk())
        let history = History<Desk>()
        history.attach(to: store)
        let server = try history.serveInspector()
        defer { withExtendedLifetime((store, history, server)) {} }
        let reply = try await server.call("POST", "/api/dispatch", body: #"{"type": "File", "action": {"paper": "x"}}"#)
        #expect(reply.status == 409 && reply.text.contains("serveInspector(actionTypes:)"))
    }

    @Test func skip_recomputes_andCommit_makesTheCurrentStateTheStart() async throws {
        let (store, history, server) = try served()
        defer { withExtendedLifetime(server) {} }
        let skip = try await server.call("POST", "/api/skip", body: #"{"position": 1, "skipped": true}"#)
        #expect(skip.status == 200 && skip.json["message"] as? String == "#1 skipped; the states after it were recomputed.")
        #expect(store.state.papers == ["bill"] && history.entries[0].isSkipped)
        #expect(try await server.call("POST", "/api/skip", body: #"{"position": 9, "skipped": true}"#).status == 400)
        let commit = try await server.call("POST", "/api/commit")
        #expect(commit.status == 200 && history.entries.isEmpty && history.initialState == store.state)
        #expect(try await server.call("GET", "/api/commit").status == 405)
    }

    @Test(.enabled(if: HeadlessBrowser.path != nil, "needs a headless Chromium (Debian's chromium package); CI installs it"))
    func thePage_offersEachRegisteredType_startingFromItsLatestAction() async throws {
        let (store, history, server) = try served()
        defer { withExtendedLifetime((store, history, server)) {} }
        let dom = try await HeadlessBrowser.dumpDOM(server.url)
        #expect(dom.contains(#"<form id="dispatch">"#), "\(dom.prefix(2_500))")
        #expect(dom.contains(#"<option value="File">File</option><option value="Switch">Switch</option>"#))
        // The first type's form starts from the latest File recorded.
        #expect(dom.contains(#"{"paper":"bill"}"#))
        #expect(!dom.contains(#"<button id="export" hidden"#))
    }
}
