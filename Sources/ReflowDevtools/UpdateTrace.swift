import Reflow
import ReflowCore

/// Why a dispatch updated what it did: which reducers handled the action, which key paths
/// of the state changed, which subscriptions and connections were re-evaluated, and which
/// sinks fired.
///
/// Recorded for each entry of a ``History`` whose ``History/isTracing`` is on, as data
/// for tests and as ``text`` for a log:
///
/// ```text
/// Rename(title: "Shopping")
///   reducers: Reducer.on(Rename)
///   changed:  .title
///   evaluated: subscription 1 (\AppState.todos.count), Connection 1 (TodoListProps)
///   fired:    Connection 1 (TodoListProps) → \.title
/// ```
///
/// Observers are named by what they watch and numbered in the order they were made:
/// `subscription 2 (\AppState.count)` for a key-path subscription, `subscription 3
/// (closure)` for a selector, `subscription 4 (\AppState.todos[id: 7])` for one entity,
/// `Connection 1 (TodoListProps)` for a connection and `Connection 1 (TodoListProps) →
/// \.title` for one of its bindings, `stream 5 (\AppState.count)` for an async sequence,
/// `persistence 6 (settings.json)` for a `StatePersistence` (evaluated, never fired: it
/// saves later). Observers made while tracing is on are numbered as they are made; those
/// made before, when first seen.
public struct UpdateTrace: Equatable, Sendable, CustomStringConvertible {
    /// The action, as it prints.
    public var action: String
    /// The reducers that handle the action's type.
    public var reducers: [String]
    /// The key paths of the state whose values changed, as `.user.name`.
    public var changedKeyPaths: [String]
    /// The observers whose selection was computed, in notification order.
    public var evaluated: [String] = []
    /// The observers that delivered a new value (their sinks ran), in order.
    public var fired: [String] = []

    /// The trace as indented text.
    public var text: String {
        func line(_ title: String, _ items: [String]) -> String {
            "  \(title) \(items.isEmpty ? "(none)" : items.joined(separator: ", "))"
        }
        return [
            action,
            line("reducers: ", reducers),
            line("changed:  ", changedKeyPaths),
            line("evaluated:", evaluated),
            line("fired:    ", fired),
        ].joined(separator: "\n")
    }

    public var description: String { text }
}

/// Collects what observers do during a dispatch for the trace being recorded: the watcher
/// of a store's notifications while its history traces.
///
/// Observers are named the first time they are seen, by a number and what they watch;
/// those made while tracing are named when made, so numbers follow the order of creation.
@MainActor
final class UpdateTracer: NotificationWatcher {
    /// Receives each event; set by the history.
    var note: ((Event) -> Void)?
    private var made = 0

    enum Event {
        case evaluated(String)
        case fired(String)
    }

    /// A name, kept while its observer lives: an identity can be reused once it is freed.
    private struct Named {
        weak var observer: AnyObject?
        let name: String
    }

    private var names: [ObjectIdentifier: Named] = [:]
    /// Above this many names, forget those of freed observers.
    private var pruneAt = 64
    /// The connections whose props are being delivered, innermost last, with their names.
    private var delivering: [String] = []

    /// The name of `observer`, given now if it has none.
    func name(of observer: AnyObject, _ label: ObserverLabel) -> String {
        let key = ObjectIdentifier(observer)
        if let named = names[key], named.observer === observer { return named.name }
        made += 1
        let name = "\(label.kind) \(made) (\(label.detail()))"
        names[key] = Named(observer: observer, name: name)
        if names.count > pruneAt {
            names = names.filter { $0.value.observer != nil }
            pruneAt = max(64, names.count * 2)
        }
        return name
    }

    func observerMade(_ observer: AnyObject, _ label: ObserverLabel) {
        _ = name(of: observer, label)
    }

    func evaluated(_ observer: AnyObject, _ label: ObserverLabel) {
        note?(.evaluated(name(of: observer, label)))
    }

    func fired(_ observer: AnyObject, _ label: ObserverLabel) {
        note?(.fired(name(of: observer, label)))
    }

    func willNotifyObservers(of source: AnyObject, _ label: ObserverLabel) {
        delivering.append(name(of: source, label))
    }

    func didNotifyObservers() {
        delivering.removeLast()
    }

    func observerFired(at keyPath: AnyKeyPath) {
        guard let connection = delivering.last else { return }
        note?(.fired("\(connection) → \(KeyPathLabel.relative(keyPath))"))
    }
}

extension Reducer {
    /// Names the handlers this reducer has for actions of `actionType`, for traces.
    func handlerNames(for actionType: any Action.Type) -> [String] {
        let key = ObjectIdentifier(actionType)
        var names: [String] = []
        for stage in stages {
            switch stage {
            case .everyAction:
                names.append("a reducer of every action")
            case .routed(let table) where table[key] != nil:
                names.append("Reducer.on(\(actionType))")
            case .routed:
                break
            }
        }
        return names
    }
}
