/// Stands in for `UITextField`: the user's edits call ``onEditingChanged``; setting ``text``
/// from code does not, as in UIKit, so a binding that writes the field never loops.
@MainActor
public final class StandInTextField {
    /// The text. Setting another text from code puts the caret at its end; setting the
    /// text it has (a binding writing back what the user typed) leaves the caret alone.
    public var text: String {
        get { characters }
        set {
            guard newValue != characters else { return }
            characters = newValue
            caret = newValue.count
        }
    }
    /// Where the caret is: the number of characters before it.
    public private(set) var caret = 0
    private var characters = ""
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

    /// The user typed `character`, at the caret.
    public func type(_ character: Character) {
        insert(String(character))
    }

    /// The user pasted `text`, at the caret.
    public func paste(_ text: String) {
        guard !text.isEmpty else { return }
        insert(text)
    }

    /// The user pressed backspace: deletes the character before the caret.
    public func deleteBackward() {
        guard caret > 0 else { return }
        characters.remove(at: characters.index(characters.startIndex, offsetBy: caret - 1))
        caret -= 1
        onEditingChanged?(characters)
    }

    /// The user pressed Delete: deletes the character after the caret.
    public func deleteForward() {
        guard caret < characters.count else { return }
        characters.remove(at: characters.index(characters.startIndex, offsetBy: caret))
        onEditingChanged?(characters)
    }

    /// Moves the caret by `offset` characters, within the text.
    public func moveCaret(by offset: Int) {
        caret = min(max(0, caret + offset), characters.count)
    }

    /// Moves the caret to the start or the end of the text.
    public func moveCaret(toEnd: Bool) {
        caret = toEnd ? characters.count : 0
    }

    /// Edits the text for `key`, as a text field with the focus does: characters and pastes
    /// insert at the caret, Backspace and Delete delete before and after it, ← → Home End
    /// move it.
    ///
    /// - Returns: Whether the key is one a text field handles.
    @discardableResult
    public func edit(_ key: Key) -> Bool {
        switch key {
        case .character(let character): type(character)
        case .paste(let text): paste(text)
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left: moveCaret(by: -1)
        case .right: moveCaret(by: 1)
        case .home: moveCaret(toEnd: false)
        case .end: moveCaret(toEnd: true)
        default: return false
        }
        return true
    }

    /// The user pressed return.
    public func commit() {
        onCommit?(characters)
    }

    /// The field as one line of `width` characters, with a caret when it has the focus.
    /// A text longer than the field shows its part around the caret, so what is being
    /// typed stays in view.
    public func rendered(width: Int, focused: Bool) -> String {
        let inner = max(1, width - 2)
        guard focused else {
            let shown = characters.isEmpty ? placeholder : (isSecure ? String(repeating: "•", count: characters.count) : characters)
            return "[" + shown.fitted(to: inner) + "]"
        }
        var shown = Array(isSecure ? String(repeating: "•", count: characters.count) : characters)
        shown.insert("▏", at: caret)
        let start = max(0, min(caret + 1 - inner, shown.count - inner))
        return "[" + String(shown[max(0, start)...].prefix(inner)).fitted(to: inner) + "]"
    }

    private func insert(_ text: String) {
        characters.insert(contentsOf: text, at: characters.index(characters.startIndex, offsetBy: caret))
        caret += text.count
        onEditingChanged?(characters)
    }
}

/// Stands in for `UILabel`.
@MainActor
public final class StandInLabel {
    public var text = ""
    public init() {}
}
