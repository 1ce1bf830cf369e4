/// Turns the bytes read from a terminal in raw mode into keys.
///
/// It reads what xterm, tmux, the Linux console and rxvt send:
/// - CSI sequences, `ESC [` then parameters and a final byte: arrows (`ESC [ A`, with
///   modifiers `ESC [ 1 ; 5 A`), Home and End (`ESC [ H`, `ESC [ 1 ~`, `ESC [ 7 ~`), Insert,
///   Delete, Page Up and Down (`ESC [ 2 ~` … `ESC [ 6 ~`), F5–F12 (`ESC [ 15 ~` …), Shift-Tab
///   (`ESC [ Z`), the Linux console's F1–F5 (`ESC [ [ A` …). Modifiers are read and dropped.
/// - SS3 sequences, `ESC O` and one byte: arrows, Home and End in application mode, F1–F4.
/// - Bracketed paste, `ESC [ 200 ~` … `ESC [ 201 ~`, as one ``Key/paste(_:)``.
/// - UTF-8 characters and control bytes.
///
/// A sequence it does not know is read whole and ignored: its bytes never become text.
///
/// Sequences and characters may be split across reads, so what is unfinished waits for the
/// next call. An Escape byte alone is the Escape key only if nothing follows it soon:
/// terminals send a sequence in one write, so the caller waits ``escapeDelay`` after a read
/// that leaves ``isWaitingAfterEscape`` set, then calls ``flush()``.
public struct KeyDecoder: Sendable {
    /// How long an Escape waits for the rest of a sequence before it is the Escape key.
    public static let escapeDelay: Duration = .milliseconds(40)

    private var pending: [UInt8] = []
    /// The bytes of a bracketed paste read so far, while one is under way.
    private var pasted: [UInt8]?

    public init() {}

    /// Whether the bytes kept for the next read start with an Escape that may be the Escape
    /// key or the start of a sequence: call ``flush()`` if no byte comes within
    /// ``escapeDelay``.
    public var isWaitingAfterEscape: Bool { pasted == nil && pending.first == 0x1B }

    /// Decodes the keys in `bytes`, keeping an unfinished sequence or character for the
    /// next call.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if pasted != nil {
                // Without its end, the paste keeps only what may start the marker.
                guard let end = pasteEnd(from: index) else { return keys }
                index = end
                if let paste = finishedPaste() { keys.append(paste) }
                continue
            }
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard let (key, length) = escapeSequence(at: index) else {
                    pending.removeFirst(index)
                    return keys
                }
                if let key { keys.append(key) }
                index += length
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
                if let text = String(validating: pending[index..<index + length], as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index += length
            }
        }
        pending.removeAll()
        return keys
    }

    /// The keys for what waits after an Escape that nothing followed in time: the Escape
    /// key for a lone Escape; nothing for the start of a sequence that never finished.
    public mutating func flush() -> [Key] {
        guard isWaitingAfterEscape else { return [] }
        let lone = pending == [0x1B]
        pending.removeAll()
        return lone ? [.escape] : []
    }

    // MARK: - Sequences

    /// The key of the escape sequence at `index`, or `nil` for one that is read and ignored,
    /// with its length; `nil` when the sequence is not complete yet.
    private mutating func escapeSequence(at index: Int) -> (Key?, Int)? {
        guard index + 1 < pending.count else { return nil }
        switch pending[index + 1] {
        case UInt8(ascii: "["):
            return controlSequence(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return nil }
            return (Self.singleShift(pending[index + 2]), 3)
        case 0x1B:
            return (.escape, 1)                  // Escape pressed twice
        default:
            // Alt with a key sends Escape first; the key follows as itself.
            return (.escape, 1)
        }
    }

    /// `ESC [ parameters intermediates final`.
    private mutating func controlSequence(at index: Int) -> (Key?, Int)? {
        var cursor = index + 2
        // The Linux console's F1–F5: `ESC [ [ A` … `ESC [ [ E`.
        if cursor < pending.count, pending[cursor] == UInt8(ascii: "[") {
            guard cursor + 1 < pending.count else { return nil }
            let final = pending[cursor + 1]
            let key: Key? = (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) ? .function(Int(final - UInt8(ascii: "A")) + 1) : nil
            return (key, cursor + 2 - index)
        }
        var parameters: [UInt8] = []
        while cursor < pending.count, (0x20...0x3F).contains(pending[cursor]) {
            parameters.append(pending[cursor])
            cursor += 1
        }
        guard cursor < pending.count else { return nil }
        let final = pending[cursor]
        let length = cursor + 1 - index
        guard (0x40...0x7E).contains(final) else { return (nil, length - 1) }  // malformed: drop what was read
        let numbers = String(decoding: parameters, as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
        let first = numbers.first ?? 1
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "Z"): return (.backTab, length)
        // Modified F1–F4 (`ESC [ 1 ; 2 P`); other parameters are reports, such as the
        // cursor's position (`ESC [ row ; column R`), which is not a key.
        case UInt8(ascii: "P")...UInt8(ascii: "S") where first == 1:
            return (.function(Int(final - UInt8(ascii: "P")) + 1), length)
        case UInt8(ascii: "~"):
            if first == 200 {
                pasted = []
                return (nil, length)
            }
            return (Self.tildeKey(first), length)
        default:
            return (nil, length)
        }
    }

    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    private static func singleShift(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter     // the keypad's Enter
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final - UInt8(ascii: "P")) + 1)
        default: nil
        }
    }

    // MARK: - Bracketed paste

    private static let pasteEndMarker = Array("\u{1B}[201~".utf8)

    /// Inside a paste: moves the pasted bytes up to the end marker into `pasted` and
    /// returns the index after the marker, or keeps what could be the start of the marker
    /// for the next read and returns `nil`.
    private mutating func pasteEnd(from index: Int) -> Int? {
        let marker = Self.pasteEndMarker
        var cursor = index
        while cursor < pending.count {
            if pending[cursor] == 0x1B {
                let available = min(marker.count, pending.count - cursor)
                if Array(pending[cursor..<cursor + available]) == Array(marker[..<available]) {
                    guard available == marker.count else {
                        pasted!.append(contentsOf: pending[index..<cursor])
                        pending.removeFirst(cursor)
                        return nil
                    }
                    pasted!.append(contentsOf: pending[index..<cursor])
                    pasted! += [0x00]            // ends the paste (see finishedPaste)
                    return cursor + marker.count
                }
            }
            cursor += 1
        }
        pasted!.append(contentsOf: pending[index..<cursor])
        pending.removeAll()
        return nil
    }

    /// The paste that just ended, as one key, without the control characters a paste must
    /// not turn into keys (a pasted newline does not press Enter).
    private mutating func finishedPaste() -> Key? {
        guard let bytes = pasted, bytes.last == 0x00 else { return nil }
        pasted = nil
        let text = String(decoding: bytes.dropLast(), as: UTF8.self)
        return .paste(String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init)))
    }

    private static func utf8Length(leading byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
