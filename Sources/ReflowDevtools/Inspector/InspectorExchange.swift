import Foundation
import Reflow
import ReflowCore

/// What the live inspector does with the registered action types of a history whose state
/// is `Codable`: export, import, and dispatch an action the page wrote as JSON.
@MainActor
struct InspectorExchange {
    /// One turn of an import: decodes until the deadline; `true` once the history holds it.
    typealias ImportStep = @MainActor (ContinuousClock.Instant) throws -> Bool

    let export: () throws -> Data
    /// Starts importing a file (its header is read at once); the returned step decodes
    /// entries until the deadline it is given, and says whether the import is done, in which
    /// case the history holds it.
    let startImport: (Data) throws -> ImportStep
    /// Dispatches the action a body such as `{"type": "Rename", "action": {"title": "x"}}`
    /// describes; returns how it prints.
    let dispatch: (Data) throws -> String
    /// Each registered type's name, with the JSON of the latest recorded action of that
    /// type (or `{}`), for the page's Dispatch form; reactors' mutations are not offered.
    let templates: () -> [String: String]
    /// Why the history cannot be exported now (an entry's action type is not registered),
    /// or `nil`: the page's Export is offered only when it can work.
    let exportBlocker: () -> String?

    init<State: Codable>(history: History<State>, actionTypes: ActionTypes) {
        export = { [weak history] in try history?.exportJSON(actionTypes: actionTypes) ?? Data() }
        startImport = { [weak history] data in
            var job = try History<State>.ImportJob(data, actionTypes: actionTypes)
            return { deadline in
                guard try job.decode(until: deadline) else { return false }
                history?.finish(job)
                return true
            }
        }
        dispatch = { [weak history] body in
            guard let history, history.isAttached else { throw DispatchRefusal("no store is attached (or it was released)") }
            guard let typeName = (try? JSONDecoder().decode(DispatchBody.self, from: body))?.type else {
                throw DispatchRefusal(#"the body must be JSON like {"type": "Rename", "action": {…}}"#)
            }
            guard let coder = actionTypes.byName[typeName] else {
                throw DispatchRefusal("\"\(typeName)\" is not a registered action type; register it in ActionTypes")
            }
            guard !coder.isHostedMutation else {
                throw DispatchRefusal("\(typeName) is a reactor's mutation, which only its reactor makes; dispatch the reactor's action")
            }
            let action: any Action
            do {
                action = try coder.decode(body, JSONDecoder())
            } catch {
                throw DispatchRefusal("\"action\" is not a \(typeName): \(error)")
            }
            history.dispatch(action)
            return String(describing: action)
        }
        exportBlocker = { [weak history] in
            guard let unregistered = history?.entries.first(where: { actionTypes.byType[ObjectIdentifier(type(of: $0.action))] == nil })
            else { return nil }
            return "\(type(of: unregistered.action)) is not registered in ActionTypes"
        }
        templates = { [weak history] in
            var templates: [String: String] = [:]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for (name, coder) in actionTypes.byName where !coder.isHostedMutation {
                let latest = history?.entries.last { actionTypes.byType[ObjectIdentifier(type(of: $0.action))]?.name == name }
                let json = latest.flatMap { try? coder.encode($0.action, encoder) }
                templates[name] = json.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            }
            return templates
        }
    }
}

private struct DispatchBody: Decodable {
    var type: String
}

/// Why the page's action was not dispatched.
private struct DispatchRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
