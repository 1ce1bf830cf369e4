import Foundation

extension History {
    /// Serves the inspector of this history, live, while the app runs: open ``InspectorServer/url``
    /// in a browser to watch actions arrive and to act on the app as Redux DevTools does.
    ///
    /// The page shows what ``inspectorHTML(title:)`` shows and follows new actions as they
    /// are recorded. Its controls jump the app to any recorded action (time travel: the
    /// store's state is replaced and every observer notified), step back and forward,
    /// pause and resume recording, and replay the session from the start. A request the
    /// inspector cannot carry out (an unknown path, a position outside the history, a
    /// body that does not parse) is answered with an HTTP error and a message, and changes
    /// nothing.
    ///
    /// ```swift
    /// #if DEBUG
    /// let history = History<AppState>()
    /// history.isTracing = true
    /// history.attach(to: store)
    /// let inspector = try history.serveInspector(port: 9091)
    /// print("Inspector:", inspector.url)  // http://127.0.0.1:9091/?token=…
    /// #endif
    /// ```
    ///
    /// For debug builds. It exposes the app's whole recorded state, and lets its page change
    /// the app, so it guards the port against the other pages a browser opens:
    /// - It listens on 127.0.0.1 unless `interface` says otherwise.
    /// - ``InspectorServer/url`` carries a random token of this run; every request but the
    ///   bare page must carry it, and the bare page without it shows no state.
    /// - It answers only requests addressed to `127.0.0.1:PORT` or `localhost:PORT` (DNS
    ///   rebinding is refused), takes changes only as `POST`s whose `Origin` is its own
    ///   page's, changes nothing on a `GET`, and refuses to be framed.
    /// - It answers at most 16 connections at once, each on a thread of its own (never
    ///   Swift concurrency's pool), gives a request 10 seconds to arrive whole, bounds
    ///   bodies by route before reading them, and drops the work of a client that left.
    /// Anyone who has the printed address (or, with ``InspectorInterface/allInterfaces``,
    /// who can reach the port and learns the token) can read and change the state. It
    /// depends on nothing but the system's sockets.
    ///
    /// With `testSetup`, the page's Test button shows the session as a Swift Testing file
    /// (``testSource(_:)``), to copy or download into the app's tests.
    ///
    /// - Parameters:
    ///   - port: The port; 0 lets the system pick one (read it from the result).
    ///   - interface: Where to listen; ``InspectorInterface/loopback`` by default.
    ///   - title: The page's title.
    ///   - testSetup: How a test written from the session builds the app's store; `nil`
    ///     (the default) shows no Test button.
    /// - Returns: The running inspector; keep it, and call ``InspectorServer/stop()`` or
    ///   release it to stop.
    /// - Throws: ``InspectorServerError`` when the port cannot be opened.
    public func serveInspector(port: UInt16 = 0, interface: InspectorInterface = .loopback,
                               title: String = "Reflow history", testSetup: SessionTestSetup<State>? = nil) throws -> InspectorServer {
        try serveInspector(port: port, interface: interface, title: title, exchange: nil, testSetup: testSetup)
    }

    func serveInspector(port: UInt16, interface: InspectorInterface, title: String, exchange: InspectorExchange?,
                        testSetup: SessionTestSetup<State>? = nil,
                        requestDeadline: Duration = InspectorServer.requestDeadline) throws -> InspectorServer {
        var writeTest: (@MainActor () throws -> String)?
        if let testSetup {
            writeTest = { [weak self] in try self?.testSource(testSetup) ?? "" }
        }
        let routes = InspectorRoutes(history: self, title: title, exchange: exchange, writeTest: writeTest)
        return try InspectorServer(interface: interface, port: port, requestDeadline: requestDeadline) { request in
            routes.respond(to: request)
        }
    }
}

extension History where State: Codable {
    /// Serves the inspector of this history, live, with export, import and dispatch: the
    /// page's Export downloads the session (``exportJSON(actionTypes:)``), its Import loads
    /// one (``importJSON(_:actionTypes:)``; the app's state changes only when you jump), and
    /// its Dispatch form sends the app an action of a registered type, written as JSON
    /// (the latest recorded one of that type is the form's starting point).
    /// Otherwise the same as ``serveInspector(port:interface:title:testSetup:)``.
    ///
    /// - Parameters:
    ///   - port: The port; 0 lets the system pick one.
    ///   - interface: Where to listen; ``InspectorInterface/loopback`` by default.
    ///   - actionTypes: The action types an export may hold, and the page may dispatch.
    ///   - title: The page's title.
    ///   - testSetup: How a test written from the session builds the app's store; `nil`
    ///     (the default) shows no Test button.
    /// - Returns: The running inspector.
    /// - Throws: ``InspectorServerError`` when the port cannot be opened.
    public func serveInspector(port: UInt16 = 0, interface: InspectorInterface = .loopback,
                               actionTypes: ActionTypes, title: String = "Reflow history",
                               testSetup: SessionTestSetup<State>? = nil) throws -> InspectorServer {
        try serveInspector(port: port, interface: interface, title: title,
                           exchange: InspectorExchange(history: self, actionTypes: actionTypes), testSetup: testSetup)
    }
}

