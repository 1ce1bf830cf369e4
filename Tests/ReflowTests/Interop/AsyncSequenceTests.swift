import Testing
import Reflow

@MainActor
@Suite struct AsyncSequenceTests {
    @Test func storeValues_currentThenChanges_endsWhenStoreReleased() async {
        var store: Store<AppState>? = makeStore()
        let values = store!.values(\.count)
        store!.dispatch(Increment())
        store!.dispatch(SetTitle(title: "unrelated"))
        store!.dispatch(Increment())
        store = nil
        var seen: [Int] = []
        for await count in values { seen.append(count) }
        #expect(seen == [0, 1, 2])
    }

    @Test func storeValues_endWhenConsumingTaskIsCancelled() async {
        let store = makeStore()
        let consumer = Task { @MainActor in
            var seen: [Int] = []
            for await count in store.values(of: { $0.count }) {
                seen.append(count)
                if count == 1 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return seen
        }
        while store.subscriptionCount == 0 { await Task.yield() }
        store.dispatch(Increment())
        let seen = await consumer.value
        #expect(seen == [0, 1])
        for _ in 0..<10 { await Task.yield() }
        #expect(store.subscriptionCount == 0)
    }

    @Test func connectionValues_followProps_endWhenConnectionReleased() async {
        let store = makeStore()
        var connection: Connection<AppState, CounterProps, CounterActions>? = CounterViewModel(store: store).connection
        connection!.connect()
        let titles = connection!.values(\.title)
        store.dispatch(SetTitle(title: "a"))
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "b"))
        connection = nil
        var seen: [String] = []
        for await title in titles { seen.append(title) }
        #expect(seen == ["Untitled", "a", "b"])
    }
}
