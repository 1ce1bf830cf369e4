import ExampleTerminal
import Foundation
import LoginKit
import Reflow

// swift run Login                 reflow / swift logs in; offline cannot reach the server
// swift run Login --script FILE   keystrokes from a script; prints frames

_ = CommandLineOptions(usage: "usage: Login [--script FILE]\n  Tab next field · Enter log in · Esc log out · Ctrl-C quit", valueFlags: ["--script"])

let store = Store(reducer: loginReducer, state: LoginState(),
                  middleware: [loginEffects.middleware])
let screen = LoginScreen(store: store)
exit(await TerminalRunner.run(screen, demoScript: LoginScreen.demoScript))
