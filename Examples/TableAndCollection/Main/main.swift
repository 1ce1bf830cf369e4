import ExampleTerminal
import Foundation
import Reflow
import TableAndCollectionKit
import ReflowDevtools

// swift run TableAndCollection                 a add · d remove · + one more · s sort · ↑↓ · q
// swift run TableAndCollection --script FILE   keystrokes from a script; prints frames
// swift run TableAndCollection --inspect 9092  the live inspector, with export, import, dispatch and Test

let options = CommandLineOptions(usage: """
    usage: TableAndCollection [--script FILE] [--inspect PORT]
      --inspect PORT  serve the live inspector at http://127.0.0.1:PORT/ while it runs
      a add · d remove · + one more · s sort · ↑↓ · q quit
    """, valueFlags: ["--script", "--inspect"])

let store = Store(reducer: listReducer, state: ListState())
let history = History<ListState>()
let inspector = options.port(after: "--inspect").map { port in
    history.isTracing = true
    history.attach(to: store)
    return LiveInspection.start(history, port: port, title: "TableAndCollection", actionTypes: listActionTypes,
                                testSetup: listSessionTestSetup)
}
let screen = ListScreen(store: store)
let status = await TerminalRunner.run(screen, demoScript: ListScreen.demoScript)
inspector?.stop()
exit(status)