/// What the live inspector answers, on the main actor.
@MainActor
final class InspectorRoutes<State> {
    private weak var history: History<State>?
    private let title: String
    private let exchange: InspectorExchange?
    /// Writes the session as a test, when the inspector was given a setup.
    private let writeTest: (@MainActor () throws -> String)?
    /// The replay under way, if any.
    private var replay: Task<Void, Never>?
    /// The steps encoded so far, for the page and its polls.
    private let steps = InspectorStepCache<State>()

    init(history: History<State>, title: String, exchange: InspectorExchange?, writeTest: (@MainActor () throws -> String)?) {
        self.history = history
        self.title = title
        self.exchange = exchange
        self.writeTest = writeTest
    }

    /// The answer to `request`, or `nil` while the page's steps are still being encoded:
    /// each call encodes for one short turn (``InspectorStepCache``), and the server calls
    /// again, letting the app run between turns.
    func respond(to request: InspectorRequest) -> InspectorResponse? {
        guard let history else { return .error(503, "The history was released; the app stopped recording.") }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            // Without the token the bare page holds none of the app's state.
            guard request.hasToken else {
                let locked = InspectorDocument<State>.json(["title": title, "live": true, "locked": true])
                return InspectorResponse(status: 200, contentType: "text/html; charset=utf-8",
                                         body: Data(History<State>.inspectorPage(title: title, data: locked).utf8))
            }
            guard steps.prepare(history) else { return nil }
            var flags = pageFlags
            flags["actionTypes"] = exchange?.templates() ?? [:]
            let data = steps.payload(history, title: title, since: nil, revision: nil, extra: flags)
            // The page around the data: the data's slot is the template's last `{{DATA}}`
            // (the title, which comes before it, may spell one too).
            let page = History<State>.inspectorPage(title: title, data: "{{DATA}}")
            let slot = page.range(of: "{{DATA}}", options: .backwards)!
            return InspectorResponse(status: 200, contentType: "text/html; charset=utf-8",
                                     bodyParts: [Data(page[..<slot.lowerBound].utf8)] + data + [Data(page[slot.upperBound...].utf8)])
        case ("GET", "/api/history"):
            var since: Int?
            var revision: Int?
            var pageFirst: Int?
            if let text = request.query["first"] {
                guard let value = Int(text) else { return .error(400, "first must be a step number, got \"\(text)\".") }
                pageFirst = value
            }
            if let text = request.query["since"] {
                guard let value = Int(text) else { return .error(400, "since must be a step number, got \"\(text)\".") }
                since = value
            }
            if let text = request.query["revision"] {
                guard let value = Int(text) else { return .error(400, "revision must be a number, got \"\(text)\".") }
                revision = value
            }
            guard steps.prepare(history) else { return nil }
            return InspectorResponse(status: 200, contentType: "application/json; charset=utf-8",
                                     bodyParts: steps.payload(history, title: title, since: since, revision: revision,
                                                              pageFirst: pageFirst, extra: pageFlags))
        case ("POST", "/api/jump"):
            guard let position = (try? JSONDecoder().decode(JumpBody.self, from: request.body))?.position else {
                return .error(400, #"The body must be JSON with an integer "position", like {"position": 3}."#)
            }
            guard (0...history.entries.count).contains(position) else {
                return .error(400, "Position \(position) is outside 0...\(history.entries.count) (0 is the state before the first action).")
            }
            return travel(history) { $0.jump(to: position) }
        case ("POST", "/api/step-back"):
            return travel(history) { $0.stepBack() }
        case ("POST", "/api/step-forward"):
            return travel(history) { $0.stepForward() }
        case ("POST", "/api/pause"):
            history.isRecording = false
            return .json(["message": "Recording paused: the app runs on; new actions are not recorded."])
        case ("POST", "/api/resume"):
            history.isRecording = true
            return .json(["message": "Recording."])
        case ("POST", "/api/replay"):
            return startReplay(history, body: request.body)
        case ("GET", "/api/export"):
            guard let exchange else {
                return .error(409, "Export needs a Codable state and the action types: serve the inspector with serveInspector(actionTypes:).")
            }
            do {
                var response = InspectorResponse(status: 200, contentType: "application/json", body: try exchange.export())
                response.extraHeaders["Content-Disposition"] = #"attachment; filename="reflow-history.jsonl""#
                return response
            } catch {
                return .error(409, "The history cannot be exported: \(error)")
            }
        case ("POST", "/api/import"):
            guard let exchange else {
                return .error(409, "Import needs a Codable state and the action types: serve the inspector with serveInspector(actionTypes:).")
            }
            do {
                try exchange.import(request.body)
                return .json(["message": "Imported \(history.entries.count) actions; jump to one to show it in the app."])
            } catch {
                return .error(400, "The file was not imported: \(error)")
            }
        case ("GET", "/api/test"):
            guard let writeTest else {
                return .error(409, "Writing a test needs a SessionTestSetup: serve the inspector with serveInspector(testSetup:).")
            }
            do {
                var response = InspectorResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Data(try writeTest().utf8))
                response.extraHeaders["Content-Disposition"] = #"inline; filename="RecordedSessionTests.swift""#
                return response
            } catch {
                return .error(422, "The session cannot be written as a test: \(error)")
            }
        case ("POST", "/api/dispatch"):
            guard let exchange else {
                return .error(409, "Dispatch needs the action types: serve the inspector with serveInspector(actionTypes:).")
            }
            do {
                let action = try exchange.dispatch(request.body)
                return .json(["message": "Dispatched \(action)."])
            } catch {
                return .error(400, "The action was not dispatched: \(error)")
            }
        case ("POST", "/api/skip"):
            guard let body = try? JSONDecoder().decode(SkipBody.self, from: request.body) else {
                return .error(400, #"The body must be JSON like {"position": 3, "skipped": true}."#)
            }
            guard history.isAttached else {
                return .error(409, "The history has no store attached (or it was released): nothing to recompute with.")
            }
            guard (1...max(history.entries.count, 1)).contains(body.position), !history.entries.isEmpty else {
                return .error(400, "Position \(body.position) is outside 1...\(history.entries.count) (1 is the first action).")
            }
            replay?.cancel()
            history.setSkipped(body.skipped, at: body.position)
            let step = history.firstSequence + body.position - 1
            return .json(["message": "#\(step) \(body.skipped ? "skipped" : "back on"); the states after it were recomputed."])
        case ("POST", "/api/commit"):
            history.clear()
            return .json(["message": "Committed: the app's current state is the new initial state."])
        case (_, "/"), (_, "/index.html"), (_, "/api/history"), (_, "/api/export"), (_, "/api/test"):
            return .error(405, "\(request.path) answers GET only.")
        case (_, "/api/jump"), (_, "/api/step-back"), (_, "/api/step-forward"), (_, "/api/pause"),
             (_, "/api/resume"), (_, "/api/replay"), (_, "/api/import"), (_, "/api/dispatch"), (_, "/api/commit"), (_, "/api/skip"):
            return .error(405, "\(request.path) answers POST only.")
        default:
            return .error(404, "No such page: \(request.path). The inspector is at /.")
        }
    }

