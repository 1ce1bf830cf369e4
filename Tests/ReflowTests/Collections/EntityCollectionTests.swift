import Testing
import Reflow

@MainActor
@Suite struct EntityCollectionTests {
    @Test func keepsOrder_lookupUpdateRemove() {
        var todos = EntityCollection<Int, Todo>([Todo(id: 1, title: "a"), Todo(id: 2, title: "b")])
        todos.append(Todo(id: 3, title: "c"))
        todos[id: 2]?.title = "B"
        #expect(todos.update(id: 1) { $0.isDone = true })
        #expect(!todos.update(id: 99) { $0.isDone = true })
        #expect(todos.remove(id: 3)?.title == "c")
        #expect(todos.ids == [1, 2])
        #expect(todos.elements.map(\.title) == ["a", "B"])
        #expect(todos[id: 1]?.isDone == true)
        todos[id: 4] = Todo(id: 4, title: "d")
        #expect(todos.ids == [1, 2, 4])
        todos[id: 4] = nil
        #expect(todos.count == 2)
    }

    @Test func equalityIgnoresHistory() {
        var a = EntityCollection<Int, Todo>([Todo(id: 1, title: "a")])
        let b = EntityCollection<Int, Todo>([Todo(id: 1, title: "a")])
        a[id: 1]?.title = "x"
        a[id: 1]?.title = "a"
        #expect(a == b)
    }

    @Test func entitySubscription_getsCurrent_thenOnlyItsOwnChanges() {
        let store = todoStore(count: 100)
        var seen: [String] = []
        let s7 = store.subscribe(7, in: \.todos) { seen.append("7:\($0?.title ?? "gone")") }
        let s8 = store.subscribe(8, in: \.todos) { seen.append("8:\($0?.title ?? "gone")") }
        store.dispatch(Rename(id: 7, title: "seven"))
        store.dispatch(Rename(id: 50, title: "fifty"))
        store.dispatch(Rename(id: 7, title: "seven"))   // same value: no notification
        store.dispatch(RemoveTodo(id: 8))
        #expect(seen == ["7:todo 7", "8:todo 8", "7:seven", "8:gone"])
        _ = (s7, s8)
    }

    @Test func onlyChangedEntitiesAreCompared() {
        // Subscribers count how often they are asked; a change to one entity must not ask
        // the other 999.
        let store = todoStore(count: 1_000)
        var deliveries = 0
        let subscriptions = (0..<1_000).map { id in store.subscribe(id, in: \.todos) { _ in deliveries += 1 } }
        deliveries = 0
        for round in 0..<10 { store.dispatch(Rename(id: round, title: "r\(round)")) }
        #expect(deliveries == 10)
        _ = subscriptions
    }

    @Test func notification_comparesOnlyChangedEntities_notEverySubscriber() {
        let store = Store(reducer: Reducer<CountedState>.on(Rename.self) { state, action in
            state.items[id: action.id]?.title = action.title
        }, state: CountedState(items: EntityCollection((0..<1_000).map { CountedEntity(id: $0, title: "") })))
        let subscriptions = (0..<1_000).map { id in store.subscribe(id, in: \.items) { _ in } }
        CountedEntity.comparisons = 0
        store.dispatch(Rename(id: 3, title: "x"))  // the first dispatch after subscribing
        store.dispatch(Rename(id: 4, title: "y"))
        #expect(CountedEntity.comparisons == 2)
        _ = subscriptions
    }

    @Test func replacingTheWholeCollection_isStillSeen() {
        let store = todoStore(count: 3)
        var titles: [String?] = []
        let subscription = store.subscribe(1, in: \.todos) { titles.append($0?.title) }
        store.dispatch(ReplaceAll(titles: [1: "fresh"]))
        #expect(titles == ["todo 1", "fresh"])
        _ = subscription
    }

    @Test func aCopyOfTheStateHeldElsewhere_doesNotHideChanges() {
        let store = todoStore(count: 3)
        var titles: [String?] = []
        let subscription = store.subscribe(2, in: \.todos) { titles.append($0?.title) }
        let snapshot = store.state  // shares storage and journal with the store's state
        store.dispatch(Rename(id: 2, title: "x"))
        store.dispatch(Rename(id: 2, title: "y"))
        #expect(titles == ["todo 2", "x", "y"])
        #expect(snapshot.todos[id: 2]?.title == "todo 2")
        _ = subscription
    }

    @Test func cancelledEntitySubscription_getsNothing() {
        let store = todoStore(count: 3)
        var count = 0
        let subscription = store.subscribe(1, in: \.todos) { _ in count += 1 }
        subscription.cancel()
        store.dispatch(Rename(id: 1, title: "x"))
        #expect(count == 1)
    }

    @Test func manyChangesInOneDispatch_allSeen() {
        let store = todoStore(count: 5_000)
        var changed = Set<Int>()
        let subscriptions = (0..<5_000).map { id in store.subscribe(id, in: \.todos) { if $0?.title == "bulk" { changed.insert(id) } } }
        store.dispatch(RenameAll(title: "bulk"))  // more changes than the journal keeps
        #expect(changed.count == 5_000)
        _ = subscriptions
    }
}

// MARK: - Fixtures

private struct Todo: Identifiable, Equatable {
    var id: Int
    var title: String
    var isDone = false
}

/// Counts `==` calls, to show which subscribers notification compared.
private struct CountedEntity: Identifiable, Equatable {
    @MainActor static var comparisons = 0
    var id: Int
    var title: String
    static func == (lhs: Self, rhs: Self) -> Bool {
        MainActor.assumeIsolated { comparisons += 1 }
        return lhs.id == rhs.id && lhs.title == rhs.title
    }
}

private struct CountedState { var items: EntityCollection<Int, CountedEntity> }

private struct TodoState { var todos = EntityCollection<Int, Todo>() }
private struct Rename: Action { var id: Int; var title: String }
private struct RemoveTodo: Action { var id: Int }
private struct RenameAll: Action { var title: String }
private struct ReplaceAll: Action { var titles: [Int: String] }

@MainActor
private func todoStore(count: Int) -> Store<TodoState> {
    let reducer = Reducer<TodoState>
        .on(Rename.self) { state, action in state.todos[id: action.id]?.title = action.title }
        .on(RemoveTodo.self) { state, action in state.todos.remove(id: action.id) }
        .on(RenameAll.self) { state, action in for id in state.todos.ids { state.todos[id: id]?.title = action.title } }
        .on(ReplaceAll.self) { state, action in
            state.todos = EntityCollection(action.titles.map { Todo(id: $0.key, title: $0.value) })
        }
    return Store(reducer: reducer, state: TodoState(todos: EntityCollection((0..<count).map { Todo(id: $0, title: "todo \($0)") })))
}
