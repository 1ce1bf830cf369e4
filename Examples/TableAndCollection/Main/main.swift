import ExampleTerminal
import Foundation
import Reflow
import TableAndCollectionKit

// swift run TableAndCollection                 a add · d remove · + one more · s sort · ↑↓ · q
// swift run TableAndCollection --script FILE   keystrokes from a script; prints frames

_ = CommandLineOptions(usage: "usage: TableAndCollection [--script FILE]\n  a add · d remove · + one more · s sort · ↑↓ · q quit", valueFlags: ["--script"])

let store = Store(reducer: listReducer, state: ListState())
let screen = ListScreen(store: store)
exit(await TerminalRunner.run(screen, demoScript: ListScreen.demoScript))
