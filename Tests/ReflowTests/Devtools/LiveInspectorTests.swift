import Foundation
import Testing
import TestSupport
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

private struct Basket: Equatable, Codable {
    var title = "Groceries"
    var items: [String] = []
}

private struct AddToBasket: Action, Codable, Equatable { var name: String }
private struct Retitle: Action, Codable, Equatable { var title: String }

private let basketReducer = Reducer<Basket>
    .on(AddToBasket.self) { state, action in state.items.append(action.name) }
    .on(Retitle.self) { state, action in state.title = action.title }

/// The live inspector over real HTTP on 127.0.0.1: what the page reads, and every command
/// it sends, with the answers a bad request gets.
@MainActor
@Suite struct LiveInspectorTests {
    private func session() -> (Store<Basket>, History<Basket>) {
        let store = Store(reducer: basketReducer, state: Basket())
        let history = History<Basket>()
        history.attach(to: store)
        store.dispatch(AddToBasket(name: "milk"))
        store.dispatch(AddToBasket(name: "eggs"))
        store.dispatch(Retitle(title: "Shopping"))
        return (store, history)
    }

    @Test func historyEndpoint_listsTheSteps_thenOnlyNewOnes() async throws {
        let (store, history) = session()
        let server = try history.serveInspector()
        defer { server.stop() }
        let all = try await server.call("GET", "/api/history")
        #expect(all.status == 200)
        let steps = try #require(all.json["steps"] as? [[String: Any]])
        #expect(steps.map { $0["name"] as? String } == [#"AddToBasket(name: "milk")"#, #"AddToBasket(name: "eggs")"#, #"Retitle(title: "Shopping")"#])
        #expect(all.json["reset"] as? Bool == true)
        let revision = try #require(all.json["revision"] as? Int)

        store.dispatch(AddToBasket(name: "bread"))  // an action made in the app
        let newer = try await server.call("GET", "/api/history?since=3&revision=\(revision)")
        let added = try #require(newer.json["steps"] as? [[String: Any]])
        #expect(newer.json["reset"] as? Bool == false)
        #expect(added.map { $0["seq"] as? Int } == [4])
        #expect(added.first?["diff"] as? [String] == [#"+ .items[2]: "bread""#])
    }

