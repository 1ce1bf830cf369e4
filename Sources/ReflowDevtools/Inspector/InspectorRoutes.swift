import Foundation
import Reflow
import ReflowCore

/// What the live inspector answers, on the main actor.
@MainActor
final class InspectorRoutes<State> {
    private weak var history: History<State>?
    private let title: String
    let exchange: InspectorExchange?
    /// Writes the session as a test, when the inspector was given a setup.
    let writeTest: (@MainActor () throws -> String)?
    /// The replay under way, if any.
    var replay: Task<Void, Never>?
    /// The import being decoded, a turn per answer, and the request it came in.
    var pendingImport: (serial: Int, step: InspectorExchange.ImportStep)?
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
        // A command without arguments takes no body, or an empty JSON object: anything
        // else is refused before it acts.
        if request.method == "POST", InspectorBody.commandsWithoutArguments.contains(request.path), !InspectorBody.isEmpty(request.body) {
            return .error(400, "\(request.path) takes no body, or an empty JSON object {}; nothing was changed.")
        }
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
            let head = History<State>.inspectorPageHead(title: title)
            return InspectorResponse(status: 200, contentType: "text/html; charset=utf-8",
                                     bodyParts: [Data(head.utf8)] + data + [Data(InspectorPage.tail.utf8)])
        case ("GET", "/api/history"):
            let since: Int?, revision: Int?, pageFirst: Int?
            do {
                (since, revision, pageFirst) = (try number("since", in: request), try number("revision", in: request),
                                                try number("first", in: request))
            } catch {
                return error
            }
            guard steps.prepare(history) else { return nil }
            return InspectorResponse(status: 200, contentType: "application/json; charset=utf-8",
                                     bodyParts: steps.payload(history, title: title, since: since, revision: revision,
                                                              pageFirst: pageFirst, extra: pageFlags))
        case ("POST", "/api/jump"):
            guard let position = InspectorBody.position(in: request.body) else {
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
            return exportSession()
        case ("POST", "/api/import"):
            return importSession(request, into: history)
        case ("GET", "/api/test"):
            return sessionTest()
        case ("POST", "/api/dispatch"):
            return dispatchAction(request.body)
        case ("POST", "/api/skip"):
            return skip(request.body, in: history)
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

    /// The query parameter `name` as an integer, `nil` when absent; a 400 when it is not one.
    private func number(_ name: String, in request: InspectorRequest) throws(InspectorResponse) -> Int? {
        guard let text = request.query[name] else { return nil }
        guard let value = Int(text) else { throw .error(400, "\(name) must be a whole number, got \"\(text)\".") }
        return value
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

    private struct ReplayBody: Decodable { var interval: Double? }
}
