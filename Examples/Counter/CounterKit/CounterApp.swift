import ExampleTerminal
import Foundation
import Reflow
import ReflowDevtools

/// The app: one store with a logging middleware, the counter reactor hosted as its
/// `counter` slice, and a connection for the screen.
@MainActor
public enum CounterApp {
    public struct State: Equatable, Codable {
        public var counter = CounterReactor.State()
        public init() {}
    }

    /// Builds the running app.
    ///
    /// - Parameters:
    ///   - reactor: The counter; its delay and clock are the reactor's.
    ///   - recordPath: Where to write the session's inspector page when the screen finishes.
    ///   - persistenceDirectory: Where the count is kept between runs; `nil` keeps nothing.
    ///   - inspectPort: Where to serve the live inspector while the app runs (`--inspect`).
    /// - Returns: The screen, connected, and the store.
    public static func make(reactor: CounterReactor = CounterReactor(), recordPath: String? = nil,
                            persistenceDirectory: URL? = nil,
                            inspectPort: UInt16? = nil) -> (screen: CounterScreen, store: Store<State>) {
        // The middleware is made before the screen it writes to: it forwards through a box.
        let logSink = LogSink()
        let persistence = persistenceDirectory.map { directory in
            StatePersistence<State>(directory: directory, slices: [PersistedSlice(\.counter.value, file: "count.json")],
                                    onError: { error in
                                        // On the screen's log, and on standard error, where it is still read
                                        // after the screen ends (a failed last write happens as it ends).
                                        logSink.send(wrapped("note: \(error.message)", width: 74).joined(separator: "\n  "))
                                        FileHandle.standardError.write(Data("note: \(error.message)\n".utf8))
                                    })
        }
        let initial = persistence?.restored(State()) ?? State()
        let store = Store(reducer: .empty, state: initial, middleware: [.logging { logSink.send($0) }])
        persistence?.attach(to: store)
        let history = History<State>()
        if recordPath != nil || inspectPort != nil {
            history.isTracing = true
            history.attach(to: store)
        }
        let inspector = inspectPort.map { LiveInspection.start(history, port: $0, title: "Counter", actionTypes: actionTypes) }
        store.host(reactor, at: \.counter)
        let connection = Connection(
            store: store,
            slice: \.counter,
            mapSliceToProps: counterProps(from:),
            mapDispatchToActions: { _ in
                CounterActions(increase: { reactor.action.send(.increase) },
                               decrease: { reactor.action.send(.decrease) })
            }
        )
        let screen = CounterScreen(connection: connection, alerts: reactor.pulse(\.$alertMessage).compactMap { $0 },
                                   effects: { await store.waitForEffects() }) {
            await persistence?.flush()     // the count is on disk before the process ends
            inspector?.stop()
            guard let recordPath else { return }
            RecordingDestination.write(history.inspectorHTML(title: "Counter session"), to: URL(fileURLWithPath: recordPath),
                                       actions: history.entries.count)
        }
        logSink.write = { [weak screen] in screen?.append(log: $0) }
        return (screen, store)
    }

    /// What the inspector's page exports, imports and dispatches: the counter's actions, as
    /// the keys send them (`{"action": {"increase": {}}}`), and its mutations.
    public static var actionTypes: ActionTypes {
        var types = ActionTypes()
        types.register(ReactorAction<CounterReactor>.self, as: "CounterReactor.Action")
        types.register(ReactorMutation<CounterReactor>.self, as: "CounterReactor.Mutation")
        return types
    }

    /// The script run when standard input is closed.
    public static let demoScript = """
        type +
        wait
        type +
        wait
        type -
        wait
        quit
        """
}

/// Where the logging middleware's lines go, set once the screen exists.
@MainActor
final class LogSink {
    /// Lines sent before anyone could show them: what restoring the count reported.
    private var pending: [String] = []

    /// Where lines go; set once the screen exists, which first gets the pending lines.
    var write: ((String) -> Void)? {
        didSet {
            guard let write else { return }
            let lines = pending
            pending = []
            for line in lines { write(line) }
        }
    }

    /// Shows `line`, or keeps it until there is somewhere to show it.
    func send(_ line: String) {
        if let write { write(line) } else { pending.append(line) }
    }
}
