import Reflow

// ReRxSwift's TableAndCollection example as a terminal program: a list of shopping items
// that is added to, removed from and sorted; a connected view model binds the list to a
// stand-in table that applies change sets (insert, remove, move, update) instead of
// reloading, as UITableView's batch updates would.

struct Item: Identifiable, Equatable, CustomStringConvertible {
    var id: Int
    var name: String
    var count: Int
    var description: String { "\(name) ×\(count)" }
}

struct ListState: Equatable {
    var items: [Item] = []
    var nextID = 1
}

struct AddItem: Action { var name: String }
struct RemoveItem: Action { var id: Int }
struct IncreaseCount: Action { var id: Int }
struct SortByName: Action {}

let listReducer = Reducer<ListState>
    .on(AddItem.self) { state, action in
        state.items.append(Item(id: state.nextID, name: action.name, count: 1))
        state.nextID += 1
    }
    .on(RemoveItem.self) { state, action in state.items.removeAll { $0.id == action.id } }
    .on(IncreaseCount.self) { state, action in
        if let index = state.items.firstIndex(where: { $0.id == action.id }) { state.items[index].count += 1 }
    }
    .on(SortByName.self) { state, _ in state.items.sort { $0.name < $1.name } }

struct ListProps: Equatable { var items: [Item] }
struct ListActions {
    var add: (String) -> Void
    var remove: (Int) -> Void
    var increase: (Int) -> Void
    var sort: () -> Void
}

@MainActor func mapDispatchToActions(_ dispatch: Dispatch) -> ListActions {
    ListActions(add: { dispatch(AddItem(name: $0)) }, remove: { dispatch(RemoveItem(id: $0)) },
                increase: { dispatch(IncreaseCount(id: $0)) }, sort: { dispatch(SortByName()) })
}

@MainActor func runExample() {
    let store = Store(reducer: listReducer, state: ListState())
    let connection = Connection(store: store, mapStateToProps: { ListProps(items: $0.items) },
                                mapDispatchToActions: mapDispatchToActions)
    let table = StandInTable<Item>()
    connection.bind(\.items, toList: { table.apply($0) })
    connection.connect()

    let steps: [(String, () -> Void)] = [
        ("add milk, eggs, bread", {
            connection.actions.add("milk")
            connection.actions.add("eggs")
            connection.actions.add("bread")
        }),
        ("one more eggs", { connection.actions.increase(2) }),
        ("sort by name", { connection.actions.sort() }),
        ("remove milk", { connection.actions.remove(1) }),
        ("add apples", { connection.actions.add("apples") }),
        ("sort by name", { connection.actions.sort() }),
    ]
    for (title, step) in steps {
        store.batch(step)
        print("— \(title): \(table.log.last ?? "")")
        print(table.rendered)
        precondition(table.rows == connection.props.items, "the table drifted from the props")
    }
}

MainActor.assumeIsolated { runExample() }
