import Reflow
import ReflowDevtools

/// ReRxSwift's TableAndCollection: a shopping list shown by a table and a collection at
/// once, added to, removed from, counted and sorted, each item keeping its identity.
public struct Item: Identifiable, Equatable, Codable, Sendable, CustomStringConvertible {
    public var id: Int
    public var name: String
    public var count: Int
    public var description: String { "\(name) ×\(count)" }

    public init(id: Int, name: String, count: Int) {
        self.id = id
        self.name = name
        self.count = count
    }
}

public struct ListState: Equatable, Codable, Sendable {
    public var items: [Item] = []
    public var nextID = 1
    public init(items: [Item] = [], nextID: Int = 1) {
        self.items = items
        self.nextID = nextID
    }
}

public struct AddItem: Action, Equatable, Codable { public var name: String }
public struct RemoveItem: Action, Equatable, Codable { public var id: Int }
public struct IncreaseCount: Action, Equatable, Codable { public var id: Int }
public struct SortByName: Action, Equatable, Codable { public init() {} }

/// The list's actions, by name: what `--inspect`'s page exports, imports and dispatches.
public var listActionTypes: ActionTypes {
    var types = ActionTypes()
    types.register(AddItem.self)
    types.register(RemoveItem.self)
    types.register(IncreaseCount.self)
    types.register(SortByName.self)
    return types
}

/// How a test written from a session (the inspector's Test button) builds the list's store.
@MainActor public let listSessionTestSetup = SessionTestSetup(
    module: "TableAndCollectionKit", reducer: "listReducer", state: ListState(), writtenAs: "ListState()")

public let listReducer = Reducer<ListState>
    .on(AddItem.self) { state, action in
        state.items.append(Item(id: state.nextID, name: action.name, count: 1))
        state.nextID += 1
    }
    .on(RemoveItem.self) { state, action in state.items.removeAll { $0.id == action.id } }
    .on(IncreaseCount.self) { state, action in
        if let index = state.items.firstIndex(where: { $0.id == action.id }) { state.items[index].count += 1 }
    }
    .on(SortByName.self) { state, _ in state.items.sort { ($0.name, $0.id) < ($1.name, $1.id) } }

/// What the screen shows.
public struct ListProps: Equatable, Sendable {
    public var items: [Item]
    public var total: String
}

/// What the screen can do.
public struct ListActions {
    public var add: (String) -> Void
    public var remove: (Int) -> Void
    public var increase: (Int) -> Void
    public var sort: () -> Void
}

public func listProps(from state: ListState) -> ListProps {
    let count = state.items.reduce(0) { $0 + $1.count }
    return ListProps(items: state.items, total: "\(state.items.count) items, \(count) to buy")
}

@MainActor
public func listActions(_ dispatch: Dispatch) -> ListActions {
    ListActions(add: { dispatch(AddItem(name: $0)) }, remove: { dispatch(RemoveItem(id: $0)) },
                increase: { dispatch(IncreaseCount(id: $0)) }, sort: { dispatch(SortByName()) })
}
