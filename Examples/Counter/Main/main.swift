import ExampleTerminal
import Foundation
import CounterKit

// swift run Counter                      + and - change the count after half a second; q quits;
//                                        run it again and the count is where you left it
// swift run Counter --delay 100          a shorter delay
// swift run Counter --script FILE        keystrokes from a script; prints frames
// swift run Counter --record FILE        also writes the session as an inspector page
// swift run Counter < /dev/null          a short demo

let options = CommandLineOptions()
if options.contains("--help") || options.contains("-h") {
    print("usage: Counter [--delay MILLISECONDS] [--script FILE] [--record FILE]\n  + increase · - decrease · q quit")
    exit(0)
}
let delay = options.milliseconds(after: "--delay", default: .milliseconds(500))

// The count is kept between runs, in REFLOW_COUNTER_DIR or a temporary directory.
let directory = ProcessInfo.processInfo.environment["REFLOW_COUNTER_DIR"].map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("ReflowCounterExample")
let app = CounterApp.make(reactor: CounterReactor(delay: delay), recordPath: options.value(after: "--record"),
                          persistenceDirectory: directory)
exit(await TerminalRunner.run(app.screen, demoScript: CounterApp.demoScript))
