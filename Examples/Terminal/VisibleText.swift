extension String {
    /// The text with every control character shown as a visible symbol, so that text from
    /// the state (a query typed, dispatched or imported through the live inspector) can
    /// never move the cursor, clear the screen or retitle the terminal.
    ///
    /// C0 controls become their Control Pictures (`ESC` is `␛`, a newline `␊`), `DEL` is `␡`,
    /// and the C1 controls (`U+0080`–`U+009F`, which some terminals obey as `ESC [` and the
    /// like) are `�`. Each stays one column wide, so a line keeps the width it was fitted to.
    public var withVisibleControls: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var shown = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F: shown.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: shown.append("\u{2421}")
            case 0x80...0x9F: shown.append("\u{FFFD}")
            default: shown.append(scalar)
            }
        }
        return String(shown)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
