/// `text` in lines of at most `width` terminal columns, broken at spaces (a word longer
/// than a line gets a line of its own, and the frame cuts it).
///
/// Messages a person must read whole (an error's advice, a persistence note) are wrapped,
/// never cut at the screen's edge.
public func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.displayWidth + 1 + String(word).displayWidth > width {
            lines.append(line)
            line = ""
        }
        line += line.isEmpty ? String(word) : " " + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}
