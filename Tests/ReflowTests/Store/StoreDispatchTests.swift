import Testing
import Reflow

@MainActor
@Suite struct StoreDispatchTests {
    @Test func dispatch_runsReducer() {
        let store = makeStore()
        store.dispatch(Increment())
        store.dispatch(Add(amount: 41))
        #expect(store.state.count == 42)
    }

    @Test func dispatchFromSubscriber_isQueued_everySubscriberSeesEveryStateInOrder() {
        let store = makeStore()
        var first: [Int] = []
        var second: [Int] = []
        let a = store.subscribe(\.count) { count in
            first.append(count)
            if count == 1 { store.dispatch(Increment()) }  // re-enters while notifying
        }
        let b = store.subscribe(\.count) { second.append($0) }
        store.dispatch(Increment())
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])  // saw 1 before 2; never a state older than one seen
        _ = (a, b)
    }

    @Test func dispatchFromSubscriber_neverDeliversDuplicates() {
        // ReSwift delivers the same value twice here; Reflow must not.
        let store = makeStore()
        var titles: [String] = []
        let a = store.subscribe(\.count) { count in
            if count == 1 { store.dispatch(SetTitle(title: "one")) }
        }
        let b = store.subscribe(\.count) { titles.append("count \($0)") }
        let c = store.subscribe(\.title) { titles.append($0) }
        store.dispatch(Increment())
        #expect(titles == ["count 0", "Untitled", "count 1", "one"])
        _ = (a, b, c)
    }

    @Test func queuedDispatches_runFirstInFirstOut() {
        let store = makeStore()
        var log: [String] = []
        let a = store.subscribe(\.count) { count in
            guard count == 1 else { return }
            store.dispatch(SetTitle(title: "first"))
            store.dispatch(SetTitle(title: "second"))
        }
        let b = store.subscribe(\.title) { log.append($0) }
        store.dispatch(Increment())
        #expect(log == ["Untitled", "first", "second"])
        _ = (a, b)
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func dispatchFromReducer_stopsWithMessageNamingTheAction() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var store: Store<Int>?
                store = Store(reducer: Reducer { _, action in
                    if action is ReentrantTrigger { store?.dispatch(ReentrantFollowUp()) }
                }, state: 0)
                store?.dispatch(ReentrantTrigger())
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("ReentrantFollowUp"))
            #expect(message.contains("ReentrantTrigger"))
            #expect(message.contains("middleware, an Effect, or a subscriber"))
        }
    }
#endif

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    /// Bug: a reducer that read `store.state` silently saw a half-applied state.
    @Test func readingStoreStateFromAReducer_stopsWithMessageNamingTheAction() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var store: Store<Int>?
                store = Store(reducer: Reducer { state, action in
                    if action is ReentrantTrigger { state = (store?.state ?? 0) + 1 }
                }, state: 0)
                store?.dispatch(ReentrantTrigger())
            }
        }
        .map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Store.state was read from inside a reducer"))
            #expect(message.contains("ReentrantTrigger"))
            #expect(message.contains("inout state parameter"))
        }
    }
#endif

    @Test func readingStoreState_betweenAndAfterReductions_isAllowed() {
        let store = makeStore(middleware: [Middleware { context, action, next in
            let before = context.state.count
            next(action)
            #expect(context.state.count >= before)
        }])
        var seen: [Int] = []
        let subscription = store.subscribe(\.count) { _ in seen.append(store.state.count) }
        store.dispatch(Add(amount: 2))
        #expect(seen == [0, 2])
        _ = subscription
    }

    @Test func batch_notifiesOnceWithFinalState() {
        let store = makeStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        store.batch {
            for _ in 0..<10 { store.dispatch(Increment()) }
            store.batch { store.dispatch(Add(amount: 5)) }
        }
        #expect(counts == [0, 15])
        #expect(store.state.count == 15)
        _ = subscription
    }

    @Test func batch_withoutChanges_doesNotNotify() {
        let store = makeStore()
        var calls = 0
        let subscription = store.subscribe({ $0.count }, isDuplicate: { _, _ in false }) { _ in calls += 1 }
        store.batch {}
        #expect(calls == 1)
        _ = subscription
    }

    @Test func batchFromSubscriber_runsAfterNotification_asOneNotification() {
        let store = makeStore()
        var counts: [Int] = []
        let a = store.subscribe(\.title) { title in
            guard title == "go" else { return }
            store.batch {
                store.dispatch(Increment())
                store.dispatch(Increment())
            }
        }
        let b = store.subscribe(\.count) { counts.append($0) }
        store.dispatch(SetTitle(title: "go"))
        #expect(counts == [0, 2])
        _ = (a, b)
    }
}

private struct ReentrantTrigger: Action {}
private struct ReentrantFollowUp: Action {}
