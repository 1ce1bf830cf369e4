#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The columns and rows a frame is drawn for.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size scripts and tests draw at.
    public static let standard = TerminalSize(columns: 80, rows: 24)

    /// The size of the terminal on `descriptor`, or `nil` when it is not a terminal.
    public static func of(descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

extension String {
    /// The string cut or padded with spaces to exactly `width` terminal columns (wide
    /// characters count two, see ``displayWidth``); a cut string ends in "…".
    public func fitted(to width: Int) -> String {
        guard width > 0 else { return "" }
        let columns = displayWidth
        if columns <= width { return self + String(repeating: " ", count: width - columns) }
        var kept = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - 1 { break }
            kept.append(character)
            used += next
        }
        return kept + "…" + String(repeating: " ", count: width - 1 - used)
    }
}
