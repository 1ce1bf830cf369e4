import ExampleTerminal
import Reflow

/// The screen: a text field and a label, connected as a ReRxSwift view controller is.
@MainActor
public final class SimpleTextFieldScreen: TerminalProgram {
    public let name = "SimpleTextField"
    public var onChange: (@MainActor () -> Void)?
    public let textField = StandInTextField(placeholder: "type here")
    public let label = StandInLabel()
    public let connection: Connection<TextState, TextProps, TextActions>
    private var bindings: [SubscriptionHandle] = []

    public init(store: Store<TextState>) {
        connection = Connection(store: store, mapStateToProps: textProps(from:), mapDispatchToActions: textActions)
        bindings.append(connection.bind(\.content, to: textField, \.text))
        bindings.append(connection.bind(\.summary, to: label, \.text))
        bindings.append(connection.bind(\.self) { [weak self] _ in self?.onChange?() })
        textField.onEditingChanged = { [connection] in connection.actions.setContent($0) }
        connection.connect()
    }

    public var isBusy: Bool { false }

    public func handle(_ key: Key) -> KeyOutcome {
        switch key {
        case .interrupt, .endOfInput: return .quit
        case .escape: connection.actions.clear()
        default:
            // A move of the caret changes no prop, but the screen: redraw.
            if textField.edit(key) { onChange?() }
        }
        return .handled
    }

    public func frame(size: TerminalSize) -> [String] {
        var lines = [" SimpleTextField — the field's text lives in the store", ""]
        lines.append("   Text:  " + textField.rendered(width: min(40, size.columns - 10), focused: true))
        lines.append("")
        lines.append("   " + label.text)
        return size.screen(lines, footer: " type to edit · ← → Home End: move · Delete · Esc: clear · Ctrl-C: quit")
    }

    public func finish() {
        bindings.forEach { $0.cancel() }
        connection.disconnect()
    }

    public static let demoScript = """
        type Hello
        type , Reflow
        key backspace 7
        key esc
        type bye
        """
}
