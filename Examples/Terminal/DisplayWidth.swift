/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// take two, combining marks and zero-width characters none, everything else one. Frames are
/// cut and padded by columns, so a line of `日本` or `👍` never wraps and pushes the screen.
extension Character {
    /// The columns this character takes in a terminal: 0, 1 or 2.
    public var displayWidth: Int {
        var width = 0
        for scalar in unicodeScalars {
            width = Swift.max(width, Self.width(of: scalar))
            // An emoji variation selector asks for the emoji (two-column) form.
            if scalar.value == 0xFE0F { width = 2 }
        }
        return width
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        // East Asian Wide (W) and Fullwidth (F) ranges (Unicode's EastAsianWidth.txt).
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    /// The columns the string takes in a terminal (see ``Character/displayWidth``).
    public var displayWidth: Int {
        reduce(0) { $0 + $1.displayWidth }
    }
}