    /// What the page offers besides the history: the Test button, export and import.
    private var pageFlags: [String: Any] {
        ["testable": writeTest != nil, "exchange": exchange != nil, "exportBlocker": exchange?.exportBlocker() ?? ""]
    }

    /// Time travel, refused while the history has no store.
    private func travel(_ history: History<State>, _ move: (History<State>) -> Void) -> InspectorResponse {
        guard history.isAttached else {
            return .error(409, "The history has no store attached (or it was released): nothing to travel in.")
        }
        replay?.cancel()
        move(history)
        // Numbered as the timeline numbers its rows.
        let step = history.firstSequence + history.position - 1
        let later = history.entries.count - history.position
        let message = (history.position == 0 ? "At the initial state (#\(step))" : "At #\(step)")
            + (later == 0 ? ", the latest." : "; \(later) later action\(later == 1 ? "" : "s") kept.")
        return .json(["message": message, "position": history.position])
    }

    /// Steps the app through every recorded action from the start: at once when the body
    /// says `{"interval": 0}`, otherwise one step per `interval` seconds (0.25 by default).
    private func startReplay(_ history: History<State>, body: Data) -> InspectorResponse {
        guard history.isAttached else {
            return .error(409, "The history has no store attached (or it was released): nothing to replay.")
        }
        var interval = 0.25
        if !body.isEmpty {
            guard let decoded = try? JSONDecoder().decode(ReplayBody.self, from: body) else {
                return .error(400, "The body must be a JSON object, like {\"interval\": 0.5}; interval must be a number of seconds from 0 to 10.")
            }
            if let seconds = decoded.interval {
                guard seconds >= 0, seconds <= 10 else { return .error(400, "interval must be a number of seconds from 0 to 10.") }
                interval = seconds
            }
        }
        replay?.cancel()
        let count = history.entries.count
        if interval == 0 {
            for position in 0...count { history.jump(to: position) }
            return .json(["message": "Replayed \(count) actions.", "position": history.position])
        }
        history.jump(to: 0)
        replay = Task { [weak history] in
            for position in stride(from: 1, through: count, by: 1) {
                try? await Task.sleep(for: .seconds(interval))
                guard !Task.isCancelled, let history, history.isAttached, position <= history.entries.count else { return }
                history.jump(to: position)
            }
        }
        return .json(["message": "Replaying \(count) actions, one every \(interval) s.", "position": 0])
    }

    private struct JumpBody: Decodable { var position: Int }
    private struct ReplayBody: Decodable { var interval: Double? }
    private struct SkipBody: Decodable { var position: Int; var skipped: Bool }
}
