import ExampleTerminal
import Foundation
import CounterKit

// swift run Counter                      + and - change the count after half a second; q quits;
//                                        run it again and the count is where you left it
// swift run Counter --delay 100          a shorter delay
// swift run Counter --state-dir DIR      keep the count in DIR/count.json
// swift run Counter --script FILE        keystrokes from a script; prints frames
// swift run Counter --record FILE        also writes the session as an inspector page
// swift run Counter --inspect 9091       serves the live inspector at http://127.0.0.1:9091/
// swift run Counter < /dev/null          a short demo

let options = CommandLineOptions(
    usage: """
        usage: Counter [--delay MILLISECONDS] [--state-dir DIR] [--script FILE] [--record FILE] [--inspect PORT]
          --delay MS       how long a change takes (default 500)
          --state-dir DIR  where the count is kept between runs (default: ReflowCounterExample
                           in the temporary directory, or REFLOW_COUNTER_DIR)
          --script FILE    read commands (type TEXT, key NAME [TIMES], wait, sleep MS, frame, quit)
          --record FILE    write the session's actions as an inspector page when it ends
          --inspect PORT   serve the live inspector at http://127.0.0.1:PORT/ while it runs
        In a terminal: + increase · - decrease · q quit
        """,
    valueFlags: ["--delay", "--state-dir", "--script", "--record", "--inspect"])
let delay = options.milliseconds(after: "--delay", default: .milliseconds(500))

// Where the count is kept between runs: --state-dir, else REFLOW_COUNTER_DIR, else
// ReflowCounterExample in the temporary directory. The demo that runs with standard input
// closed (< /dev/null) keeps its count in a directory of its own, so it never changes the
// count a person left, unless a directory is given.
let chosen = options.value(after: "--state-dir")
    ?? ProcessInfo.processInfo.environment["REFLOW_COUNTER_DIR"].flatMap { $0.isEmpty ? nil : $0 }
let directory: URL
// The demo's own directory is removed when it ends, so demos leave nothing behind.
var demoDirectory: URL?
if let chosen {
    directory = URL(fileURLWithPath: chosen)
} else if StandardInput.isNullDevice {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReflowCounterDemo-\(UUID().uuidString)")
    demoDirectory = directory
} else {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReflowCounterExample")
}
let app = CounterApp.make(reactor: CounterReactor(delay: delay),
                          recordPath: options.value(after: "--record").map { RecordingDestination.checked($0).path },
                          persistenceDirectory: directory,
                          inspectPort: options.port(after: "--inspect"))
let status = await TerminalRunner.run(app.screen, demoScript: CounterApp.demoScript)
// The screen flushed the count before `run` returned, so nothing writes there any more.
if let demoDirectory {
    do {
        try FileManager.default.removeItem(at: demoDirectory)
    } catch {
        FileHandle.standardError.write(Data("note: could not remove the demo's directory \(demoDirectory.path): \(error.localizedDescription)\n".utf8))
    }
}
exit(status)
