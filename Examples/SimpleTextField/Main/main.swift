import ExampleTerminal
import Foundation
import Reflow
import SimpleTextFieldKit

// swift run SimpleTextField                 type; the label follows the store
// swift run SimpleTextField --script FILE   keystrokes from a script; prints frames

_ = CommandLineOptions(usage: "usage: SimpleTextField [--script FILE]\n  type · Esc clears · Ctrl-C quits", valueFlags: ["--script"])

let store = Store(reducer: textReducer, state: TextState())
let screen = SimpleTextFieldScreen(store: store)
exit(await TerminalRunner.run(screen, demoScript: SimpleTextFieldScreen.demoScript))
