import ExampleTerminal
import Reflow
import ReflowTesting
import Testing
@testable import TableAndCollectionKit

@MainActor
@Suite struct TableAndCollectionTests {
    let milk = Item(id: 1, name: "milk", count: 1)
    let eggs = Item(id: 2, name: "eggs", count: 1)

    @Test func addItem_appendsWithTheNextID() {
        var state = ListState(items: [milk], nextID: 2)
        listReducer.reduce(&state, AddItem(name: "eggs"))
        #expect(state == ListState(items: [milk, eggs], nextID: 3))
    }

    @Test func removeItem_removesThatIdentity() {
        var state = ListState(items: [milk, eggs], nextID: 3)
        listReducer.reduce(&state, RemoveItem(id: 1))
        #expect(state.items == [eggs])
    }

    @Test func increaseCount_countsOneMore() {
        var state = ListState(items: [milk, eggs], nextID: 3)
        listReducer.reduce(&state, IncreaseCount(id: 2))
        #expect(state.items[1].count == 2)
    }

    @Test func sortByName_isStable_forEqualNames() {
        var state = ListState(items: [milk, eggs, Item(id: 3, name: "eggs", count: 4)], nextID: 4)
        listReducer.reduce(&state, SortByName())
        #expect(state.items.map(\.id) == [2, 3, 1])
    }

    @Test func props_totalTheCounts() {
        #expect(listProps(from: ListState(items: [milk, Item(id: 2, name: "eggs", count: 5)])).total == "2 items, 6 to buy")
    }

    @Test func actions_dispatchByIdentity() {
        let recorder = DispatchRecorder()
        let actions = listActions(recorder.dispatch)
        actions.add("tea")
        actions.remove(4)
        actions.increase(5)
        actions.sort()
        #expect(recorder.actions(of: AddItem.self) == [AddItem(name: "tea")])
        #expect(recorder.actions(of: RemoveItem.self) == [RemoveItem(id: 4)])
        #expect(recorder.actions(of: IncreaseCount.self) == [IncreaseCount(id: 5)])
        #expect(recorder.actions(of: SortByName.self).count == 1)
    }

    @Test func theTableAndTheCollection_applyChangeSets_andStayEqualToTheProps() {
        let store = Store(reducer: listReducer, state: ListState())
        let screen = ListScreen(store: store)
        for key: Key in [.character("a"), .character("a"), .character("a"), .up, .character("+"), .character("s"),
                         .down, .character("d"), .character("a"), .character("s")] {
            _ = screen.handle(key)
            #expect(screen.table.rows == store.state.items, "after \(key)")
            #expect(screen.collection.rows == store.state.items, "after \(key)")
        }
        #expect(store.state.items.map(\.name) == ["apples", "bread", "eggs"])
        #expect(screen.table.log.contains("batch: removed [], inserted [], moved [2→0, 1→1], updated []"))
        #expect(screen.table.log.contains("batch: removed [], inserted [], moved [], updated [1]"))
        screen.finish()
    }

    @Test func sorting_keepsTheSelectionOnItsItem() {
        let store = Store(reducer: listReducer, state: ListState())
        let screen = ListScreen(store: store)
        for _ in 0..<3 { _ = screen.handle(.character("a")) }   // milk, eggs, bread; bread selected
        _ = screen.handle(.character("s"))
        #expect(screen.table.rows[screen.selection].name == "bread")
        screen.finish()
    }

    /// Bug: sorting a sorted list left the previous batch as the "Last update".
    @Test func sortingASortedList_saysNoChange_andTheNextKeyShowsItsOwnUpdate() {
        let store = Store(reducer: listReducer, state: ListState())
        let screen = ListScreen(store: store)
        for _ in 0..<3 { _ = screen.handle(.character("a")) }
        _ = screen.handle(.character("s"))
        let size = TerminalSize(columns: 100, rows: 24)
        #expect(screen.frame(size: size).contains(" Last update: " + screen.table.log.last!))
        _ = screen.handle(.character("s"))
        #expect(screen.frame(size: size).contains(" Last update: sort: already in order, no change"))
        _ = screen.handle(.character("+"))
        #expect(screen.frame(size: size).contains(" Last update: batch: removed [], inserted [], moved [], updated [0]"))
        screen.finish()
    }
}
