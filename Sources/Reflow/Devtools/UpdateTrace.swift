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
/// (closure)` for a selector, `Connection 1 (TodoListProps)` for a connection and
/// `Connection 1 (TodoListProps) → \.title` for one of its bindings. Only observers made
/// while tracing was on are named; turn tracing on at launch, before screens subscribe.
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

/// Collects what observers do during a dispatch for the trace being recorded; installed
/// on a store's dispatch loop while its history traces.
@MainActor
final class UpdateTracer {
    /// Receives each event; set by the history.
    var note: ((Event) -> Void)?
    private var made = 0

    enum Event {
        case evaluated(String)
        case fired(String)
    }

    /// Names of connections made while tracing, by identity.
    private var names: [ObjectIdentifier: String] = [:]

    /// A number for the next observer made, so that labels tell observers apart.
    func nextOrdinal() -> Int {
        made += 1
        return made
    }

    /// The number ``nextOrdinal()`` will give next.
    func peekOrdinal() -> Int { made + 1 }

    func setName(_ name: String, of object: AnyObject) { names[ObjectIdentifier(object)] = name }
    func name(of object: AnyObject) -> String? { names[ObjectIdentifier(object)] }

    func evaluated(_ label: String) { note?(.evaluated(label)) }
    func fired(_ label: String) { note?(.fired(label)) }
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

/// Key paths as people write them; shared with ReflowTesting's `PropsRecorder`.
package enum KeyPathLabel {
    /// `\Props.title` as `\.title`, so that names do not depend on what a type is called.
    ///
    /// A key path prints as its source from Swift 5.8's runtime on, which is why the package
    /// declares macOS 13.3, iOS 16.4, tvOS 16.4 and watchOS 9.4 as its minimums.
    package static func relative<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> String {
        let written = String(describing: keyPath)
        let root = "\\\(String(describing: Root.self))."
        return written.hasPrefix(root) ? "\\." + written.dropFirst(root.count) : written
    }
}
