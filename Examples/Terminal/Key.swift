/// A key the user pressed, decoded from the bytes a terminal sends.
public enum Key: Equatable, Sendable {
    case character(Character)
    case enter
    case backspace
    /// The Delete key: deletes the character after the caret.
    case delete
    case tab
    /// Shift-Tab.
    case backTab
    case escape
    case up, down, left, right
    case home, end, insert
    case pageUp, pageDown
    /// F1 to F12.
    case function(Int)
    /// Text pasted while the terminal's bracketed paste mode is on, as one key.
    case paste(String)
    /// Ctrl-C: in raw mode the terminal sends it as a byte instead of a signal.
    case interrupt
    /// Ctrl-D.
    case endOfInput

    /// The names a script uses for keys (`key down`, `key enter 3`).
    public static let namedKeys: [String: Key] = [
        "enter": .enter, "return": .enter, "backspace": .backspace, "delete": .delete, "tab": .tab,
        "backtab": .backTab, "esc": .escape, "escape": .escape, "up": .up, "down": .down, "left": .left,
        "right": .right, "home": .home, "end": .end, "insert": .insert, "pageup": .pageUp,
        "pagedown": .pageDown, "ctrl-c": .interrupt, "ctrl-d": .endOfInput, "space": .character(" "),
    ]
}
