import ExampleTerminal
import Foundation
import CounterKit

// swift run Counter                      + and - change the count after half a second; q quits;
//                                        run it again and the count is where you left it
// swift run Counter --delay 100          a shorter delay
// swift run Counter --script FILE        keystrokes from a script; prints frames
// swift run Counter --record FILE        also writes the session as an inspector page
// swift run Counter < /dev/null          a short demo

let arguments = CommandLine.arguments
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: Counter [--delay MILLISECONDS] [--script FILE] [--record FILE]\n  + increase · - decrease · q quit")
    exit(0)
}

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag) else { return nil }
    guard index + 1 < arguments.count else {
        FileHandle.standardError.write(Data("error: \(flag) needs a value; see --help\n".utf8))
        exit(2)
    }
    return arguments[index + 1]
}

var delay = Duration.milliseconds(500)
if let text = value(after: "--delay") {
    guard let milliseconds = Int(text), milliseconds >= 0 else {
        FileHandle.standardError.write(Data("error: --delay takes a number of milliseconds, not \(text)\n".utf8))
        exit(2)
    }
    delay = .milliseconds(milliseconds)
}

// The count is kept between runs, in REFLOW_COUNTER_DIR or a temporary directory.
let directory = ProcessInfo.processInfo.environment["REFLOW_COUNTER_DIR"].map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("ReflowCounterExample")
let app = CounterApp.make(reactor: CounterReactor(delay: delay), recordPath: value(after: "--record"),
                          persistenceDirectory: directory)
exit(await TerminalRunner.run(app.screen, demoScript: CounterApp.demoScript))
