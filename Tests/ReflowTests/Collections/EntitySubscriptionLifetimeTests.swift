import Testing
@testable import Reflow
@testable import ReflowCore

/// Per-entity subscriptions count one each and leave nothing behind when cancelled.
@MainActor
@Suite struct EntitySubscriptionLifetimeTests {
    private struct Todo: Identifiable, Equatable { var id: Int; var title: String }
    private struct State { var todos = EntityCollection<Int, Todo>() }
    private struct Rename: Action { var id: Int; var title: String }

    private func makeStore(count: Int) -> Store<State> {
        var state = State()
        for id in 0..<count { state.todos.append(Todo(id: id, title: "t\(id)")) }
        return Store(reducer: Reducer<State>.on(Rename.self) { state, rename in
            state.todos[id: rename.id]?.title = rename.title
        }, state: state)
    }

    /// Bug: three live subscriptions counted as 1, and 1 stayed after all were cancelled.
    @Test func subscriptionCount_countsEachEntitySubscription_andDropsToZero() {
        let store = makeStore(count: 5)
        let subscriptions = [0, 1, 1].map { id in store.subscribe(id, in: \.todos) { _ in } }
        #expect(store.subscriptionCount == 3)
        subscriptions[1].cancel()
        #expect(store.subscriptionCount == 2)
        subscriptions[0].cancel()
        subscriptions[2].cancel()
        #expect(store.subscriptionCount == 0)
    }

    /// Bug: every id ever subscribed kept an empty table.
    @Test func cancelledEntitySubscriptions_leaveNoTablePerID() throws {
        let store = makeStore(count: 1_000)
        let keep = store.subscribe(0, in: \.todos) { _ in }
        for id in 1..<1_000 {
            store.subscribe(id, in: \.todos) { _ in }.cancel()
        }
        let index = try #require(store.features.existing(EntityIndexes<State>.self)?.byCollection[\State.todos] as? EntityObserverIndex<State, Int, Todo>)
        #expect(index.watchedIDCount == 1)
        keep.cancel()
        #expect(store.features.existing(EntityIndexes<State>.self)?.byCollection.isEmpty == true)
        #expect(store.subscriptionCount == 0)
        // A new subscription after all that works as the first one did.
        var titles: [String?] = []
        let again = store.subscribe(7, in: \.todos) { titles.append($0?.title) }
        store.dispatch(Rename(id: 7, title: "seven"))
        #expect(titles == ["t7", "seven"])
        _ = again
    }

    @Test func cancellingDuringANotification_dropsTheTableAfterwards() {
        let store = makeStore(count: 3)
        var seen: [String?] = []
        var subscription: SubscriptionHandle?
        subscription = store.subscribe(1, in: \.todos) { todo in
            seen.append(todo?.title)
            if todo?.title == "stop" { subscription?.cancel() }
        }
        store.dispatch(Rename(id: 1, title: "stop"))
        store.dispatch(Rename(id: 1, title: "after"))
        #expect(seen == ["t1", "stop"])
        #expect(store.subscriptionCount == 0)
        #expect(store.features.existing(EntityIndexes<State>.self)?.byCollection.isEmpty == true)
    }
}
