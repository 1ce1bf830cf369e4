import Foundation
import Reflow

// Saves a slice in a loop until it is killed; the kill test in ReflowTests starts it,
// kills it with SIGKILL at a random moment, and checks the file it leaves.
//
//   PersistenceKillHelper <directory>
//
// Each state is `Ledger(round: n, entries: [n, n, …])` (20,000 entries, so a write takes
// long enough to be interrupted): a file that decodes to a ledger whose entries do not
// all equal its round would be torn.

struct Ledger: Codable, Equatable, Sendable {
    var round: Int
    var entries: [Int]
}

struct HelperState {
    var ledger = Ledger(round: 0, entries: [])
}

struct NextRound: Action {}

@MainActor
func saveUntilKilled(in directory: URL) async {
    let persistence = StatePersistence<HelperState>(
        directory: directory,
        slices: [PersistedSlice(\.ledger, file: "ledger.json")],
        debounce: .seconds(3_600),
        onError: { error in FileHandle.standardError.write(Data("\(error.message)\n".utf8)) }
    )
    let reducer = Reducer<HelperState>.on(NextRound.self) { state, _ in
        let round = state.ledger.round + 1
        state.ledger = Ledger(round: round, entries: Array(repeating: round, count: 20_000))
    }
    let store = Store(reducer: reducer, state: persistence.restored(HelperState()))
    persistence.attach(to: store)
    // Unbuffered: the test waits for this line before it picks a moment to kill.
    FileHandle.standardOutput.write(Data("ready \(store.state.ledger.round)\n".utf8))
    while true {
        store.dispatch(NextRound())
        await persistence.flush()
    }
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: PersistenceKillHelper <directory>\n".utf8))
    exit(2)
}
await saveUntilKilled(in: URL(fileURLWithPath: CommandLine.arguments[1]))
