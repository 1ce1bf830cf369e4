import ExampleTerminal
import Foundation
import Reflow
import SteppingUpKit

// swift run SteppingUp                 + - ← → Tab, digits and Enter: every control follows
// swift run SteppingUp --script FILE   keystrokes from a script; prints frames

_ = CommandLineOptions(usage: "usage: SteppingUp [--script FILE]\n  + - stepper · ← → slider · Tab segments · digits, Enter: the field", valueFlags: ["--script"])

let store = Store(reducer: stepReducer, state: StepState())
let screen = SteppingUpScreen(store: store)
exit(await TerminalRunner.run(screen, demoScript: SteppingUpScreen.demoScript))
