import Foundation
import Testing
@testable import Reflow
@testable import ReflowCore
@testable import ReflowDevtools

private struct Shelf: Equatable {
    var title = ""
    var books: [String] = []
}

private struct AddBook: Action { var name: String }
private struct RenameShelf: Action { var title: String }

private let shelfReducer = Reducer<Shelf>
    .on(AddBook.self) { state, action in state.books.append(action.name) }
    .on(RenameShelf.self) { state, action in state.title = action.title }

/// The live inspector encodes each step once, in short turns, and a page that polls with
/// what it has sees exactly the history: seeded programs of dispatches, pauses, jumps,
/// clears and dropped entries against the page's own merging, checked against the history.
@MainActor
@Suite struct InspectorStepCacheTests {
    /// A page of 40 steps, prepared in turns of no time: one step per turn, never all at once.
    @Test func aPage_isPreparedInTurns_oneStepAtLeastPerTurn() throws {
        let store = Store(reducer: shelfReducer, state: Shelf())
        let history = History<Shelf>()
        history.attach(to: store)
        for index in 0..<40 { store.dispatch(AddBook(name: "b\(index)")) }
        let cache = InspectorStepCache<Shelf>()
        var turns = 1
        while !cache.prepare(history, turn: .zero) { turns += 1 }
        #expect(turns == 40)
        // Prepared, a poll only gathers: no turn is needed for it.
        #expect(cache.prepare(history, turn: .zero))
    }

    @Test func randomSessions_polledByAPage_showExactlyTheHistory() throws {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 100))) {
            var random = SeededRandom(seed: seed)
            let store = Store(reducer: shelfReducer, state: Shelf())
            let history = History<Shelf>(limit: Int.random(in: 1...8, using: &random))
            history.attach(to: store)
            let cache = InspectorStepCache<Shelf>()
            var page = PageModel()
            var steps: [String] = []
            for _ in 0..<40 {
                switch Int.random(in: 0..<12, using: &random) {
                case 0..<5:
                    steps.append("add")
                    store.dispatch(AddBook(name: random.pick(["a", "b", "<!--<script>"])))
                case 5:
                    steps.append("rename")
                    store.dispatch(RenameShelf(title: random.pick(["x", "y"])))
                case 6:
                    steps.append("pause/resume")
                    history.isRecording.toggle()
                case 7:
                    let position = Int.random(in: 0...history.entries.count, using: &random)
                    steps.append("jump \(position)")
                    history.jump(to: position)
                case 8:
                    steps.append("clear")
                    history.clear()
                default:
                    steps.append("poll")
                    while !cache.prepare(history, turn: random.chance(50) ? .zero : .seconds(1)) {}
                    let since = page.revision == nil ? nil : page.lastSequence
                    let parts = cache.payload(history, title: "t", since: since, revision: page.revision,
                                              pageFirst: page.revision == nil ? nil : page.first, extra: [:])
                    try page.merge(JSONSerialization.jsonObject(with: Data(parts.joined())) as? [String: Any] ?? [:])
                    if let problem = page.difference(from: history) {
                        Issue.record("""
                            Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1), limit \(history.limit): \
                            after \(steps.joined(separator: ", ")): \(problem)
                            """)
                        return
                    }
                }
            }
        }
    }
}

/// The page's merging of polls (as its script does it), with each step's tree rebuilt.
@MainActor
private struct PageModel {
    var revision: Int?
    var first = 1
    var steps: [[String: Any]] = []
    var trees: [[String: Any]] = []
    var initial: [String: Any]?

    var lastSequence: Int { first + steps.count - 1 }

    mutating func merge(_ data: [String: Any]) throws {
        let dataFirst = try #require(data["first"] as? Int)
        if data["reset"] as? Bool == true || data["initial"] != nil { initial = data["initial"] as? [String: Any] }
        if data["reset"] as? Bool == true {
            steps = []
            trees = []
        } else if dataFirst > first {
            let dropped = min(dataFirst - first, steps.count)
            steps.removeFirst(dropped)
            trees.removeFirst(dropped)
        }
        revision = data["revision"] as? Int
        first = dataFirst
        for step in try #require(data["steps"] as? [[String: Any]]) {
            let offset = try #require(step["seq"] as? Int) - first
            var tree: [String: Any]
            if let full = step["full"] as? [String: Any] {
                tree = full
            } else {
                tree = try #require(offset == 0 ? initial : trees[offset - 1])
                for patch in try #require(step["patch"] as? [[Any]]) {
                    tree = InspectorDocumentTests.apply(path: try #require(patch[0] as? [String]),
                                                        subtree: try #require(patch[1] as? [String: Any]), to: tree)
                }
            }
            if offset < steps.count {
                steps[offset] = step
                trees[offset] = tree
            } else {
                steps.append(step)
                trees.append(tree)
            }
        }
    }

    /// What the page shows that the history does not hold, or `nil`.
    func difference(from history: History<Shelf>) -> String? {
        guard first == history.firstStepNumber, steps.count == history.entries.count else {
            return "the page has steps \(first)...\(lastSequence), the history \(history.firstStepNumber) and \(history.entries.count) entries"
        }
        if let initial, let state = history.initialState, !NSDictionary(dictionary: initial).isEqual(to: InspectorTree(of: state).json) {
            return "the initial state differs"
        }
        let formatter = InspectorDocument<Shelf>.timeFormatter
        for (offset, entry) in history.entries.enumerated() {
            let previous = offset == 0 ? history.initialState.map { InspectorTree(of: $0) } : InspectorTree(of: history.entries[offset - 1].state)
            let (written, tree) = InspectorDocument<Shelf>.step(entry, sequence: first + offset, previous: previous, isFull: true,
                                                                 timeFormatter: formatter)
            // As the page reads it: through JSON.
            let expected = (try? JSONSerialization.data(withJSONObject: written))
                .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
            for field in ["seq", "name", "diff", "gap"] where !NSDictionary(dictionary: [field: steps[offset][field] ?? 0])
                .isEqual(to: [field: expected[field] ?? 0]) {
                return "step \(first + offset)'s \(field) is \(steps[offset][field] ?? "missing"), expected \(expected[field] ?? "none")"
            }
            if !NSDictionary(dictionary: trees[offset]).isEqual(to: tree.json) { return "step \(first + offset)'s tree differs" }
        }
        return nil
    }
}
