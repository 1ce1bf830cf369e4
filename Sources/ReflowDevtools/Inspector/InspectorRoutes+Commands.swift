import Foundation
import Reflow
import ReflowCore

/// The live inspector's commands beyond time travel: export, import, dispatch and the test
/// (with the registered action types or the test setup it was served with), skip.
extension InspectorRoutes {
    func exportSession() -> InspectorResponse {
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
    }

    /// Imports the file in `request`'s body one turn at a time: `nil` until it is done (the
    /// server asks again, and the app runs between turns).
    func importSession(_ request: InspectorRequest, into history: History<State>) -> InspectorResponse? {
        guard let exchange else {
            return .error(409, "Import needs a Codable state and the action types: serve the inspector with serveInspector(actionTypes:).")
        }
        do {
            if pendingImport?.serial != request.serial {
                pendingImport = (request.serial, try exchange.startImport(request.body))
            }
            guard let step = pendingImport?.step,
                  try step(ContinuousClock.now.advanced(by: InspectorStepCache<State>.turn)) else { return nil }
            pendingImport = nil
            return .json(["message": "Imported \(history.entries.count) actions; jump to one to show it in the app."])
        } catch {
            pendingImport = nil
            return .error(400, "The file was not imported: \(error)")
        }
    }

    func sessionTest() -> InspectorResponse {
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
    }

    func dispatchAction(_ body: Data) -> InspectorResponse {
        guard let exchange else {
            return .error(409, "Dispatch needs the action types: serve the inspector with serveInspector(actionTypes:).")
        }
        do {
            let action = try exchange.dispatch(body)
            return .json(["message": "Dispatched \(action)."])
        } catch {
            return .error(400, "The action was not dispatched: \(error)")
        }
    }

    /// Turns an action off or on (`{"position": 3, "skipped": true}`); the states after it
    /// are recomputed.
    func skip(_ body: Data, in history: History<State>) -> InspectorResponse {
        guard let request = try? JSONDecoder().decode(SkipBody.self, from: body),
              InspectorBody.position(in: body) != nil else {
            return .error(400, #"The body must be JSON like {"position": 3, "skipped": true}."#)
        }
        guard history.isAttached else {
            return .error(409, "The history has no store attached (or it was released): nothing to recompute with.")
        }
        guard !history.entries.isEmpty, (1...history.entries.count).contains(request.position) else {
            return .error(400, "Position \(request.position) is outside 1...\(history.entries.count) (1 is the first action).")
        }
        if let unhosted = history.firstUnhostedMutation(from: request.position) {
            return .error(409, "Entry \(unhosted) is a mutation of a reactor the store does not host (or hosts more than once): "
                          + "the states after it cannot be recomputed.")
        }
        replay?.cancel()
        history.setSkipped(request.skipped, at: request.position)
        let step = history.firstSequence + request.position - 1
        return .json(["message": "#\(step) \(request.skipped ? "skipped" : "back on"); the states after it were recomputed."])
    }
}

private struct SkipBody: Decodable {
    var position: Int
    var skipped: Bool
}