    @Test func jump_changesTheAppsState_andNotifiesItsObservers() async throws {
        let (store, history) = session()
        var titles: [String] = []
        let subscription = store.subscribe(\.title) { titles.append($0) }
        let server = try history.serveInspector()
        defer { server.stop() }
        let reply = try await server.call("POST", "/api/jump", body: #"{"position": 1}"#)
        #expect(reply.status == 200)
        #expect(store.state == Basket(title: "Groceries", items: ["milk"]))
        #expect(titles == ["Shopping", "Groceries"])
        #expect(history.position == 1)
        let back = try await server.call("POST", "/api/step-forward")
        #expect(back.json["position"] as? Int == 2)
        #expect(store.state.items == ["milk", "eggs"])
        _ = subscription
    }

    @Test func badRequests_getAnError_andNeverTouchTheState() async throws {
        let (store, history) = session()
        let server = try history.serveInspector()
        defer { server.stop() }
        let before = store.state
        let cases: [(String, String, String, Int, String)] = [
            ("POST", "/api/jump", #"{"position": 9}"#, 400, "outside 0...3"),
            ("POST", "/api/jump", #"{"position": "1"}"#, 400, "integer \"position\""),
            ("POST", "/api/jump", #"{"position": true}"#, 400, "integer \"position\""),
            ("POST", "/api/jump", "not json", 400, "integer \"position\""),
            ("GET", "/api/jump", "", 405, "POST only"),
            ("POST", "/api/history", "", 405, "GET only"),
            ("GET", "/api/history?since=x", "", 400, "since must be a whole number, got \"x\""),
            ("POST", "/api/replay", #"{"interval": -1}"#, 400, "interval must be"),
            ("GET", "/api/export", "", 409, "serveInspector(actionTypes:)"),
            ("GET", "/nowhere", "", 404, "No such page"),
        ]
        for (method, path, body, status, message) in cases {
            let reply = try await server.call(method, path, body: body)
            #expect(reply.status == status, "\(method) \(path) \(body)")
            #expect((reply.json["error"] as? String ?? "").contains(message), "\(method) \(path): \(reply.text)")
        }
        let garbage = try await LoopbackHTTPClient.send(raw: Array("HELLO\r\n\r\n".utf8), port: server.port)
        #expect(garbage.status == 400)
        #expect(store.state == before)
        #expect(history.position == 3 && history.entries.count == 3)
    }

    @Test func pause_stopsRecording_resume_startsAgain() async throws {
        let (store, history) = session()
        let server = try history.serveInspector()
        defer { server.stop() }
        #expect(try await server.call("POST", "/api/pause").status == 200)
        store.dispatch(AddToBasket(name: "unrecorded"))
        #expect(history.entries.count == 3)
        #expect(store.state.items.last == "unrecorded")
        #expect(try await server.call("POST", "/api/resume").status == 200)
        store.dispatch(AddToBasket(name: "recorded"))
        #expect(history.entries.count == 4)
        let payload = try await server.call("GET", "/api/history").json
        #expect(payload["recording"] as? Bool == true)
    }

    @Test func replay_showsEveryRecordedStateInOrder() async throws {
        let (store, history) = session()
        var seen: [[String]] = []
        let subscription = store.subscribe(\.items) { seen.append($0) }
        let server = try history.serveInspector()
        defer { server.stop() }
        let reply = try await server.call("POST", "/api/replay", body: #"{"interval": 0}"#)
        #expect(reply.status == 200)
        #expect(seen == [["milk", "eggs"], [], ["milk"], ["milk", "eggs"]])  // the title step leaves items alone
        #expect(history.position == 3)
        _ = subscription
    }

    @Test func exportThenImport_roundTrips_andABrokenImportChangesNothing() async throws {
        let (store, history) = session()
        var types = ActionTypes()
        types.register(AddToBasket.self)
        types.register(Retitle.self)
        let server = try history.serveInspector(actionTypes: types)
        defer { server.stop() }
        let export = try await server.call("GET", "/api/export")
        #expect(export.status == 200)
        #expect(export.headers["content-disposition"]?.contains("attachment") == true)

        let other = History<Basket>()
        other.attach(to: Store(reducer: basketReducer, state: Basket()))
        let otherServer = try other.serveInspector(actionTypes: types)
        defer { otherServer.stop() }
        let broken = try await otherServer.call("POST", "/api/import", body: String(export.text.dropLast(20)))
        #expect(broken.status == 400)
        #expect(other.entries.isEmpty)
        let imported = try await otherServer.call("POST", "/api/import", body: export.text)
        #expect(imported.status == 200)
        #expect(other.entries.map(\.state) == history.entries.map(\.state))
        #expect(store.state.items == ["milk", "eggs"])
    }

    @Test func thePage_isServed_withTheSessionInIt() async throws {
        let (_, history) = session()
        let server = try history.serveInspector(title: "Basket")
        defer { server.stop() }
        let page = try await server.call("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<title>Basket</title>"))
        #expect(page.text.contains(#""live":true"#))
    }

    @Test func aPortInUse_isAnErrorThatSaysSo() throws {
        let (_, history) = session()
        let first = try history.serveInspector()
        defer { first.stop() }
        #expect(throws: InspectorServerError.portInUse(first.port)) { try history.serveInspector(port: first.port) }
    }

    /// A released history answers 503 instead of reaching freed memory.
    @Test func afterTheHistoryIsReleased_requestsGet503() async throws {
        var history: History<Basket>? = History<Basket>()
        let server = try history!.serveInspector()
        defer { server.stop() }
        history = nil
        let reply = try await server.call("GET", "/api/history")
        #expect(reply.status == 503)
    }

    /// `stop()` and then the release close the listening socket once: a descriptor closed
    /// twice could close a file that reused its number meanwhile.
    @Test func theListeningSocket_isClosedOnce() {
        let closes = Counter()
        let listener = ListeningSocket(close: { closes.increment() })
        listener.close()
        listener.close()
        #expect(closes.value == 1)
    }

    @Test func stop_closesThePort() async throws {
        let (_, history) = session()
        let server = try history.serveInspector()
        #expect(try await server.call("GET", "/api/history").status == 200)
        server.stop()
        await #expect(throws: LoopbackHTTPClient.Failure.self) {
            try await server.call("GET", "/api/history")
        }
    }

    private final class Counter: @unchecked Sendable {
        // @unchecked: touched only under `lock`.
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }
}

extension InspectorServer {
    /// The run's token, from the printed address.
    var token: String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)!.queryItems!.first { $0.name == "token" }!.value!
    }

    /// `method path`, as the inspector's own page sends it: with the token and its origin.
    func call(_ method: String, _ path: String, body: String = "") async throws -> LoopbackHTTPClient.Reply {
        try await LoopbackHTTPClient.request(method, path, body: body, port: port,
                                             headers: ["X-Reflow-Token": token, "Origin": "http://127.0.0.1:\(port)"])
    }
}
