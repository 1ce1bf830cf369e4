/// A key the user pressed, decoded from the bytes a terminal sends.
public enum Key: Equatable, Sendable {
    case character(Character)
    case enter
    case backspace
    case tab
    case escape
    case up, down, left, right
    case pageUp, pageDown
    /// Ctrl-C: in raw mode the terminal sends it as a byte instead of a signal.
    case interrupt
    /// Ctrl-D.
    case endOfInput

    /// The names a script uses for keys (`key down`, `key enter 3`).
    public static let namedKeys: [String: Key] = [
        "enter": .enter, "return": .enter, "backspace": .backspace, "tab": .tab,
        "esc": .escape, "escape": .escape, "up": .up, "down": .down, "left": .left, "right": .right,
        "pageup": .pageUp, "pagedown": .pageDown, "ctrl-c": .interrupt, "ctrl-d": .endOfInput,
        "space": .character(" "),
    ]
}

/// Turns the bytes read from a terminal in raw mode into keys.
///
/// Escape sequences (`ESC [ A` for ↑) and UTF-8 characters may be split across reads, so the
/// decoder keeps what it has not finished; an escape byte alone at the end of a read is the
/// Escape key, since terminals send a sequence in one write.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// Decodes the keys in `bytes`, keeping an unfinished UTF-8 character for the next call.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                if let (key, length) = Self.escapeSequence(pending[index...]) {
                    keys.append(key)
                    index += length
                } else {
                    keys.append(.escape)
                    index += 1
                }
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x03: keys.append(.interrupt); index += 1
            case 0x04: keys.append(.endOfInput); index += 1
            case 0x00..<0x20: index += 1          // other control bytes mean nothing here
            default:
                let length = Self.utf8Length(leading: byte)
                guard index + length <= pending.count else {
                    pending.removeFirst(index)
                    return keys
                }
                let scalarBytes = pending[index..<index + length]
                if let text = String(validating: scalarBytes, as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        pending.removeAll()
        return keys
    }

    private static func utf8Length(leading byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// The key an escape sequence at the head of `bytes` stands for, and its length.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 3, bytes[start + 1] == UInt8(ascii: "[") || bytes[start + 1] == UInt8(ascii: "O") else {
            return nil
        }
        switch bytes[start + 2] {
        case UInt8(ascii: "A"): return (.up, 3)
        case UInt8(ascii: "B"): return (.down, 3)
        case UInt8(ascii: "C"): return (.right, 3)
        case UInt8(ascii: "D"): return (.left, 3)
        case UInt8(ascii: "5") where bytes.count >= 4 && bytes[start + 3] == UInt8(ascii: "~"): return (.pageUp, 4)
        case UInt8(ascii: "6") where bytes.count >= 4 && bytes[start + 3] == UInt8(ascii: "~"): return (.pageDown, 4)
        default: return nil
        }
    }
}
