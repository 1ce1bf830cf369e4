import Testing
import Reflow

private struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
}

/// Applies `changes` to `old` as UIKit's batch updates do: removals and move sources
/// leave; insertions and move targets take their new places; the rows that stay fill the
/// other places in their old order; updated rows are reloaded from `new`.
private func applied<Row>(_ changes: ListChanges, to old: [Row], new: [Row]) -> [Row]? {
    var result = [Row?](repeating: nil, count: new.count)
    for index in changes.inserted { result[index] = new[index] }
    for move in changes.moved {
        guard result[move.to] == nil else { return nil }
        result[move.to] = old[move.from]
    }
    let leaving = Set(changes.removed).union(changes.moved.map(\.from))
    var staying = old.indices.filter { !leaving.contains($0) }.map { old[$0] }[...]
    for index in result.indices where result[index] == nil {
        guard let row = staying.popFirst() else { return nil }
        result[index] = row
    }
    guard staying.isEmpty else { return nil }
    for index in changes.updated { result[index] = new[index] }
    return result.map { $0! }
}

/// The length of a longest strictly increasing subsequence, the obvious O(n²) way.
private func longestIncreasingLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

private func randomItems(_ random: inout SeededRandom, ids: Range<Int>) -> [Item] {
    ids.shuffled(using: &random)
        .prefix(Int.random(in: 0...ids.count, using: &random))
        .map { Item(id: $0, text: random.pick(["a", "b"])) }
}

@MainActor
@Suite struct ListChangesTests {
    @Test func aKnownChange() {
        let old = [Item(id: 1, text: "a"), Item(id: 2, text: "b"), Item(id: 3, text: "c"), Item(id: 4, text: "d")]
        let new = [Item(id: 3, text: "c"), Item(id: 1, text: "a!"), Item(id: 5, text: "e"), Item(id: 4, text: "d")]
        let changes = ListChanges.between(old, new)
        #expect(changes.removed == [1])                         // id 2
        #expect(changes.inserted == [2])                        // id 5
        #expect(changes.moved == [ListChanges.Move(from: 2, to: 0)] || changes.moved == [ListChanges.Move(from: 0, to: 1)])
        #expect(changes.moved.count == 1)
        #expect(changes.updated == [1])                         // id 1's text
        #expect(applied(changes, to: old, new: new) == new)
        #expect(ListChanges.between(new, new).isEmpty)
    }

    /// Seeded random pairs of lists: applying the changes to the old list gives the new
    /// one, and the moves are as few as possible (rows not on a longest increasing run).
    @Test func randomLists_applyToTheNewList_withFewestMoves() {
        var random = SeededRandom(seed: modelFirstSeed())
        for _ in 0..<modelProgramCount(default: 2_000) {
            let old = randomItems(&random, ids: 0..<12)
            let new = randomItems(&random, ids: 0..<12)
            let changes = ListChanges.between(old, new)
            #expect(applied(changes, to: old, new: new) == new, "\(old) → \(new): \(changes)")
            let newIDs = Set(new.map(\.id))
            let keptOldPositions = new.compactMap { row in old.firstIndex { $0.id == row.id } }
            #expect(changes.moved.count == keptOldPositions.count - longestIncreasingLength(keptOldPositions))
            #expect(changes.removed == old.indices.filter { !newIDs.contains(old[$0].id) })
            if changes.isEmpty != (old == new) { Issue.record("isEmpty wrong for \(old) → \(new)"); return }
        }
    }

    @Test func randomSections_applySectionAndRowChanges() {
        var random = SeededRandom(seed: modelFirstSeed() + 7)
        func sections() -> [ListSection<String, Item>] {
            ["A", "B", "C"].shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
                .map { ListSection(id: $0, rows: randomItems(&random, ids: 0..<6)) }
        }
        for _ in 0..<modelProgramCount(default: 1_000) {
            let old = sections()
            let new = sections()
            let changes = SectionedListChanges.between(old, new)
            #expect(changes.sections.updated.isEmpty)
            // Apply sections first (rows of a kept section come from the old section), then rows.
            guard var result = applied(changes.sections, to: old, new: new) else {
                Issue.record("section changes do not apply: \(old) → \(new)")
                return
            }
            for index in result.indices {
                let oldSection = old.first { $0.id == result[index].id }
                guard let oldSection else { continue }                 // inserted: already new
                let rowChanges = changes.rows[index] ?? ListChanges()
                result[index].rows = applied(rowChanges, to: oldSection.rows, new: new[index].rows) ?? []
            }
            #expect(result == new, "\(old) → \(new)")
        }
    }

    @Test func listBinding_deliversChangeSets_insteadOfWholeReloads() {
        struct ListProps: Equatable { var items: [Item]; var title: String }
        let connection = Connection<Void, ListProps, Void>(props: ListProps(items: [Item(id: 1, text: "a")], title: "t"),
                                                           actions: ())
        var updates: [ListChanges] = []
        var rows: [Item] = []
        connection.bind(\.items, toList: { update in
            updates.append(update.changes)
            rows = update.rows
        })
        #expect(updates == [ListChanges(inserted: [0])])        // the first update inserts everything
        connection.props.items.append(Item(id: 2, text: "b"))
        connection.props.title = "unrelated"                  // no list update
        connection.props.items[0].text = "a!"
        connection.props.items.swapAt(0, 1)
        #expect(updates.count == 4)
        #expect(updates[1] == ListChanges(inserted: [1]))
        #expect(updates[2] == ListChanges(updated: [0]))
        #expect(updates[3].moved.count == 1 && updates[3].removed.isEmpty && updates[3].inserted.isEmpty)
        #expect(rows == connection.props.items)
    }

    @Test func sectionBinding_deliversSectionAndRowChanges() {
        struct SectionProps: Equatable { var sections: [ListSection<String, Item>] }
        let connection = Connection<Void, SectionProps, Void>(
            props: SectionProps(sections: [ListSection(id: "A", rows: [Item(id: 1, text: "a")])]), actions: ())
        var updates: [SectionedListChanges] = []
        connection.bind(\.sections, toSections: { updates.append($0.changes) })
        connection.props.sections[0].rows.append(Item(id: 2, text: "b"))
        connection.props.sections.insert(ListSection(id: "B", rows: []), at: 0)
        #expect(updates.count == 3)
        #expect(updates[0].sections.inserted == [0])
        #expect(updates[1].rows == [0: ListChanges(inserted: [1])])
        #expect(updates[2].sections.inserted == [0] && updates[2].rows.isEmpty)
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func duplicateIDs_stopWithAMessageNamingTheID() async {
        await #expect(processExitsWith: .failure) {
            _ = ListChanges.between([Item(id: 7, text: "a"), Item(id: 7, text: "b")], [])
        }
    }
#endif
}
