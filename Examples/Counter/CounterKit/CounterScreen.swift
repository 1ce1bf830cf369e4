import ExampleTerminal
import Reflow

/// What the counter screen shows.
public struct CounterProps: Equatable, Sendable {
    public var value: String
    public var isLoading: Bool
}

/// What the counter screen can do.
public struct CounterActions {
    public var increase: () -> Void
    public var decrease: () -> Void
}

/// The counter slice as props.
public func counterProps(from state: CounterReactor.State) -> CounterProps {
    CounterProps(value: String(state.value), isLoading: state.isLoading)
}

/// The counter in a terminal: `+` and `-` ask the reactor, `q` quits; the alert comes from
/// the reactor's `@Pulse`, and the log from the store's logging middleware.
@MainActor
public final class CounterScreen: TerminalProgram {
    public let name = "Counter"
    public var onChange: (@MainActor () -> Void)?
    public private(set) var props: CounterProps
    /// The alert on screen until the next key, as an alert waits to be dismissed.
    public private(set) var alert: String?
    /// The logging middleware's last lines.
    public private(set) var log: [String] = []
    private let connection: Connection<CounterApp.State, CounterProps, CounterActions>
    private var subscriptions: [SubscriptionHandle] = []
    private let onFinish: @MainActor () async -> Void
    private let effects: @MainActor () async -> Void

    init(connection: Connection<CounterApp.State, CounterProps, CounterActions>, alerts: Signal<String>,
         effects: @escaping @MainActor () async -> Void, onFinish: @escaping @MainActor () async -> Void) {
        self.effects = effects
        self.connection = connection
        self.onFinish = onFinish
        props = connection.props
        subscriptions.append(connection.bind(\.self) { [weak self] props in
            self?.props = props
            self?.onChange?()
        })
        subscriptions.append(alerts.subscribe { [weak self] message in
            self?.alert = message
            self?.onChange?()
        })
        connection.connect()
    }

    /// Called by the logging middleware with each action and what it changed.
    func append(log entry: String) {
        log = Array((log + entry.split(separator: "\n").map(String.init)).suffix(8))
        onChange?()
    }

    public var isBusy: Bool { props.isLoading }

    public func handle(_ key: Key) -> KeyOutcome {
        if alert != nil {
            alert = nil
            onChange?()
        }
        switch key {
        case .interrupt, .endOfInput, .character("q"): return .quit
        case .character("+"), .character("="), .up, .right: connection.actions.increase()
        case .character("-"), .down, .left: connection.actions.decrease()
        default: break
        }
        return .handled
    }

    public func frame(size: TerminalSize) -> [String] {
        var lines = [" Counter — ReactorKit's counter, hosted as a slice of a Reflow store", ""]
        lines.append("        [ - ]   \(props.value.fitted(to: 5))  [ + ]")
        lines.append(props.isLoading ? "        loading…" : "")
        lines.append(alert.map { "        ⚠ \($0)   (any key dismisses)" } ?? "")
        lines.append("")
        lines.append(" The store's logging middleware:")
        lines += log.map { "   " + $0 }
        return size.screen(lines, footer: " + increase · - decrease · q quit")
    }

    public func waitForEffects() async {
        await effects()
    }

    public func finish() async {
        subscriptions.forEach { $0.cancel() }
        connection.disconnect()
        await onFinish()
    }
}
