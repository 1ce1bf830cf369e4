import Foundation
import Reflow

// The smallest Reflow app: state, actions, a reducer, a store, a subscription, and the
// count persisted between runs. Run it twice: the second run starts where the first ended.
//
//   swift run Counter                      (REFLOW_COUNTER_DIR=… picks the directory)
//   swift run Counter --record FILE        also writes the session's history as an inspector page

struct Tally: Codable, Equatable, Sendable { var value = 0 }
struct CounterState { var count = Tally() }
struct Increment: Action {}
struct Decrement: Action {}

let counterReducer = Reducer<CounterState>
    .on(Increment.self) { state, _ in state.count.value += 1 }
    .on(Decrement.self) { state, _ in state.count.value -= 1 }

@MainActor
func runCounter() async {
    let directory = ProcessInfo.processInfo.environment["REFLOW_COUNTER_DIR"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("ReflowCounterExample")
    let persistence = StatePersistence<CounterState>(
        directory: directory,
        slices: [PersistedSlice(\.count, file: "count.json")],
        onError: { print("note:", $0.message) }
    )
    let store = Store(reducer: counterReducer, state: persistence.restored(CounterState()))
    persistence.attach(to: store)
    let history = History<CounterState>()
    if recordPath != nil {
        history.isTracing = true
        history.attach(to: store)
    }
    print("restored from \(directory.path)")
    let subscription = store.subscribe(\.count.value) { print("count: \($0)") }
    store.dispatch(Increment())
    store.dispatch(Increment())
    store.dispatch(Decrement())
    await persistence.flush()
    subscription.cancel()
    if let recordPath {
        do {
            try history.inspectorHTML(title: "Counter session")
                .write(to: URL(fileURLWithPath: recordPath), atomically: true, encoding: .utf8)
            print("Recorded \(history.entries.count) actions to \(recordPath); open it in a browser.")
        } catch {
            print("Could not write \(recordPath): \(error)")
        }
    }
}

/// The file `--record FILE` names, if given.
let recordPath: String? = {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--record"), flag + 1 < arguments.count else { return nil }
    return arguments[flag + 1]
}()

await runCounter()
