import Foundation

/// The few options the examples take (`--delay 100`, `--record FILE`), read with messages
/// that say what to write when a value is missing or wrong.
public struct CommandLineOptions {
    public let arguments: [String]

    public init(_ arguments: [String] = CommandLine.arguments) {
        self.arguments = arguments
    }

    /// Reads the command line of an example that takes `flags` alone and `valueFlags`
    /// followed by a value: `--help` prints `usage` and exits 0; anything else (an unknown
    /// option, a stray word, a valued flag with no value) prints what is wrong and `usage`
    /// to standard error and exits 2, so a typo never runs the demo silently.
    ///
    /// - Parameters:
    ///   - arguments: The command line, the program's name first.
    ///   - usage: What `--help` prints: the synopsis and what each option does.
    ///   - flags: Options that take no value.
    ///   - valueFlags: Options followed by a value.
    public init(_ arguments: [String] = CommandLine.arguments, usage: String,
                flags: Set<String> = [], valueFlags: Set<String> = []) {
        self.arguments = arguments
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" {
                print(usage)
                exit(0)
            } else if valueFlags.contains(argument) {
                guard index + 1 < arguments.count else { Self.fail("\(argument) needs a value", usage: usage) }
                index += 2
            } else if flags.contains(argument) {
                index += 1
            } else {
                Self.fail(argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \(argument)",
                          usage: usage)
            }
        }
    }

    private static func fail(_ message: String, usage: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
        exit(2)
    }

    /// Whether `flag` was given.
    public func contains(_ flag: String) -> Bool { arguments.contains(flag) }

    /// The value after `flag`, or `nil` without the flag; exits with status 2 and a message
    /// when the flag is last.
    public func value(after flag: String) -> String? {
        guard let index = arguments.firstIndex(of: flag) else { return nil }
        guard index + 1 < arguments.count else { fail("\(flag) needs a value; see --help") }
        return arguments[index + 1]
    }

    /// The milliseconds after `flag`, or `defaultValue` without the flag; exits with status 2
    /// and a message when the value is not a whole number of milliseconds.
    public func milliseconds(after flag: String, default defaultValue: Duration) -> Duration {
        guard let text = value(after: flag) else { return defaultValue }
        guard let milliseconds = Int(text), milliseconds >= 0 else {
            fail("\(flag) takes a number of milliseconds, not \(text)")
        }
        return .milliseconds(milliseconds)
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(2)
    }
}

extension TerminalSize {
    /// A full screen: `body` at the top, `footer` on the last row, blank rows between.
    public func screen(_ body: [String], footer: String) -> [String] {
        body + Array(repeating: "", count: max(0, rows - body.count - 1)) + [footer]
    }
}
