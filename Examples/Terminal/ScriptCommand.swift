/// One line of a script that drives a terminal program without a terminal.
///
/// ```text
/// # comments start with #
/// type swift        types the characters one by one
/// key down 3        presses a key, optionally several times
/// wait              waits until the program is idle (nothing loading, nothing pending)
/// sleep 120         waits that many milliseconds
/// frame             prints the screen even if it did not change
/// quit              ends the script
/// ```
public enum ScriptCommand: Equatable, Sendable {
    case type(String)
    case key(Key, times: Int)
    case wait
    case sleep(milliseconds: Int)
    case frame
    case quit

    /// A script line that is not a command, with what to write instead.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "script line \(line): \(reason)" }
    }

    /// Reads a whole script; blank lines and lines starting with `#` are skipped.
    ///
    /// - Throws: ``ParseError`` naming the first line that is not a command, and why.
    public static func parse(script: String) throws(ParseError) -> [ScriptCommand] {
        var commands: [ScriptCommand] = []
        for (offset, rawLine) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingPrefix(while: \.isWhitespace)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            commands.append(try parse(line: String(line), number: offset + 1))
        }
        return commands
    }

    private static let usage = "commands are type TEXT, key NAME [TIMES], wait, sleep MILLISECONDS, frame, quit"

    private static func parse(line: String, number: Int) throws(ParseError) -> ScriptCommand {
        let word = line.prefix { !$0.isWhitespace }
        let rest = line.dropFirst(word.count).trimmingPrefix(while: \.isWhitespace)
        let arguments = rest.split(separator: " ")
        switch word {
        case "type":
            guard !rest.isEmpty else { throw ParseError(line: number, reason: "type needs the text to type") }
            return .type(String(rest))
        case "key":
            guard let name = arguments.first, let key = Key.namedKeys[name.lowercased()] else {
                let names = Key.namedKeys.keys.sorted().joined(separator: ", ")
                throw ParseError(line: number, reason: "key needs one of \(names)")
            }
            let times = arguments.count > 1 ? Int(arguments[1]) : 1
            guard let times, times > 0, arguments.count <= 2 else {
                throw ParseError(line: number, reason: "key \(name) takes one optional count, a whole number above 0")
            }
            return .key(key, times: times)
        case "wait" where arguments.isEmpty: return .wait
        case "frame" where arguments.isEmpty: return .frame
        case "quit" where arguments.isEmpty: return .quit
        case "sleep":
            guard arguments.count == 1, let milliseconds = Int(arguments[0]), milliseconds >= 0 else {
                throw ParseError(line: number, reason: "sleep needs a number of milliseconds")
            }
            return .sleep(milliseconds: milliseconds)
        default:
            throw ParseError(line: number, reason: "\"\(line)\" is not a command; \(usage)")
        }
    }
}
