import Dispatch
import Foundation

/// Runs a ``TerminalProgram``: full screen in a terminal; from a script when standard input
/// is not a terminal or `--script FILE` is given; as a short demo when standard input is
/// closed (so `swift run Example < /dev/null` and CI show something and exit 0).
@MainActor
public enum TerminalRunner {
    /// A line the full screen shows at its top while the program runs, over the title,
    /// and prints again when it ends: where the live inspector is (`--inspect`).
    public static var notice: String?

    /// Runs `program` as its command line asks and returns the exit status.
    ///
    /// - Parameters:
    ///   - program: The program to run.
    ///   - arguments: The command line; `--script FILE` is the only option read here.
    ///   - demoScript: The script run when standard input is closed.
    /// - Returns: 0 on a normal end, 2 for a script that cannot be read.
    public static func run(_ program: some TerminalProgram, arguments: [String] = CommandLine.arguments,
                           demoScript: String) async -> Int32 {
        if let flag = arguments.firstIndex(of: "--script") {
            guard flag + 1 < arguments.count else {
                printError("--script needs a file: --script session.txt")
                return 2
            }
            let path = arguments[flag + 1]
            guard let script = try? String(contentsOfFile: path, encoding: .utf8) else {
                printError("cannot read the script \(path)")
                return 2
            }
            return await runScript(program, script: script)
        }
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
            return await InteractiveSession(program: program).run()
        }
        let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        if input.allSatisfy(\.isWhitespace) {
            print("(standard input is closed, so this is a short demo; run it in a terminal to use it)")
            return await runScript(program, script: demoScript)
        }
        return await runScript(program, script: input)
    }

    /// Runs `script` against `program`, printing the frame after every command that changed it.
    ///
    /// - Returns: 0, or 2 when the script has a line that is not a command.
    public static func runScript(_ program: some TerminalProgram, script: String,
                                 size: TerminalSize = .standard,
                                 idleTimeout: Duration = .seconds(10)) async -> Int32 {
        let commands: [ScriptCommand]
        do {
            commands = try ScriptCommand.parse(script: script)
        } catch {
            printError(error.description)
            return 2
        }
        let printer = FramePrinter(program: program, size: size)
        let idle = IdleWaiter(program: program)
        program.onChange = { idle.check() }
        printer.printFrame(after: "start", force: true)
        commandLoop: for command in commands {
            switch command {
            case .type(let text):
                for character in text where program.handle(.character(character)) == .quit { break commandLoop }
                printer.printFrame(after: "type \(text)")
            case .key(let key, let times):
                for _ in 0..<times where program.handle(key) == .quit { break commandLoop }
                printer.printFrame(after: "key \(key)\(times > 1 ? " ×\(times)" : "")")
            case .wait:
                var isIdle = await idle.wait(timeout: idleTimeout)
                if isIdle {
                    await program.waitForEffects()
                    isIdle = await idle.wait(timeout: idleTimeout)
                }
                if isIdle {
                    printer.printFrame(after: "wait")
                } else {
                    printer.printFrame(after: "wait (still busy after \(idleTimeout))", force: true)
                }
            case .sleep(let milliseconds):
                try? await Task.sleep(for: .milliseconds(milliseconds))
                printer.printFrame(after: "sleep \(milliseconds)")
            case .frame:
                printer.printFrame(after: "frame", force: true)
            case .quit:
                break commandLoop
            }
        }
        program.onChange = nil
        await program.finish()
        return 0
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}

/// Prints frames as plain text, each under a rule naming the command before it, skipping a
/// frame that is the same as the last one printed.
@MainActor
private final class FramePrinter {
    let program: any TerminalProgram
    let size: TerminalSize
    var lastPrinted: [String]?

    init(program: any TerminalProgram, size: TerminalSize) {
        self.program = program
        self.size = size
    }

    func printFrame(after label: String, force: Bool = false) {
        var lines: [String] = []
        for line in program.frame(size: size).prefix(size.rows) {
            // Text from the state is shown, never obeyed: a control character in it is drawn.
            let trimmed = String(line.withVisibleControls.fitted(to: size.columns).reversed().drop(while: { $0 == " " }).reversed())
            // Runs of blank filler rows print as one, to keep transcripts short.
            if trimmed.isEmpty && lines.last?.isEmpty == true { continue }
            lines.append(trimmed)
        }
        guard force || lines != lastPrinted else { return }
        lastPrinted = Array(lines)
        let heading = "── \(program.name) · \(label) "
        print(heading + String(repeating: "─", count: max(0, size.columns - heading.count)))
        for line in lines { print(line) }
    }
}

/// Waits until the program says it is idle, woken by its change notifications.
@MainActor
private final class IdleWaiter {
    let program: any TerminalProgram
    var waiting: CheckedContinuation<Bool, Never>?
    var timeout: Task<Void, Never>?
    /// Which wait is under way, so a late timeout cannot end a later one.
    var generation = 0

    init(program: any TerminalProgram) {
        self.program = program
    }

    func wait(timeout duration: Duration) async -> Bool {
        guard program.isBusy else { return true }
        generation += 1
        let current = generation
        return await withCheckedContinuation { continuation in
            waiting = continuation
            timeout = Task { [weak self] in
                // A wait that ended cancels its timeout; that timeout must not end the next wait.
                do { try await Task.sleep(for: duration) } catch { return }
                guard let self, self.generation == current else { return }
                self.resume(idle: false)
            }
        }
    }

    func check() {
        if waiting != nil, !program.isBusy { resume(idle: true) }
    }

    private func resume(idle: Bool) {
        guard let continuation = waiting else { return }
        waiting = nil
        timeout?.cancel()
        continuation.resume(returning: idle)
    }
}
