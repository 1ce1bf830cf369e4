import ExampleTerminal
import Reflow

/// The login form in a terminal: two fields (the password hidden), Tab to switch, Enter
/// to log in, Esc to log out.
@MainActor
public final class LoginScreen: TerminalProgram {
    public let name = "Login"
    public var onChange: (@MainActor () -> Void)?
    public let usernameField = StandInTextField(placeholder: "username")
    public let passwordField = StandInTextField(placeholder: "password", isSecure: true)
    public let statusLabel = StandInLabel()
    public let connection: Connection<LoginState, LoginProps, LoginActions>
    private let store: Store<LoginState>
    private var bindings: [SubscriptionHandle] = []

    public init(store: Store<LoginState>) {
        self.store = store
        connection = Connection(store: store, mapStateToProps: loginProps(from:), mapDispatchToActions: loginActions)
        bindings += [
            connection.bind(\.username, to: usernameField, \.text),
            connection.bind(\.password, to: passwordField, \.text),
            connection.bind(\.status, to: statusLabel, \.text),
            connection.bind(\.self) { [weak self] _ in self?.onChange?() },
        ]
        usernameField.onEditingChanged = { [connection] in connection.actions.editUsername($0) }
        passwordField.onEditingChanged = { [connection] in connection.actions.editPassword($0) }
        connection.connect()
    }

    public var isBusy: Bool { connection.props.isLoading }

    public func waitForEffects() async {
        await store.waitForEffects()
    }

    private var focusedField: StandInTextField {
        connection.props.focus == .username ? usernameField : passwordField
    }

    public func handle(_ key: Key) -> KeyOutcome {
        let actions = connection.actions
        switch key {
        case .interrupt, .endOfInput: return .quit
        case .escape where connection.props.isLoggedIn: actions.logOut()
        case .tab, .backTab, .down, .up: actions.switchField()
        case .enter: actions.logIn()
        default:
            // A move of the caret changes no prop, but the screen: redraw.
            if !connection.props.isLoggedIn, focusedField.edit(key) { onChange?() }
        }
        return .handled
    }

    public func frame(size: TerminalSize) -> [String] {
        let props = connection.props
        var lines = [" Login — a state machine in the store, a fake server with latency", ""]
        if props.isLoggedIn {
            lines.append("   " + statusLabel.text)
            lines.append("")
            lines.append("   Esc: log out")
        } else {
            lines.append("   Username  " + usernameField.rendered(width: 24, focused: props.focus == .username))
            lines.append("   Password  " + passwordField.rendered(width: 24, focused: props.focus == .password))
            lines.append("")
            lines.append("   " + statusLabel.text)
        }
        let footer = props.isLoggedIn ? " Esc: log out · Ctrl-C: quit" : " Tab: next field · Enter: log in · Ctrl-C: quit"
        return size.screen(lines, footer: footer)
    }

    public func finish() {
        bindings.forEach { $0.cancel() }
        connection.disconnect()
    }

    public static let demoScript = """
        type reflow
        key tab
        type wrong
        key enter
        wait
        type swift
        key enter
        wait
        key esc
        type offline
        key tab
        type x
        key enter
        wait
        """
}
