import ExampleTerminal
import Foundation
import LoginKit
import Reflow

// swift run Login                 reflow / swift logs in; offline cannot reach the server
// swift run Login --script FILE   keystrokes from a script; prints frames

let store = Store(reducer: loginReducer, state: LoginState(),
                  middleware: [loginMiddleware(service: FakeAuthService())])
let screen = LoginScreen(store: store)
exit(await TerminalRunner.run(screen, demoScript: LoginScreen.demoScript))
