/// Stands in for `UITextField`: the user's edits call ``onEditingChanged``; setting ``text``
/// from code does not, as in UIKit, so a binding that writes the field never loops.
@MainActor
public final class StandInTextField {
    public var text = ""
    public var placeholder: String
    /// Shows bullets instead of the text (`isSecureTextEntry`).
    public var isSecure: Bool
    public var onEditingChanged: ((String) -> Void)?
    /// Return was pressed.
    public var onCommit: ((String) -> Void)?

    public init(placeholder: String = "", isSecure: Bool = false) {
        self.placeholder = placeholder
        self.isSecure = isSecure
    }

    /// The user typed `character`.
    public func type(_ character: Character) {
        text.append(character)
        onEditingChanged?(text)
    }

    /// The user pressed backspace.
    public func deleteBackward() {
        guard !text.isEmpty else { return }
        text.removeLast()
        onEditingChanged?(text)
    }

    /// The user pressed return.
    public func commit() {
        onCommit?(text)
    }

    /// The field as one line of `width` characters, with a caret when it has the focus.
    public func rendered(width: Int, focused: Bool) -> String {
        let shown = text.isEmpty && !focused ? placeholder : (isSecure ? String(repeating: "•", count: text.count) : text)
        return "[" + (shown + (focused ? "▏" : "")).fitted(to: max(1, width - 2)) + "]"
    }
}

/// Stands in for `UILabel`.
@MainActor
public final class StandInLabel {
    public var text = ""
    public init() {}
}
