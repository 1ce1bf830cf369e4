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
        #expect(store.subscriptionCount == 0)   // ended when the task was cancelled
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

    @Test func signalValues_deliverFromSubscription_andUnsubscribeWhenTheConsumerStops() async {
        let subject = SignalSubject<Int>()
        var seen: [Int] = []
        do {
            let values = subject.signal.values
            #expect(subject.hasSubscribers)
            subject.send(1)
            subject.send(2)
            subject.send(3)
            for await value in values {
                seen.append(value)
                if value == 2 { break }
            }
        }
        #expect(seen == [1, 2])
        #expect(!subject.hasSubscribers)   // the stream is gone, and its subscription with it
    }

    @Test func signalValues_endWhenTheConsumingTaskIsCancelled() async {
        let subject = SignalSubject<Int>()
        let values = subject.signal.values
        subject.send(1)
        let consumer = Task { @MainActor in
            var seen: [Int] = []
            for await value in values {
                seen.append(value)
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return seen
        }
        #expect(await consumer.value == [1])
        #expect(!subject.hasSubscribers)
    }

    @Test func reactorValues_currentThenDistinctChanges_ofOneKeyPath() async {
        let reactor = ValueReactor()
        let values = reactor.values(\.value)
        reactor.action.send(.set(1))
        reactor.action.send(.rename("same value"))   // value unchanged: not delivered
        reactor.action.send(.set(2))
        var seen: [Int] = []
        for await value in values {
            seen.append(value)
            if value == 2 { break }
        }
        #expect(seen == [0, 1, 2])
        let states = reactor.state.values
        for await state in states {
            #expect(state.value == 2)   // a reactor's state gives the current state first
            break
        }
    }
}

private final class ValueReactor: Reactor {
    enum Action: Sendable { case set(Int), rename(String) }
    struct State: Equatable, Sendable { var value = 0; var name = "" }
    let initialState = State()
    func reduce(state: State, mutation: Action) -> State {
        var state = state
        switch mutation {
        case .set(let value): state.value = value
        case .rename(let name): state.name = name
        }
        return state
    }
}
