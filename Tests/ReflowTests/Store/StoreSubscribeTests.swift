import Testing
import Reflow

@MainActor
@Suite struct StoreSubscribeTests {
    @Test func init_holdsInitialState() {
        let store = makeStore(AppState(count: 3, title: "x"))
        #expect(store.state == AppState(count: 3, title: "x"))
        #expect(store.subscriptionCount == 0)
    }

    @Test func subscribe_deliversCurrentValueAtOnce_thenOnlyChanges() {
        let store = makeStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "unrelated"))
        store.dispatch(Add(amount: 0))
        store.dispatch(Add(amount: 2))
        #expect(counts == [0, 1, 3])
        _ = subscription
    }

    @Test func subscribe_closureSelector_skipsRepeatsByDefault() {
        let store = makeStore()
        var parity: [Bool] = []
        let subscription = store.subscribe({ $0.count % 2 == 0 }) { parity.append($0) }
        for _ in 0..<4 { store.dispatch(Add(amount: 2)) }
        store.dispatch(Increment())
        #expect(parity == [true, false])
        _ = subscription
    }

    @Test func subscribe_optionalValue() {
        let store = makeStore()
        var users: [String?] = []
        let subscription = store.subscribe(\.user) { users.append($0) }
        store.dispatch(SetUser(name: "ann"))
        store.dispatch(SetUser(name: "ann"))
        store.dispatch(SetUser(name: nil))
        #expect(users == [nil, "ann", nil])
        _ = subscription
    }

    @Test func subscribe_tupleValue_withCustomEquality() {
        let store = makeStore()
        var seen: [String] = []
        let subscription = store.subscribe({ ($0.count, $0.title) }, isDuplicate: ==) { count, title in
            seen.append("\(count) \(title)")
        }
        store.dispatch(Increment())
        store.dispatch(Append(value: 1))
        store.dispatch(SetTitle(title: "t"))
        #expect(seen == ["0 Untitled", "1 Untitled", "1 t"])
        _ = subscription
    }

    @Test func subscribe_optOutOfSkippingRepeats_getsEveryState() {
        let store = makeStore()
        var calls = 0
        let subscription = store.subscribe({ $0.count }, isDuplicate: { _, _ in false }) { _ in calls += 1 }
        store.dispatch(SetTitle(title: "a"))
        store.dispatch(SetTitle(title: "b"))
        #expect(calls == 3)
        _ = subscription
    }

    @Test func subscribe_customEquality_decidesWhatIsAChange() {
        let store = makeStore()
        var tens: [Int] = []
        let subscription = store.subscribe({ $0.count }, isDuplicate: { $0 / 10 == $1 / 10 }) { tens.append($0) }
        for _ in 0..<25 { store.dispatch(Increment()) }
        #expect(tens == [0, 10, 20])
        _ = subscription
    }

    @Test func subscribers_notifiedInSubscriptionOrder() {
        let store = makeStore()
        var order: [String] = []
        let parent = store.subscribe(\.count) { _ in order.append("parent") }
        let child = store.subscribe({ $0.count }) { _ in order.append("child") }
        let grandchild = store.subscribe(\.count) { _ in order.append("grandchild") }
        order.removeAll()
        store.dispatch(Increment())
        #expect(order == ["parent", "child", "grandchild"])
        _ = (parent, child, grandchild)
    }

    // Subscriptions of one value type share a run that is notified in one loop; mixing
    // types, comparisons and other observers must still keep subscription order.
    @Test func mixedValueTypesAndComparisons_keepSubscriptionOrder() {
        let store = makeStore()
        var order: [String] = []
        var bag: [SubscriptionHandle] = []
        bag.append(store.subscribe(\.count) { _ in order.append("int 1") })
        bag.append(store.subscribe({ $0.count }) { _ in order.append("int 2") })
        bag.append(store.subscribe({ "\($0.count)" }) { _ in order.append("string") })
        bag.append(store.subscribe({ $0.count }, isDuplicate: ==) { _ in order.append("custom") })
        bag.append(store.subscribe(\.count) { _ in order.append("int 3") })
        let connection = Connection(store: store, mapStateToProps: { $0.count }, mapDispatchToActions: { _ in () })
        connection.bind(\.self) { _ in order.append("connection") }
        connection.connect()
        bag.append(store.subscribe(\.count) { _ in order.append("int 4") })
        order.removeAll()
        store.dispatch(Increment())
        #expect(order == ["int 1", "int 2", "string", "custom", "int 3", "connection", "int 4"])
        #expect(store.subscriptionCount == 7)
        bag.removeAll()
        #expect(store.subscriptionCount == 1)  // the connection's own observer

    }

    @Test func cancellingEverySubscriptionOfARun_thenSubscribingAgain_works() {
        let store = makeStore()
        var seen: [String] = []
        let first = store.subscribe(\.count) { seen.append("first \($0)") }
        let second = store.subscribe(\.count) { seen.append("second \($0)") }
        first.cancel()
        second.cancel()
        #expect(store.subscriptionCount == 0)
        let third = store.subscribe(\.count) { seen.append("third \($0)") }
        store.dispatch(Increment())
        #expect(seen == ["first 0", "second 0", "third 0", "third 1"])
        #expect(store.subscriptionCount == 1)
        _ = third
    }

    @Test func cancel_stopsUpdates() {
        let store = makeStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        store.dispatch(Increment())
        subscription.cancel()
        subscription.cancel()
        store.dispatch(Increment())
        #expect(counts == [0, 1])
        #expect(subscription.isCancelled)
        #expect(store.subscriptionCount == 0)
    }

    @Test func releasedSubscription_cancelsItself() {
        let store = makeStore()
        var counts: [Int] = []
        do {
            let subscription = store.subscribe(\.count) { counts.append($0) }
            store.dispatch(Increment())
            _ = subscription
        }
        store.dispatch(Increment())
        #expect(counts == [0, 1])
        #expect(store.subscriptionCount == 0)
    }

    @Test func cancellingManyInAnyOrder_keepsTheRestWorkingInOrder() {
        let store = makeStore()
        var hits: [Int] = []
        var subscriptions = (0..<200).map { index in
            store.subscribe({ $0.count }) { _ in hits.append(index) }
        }
        var generator = SeededRandom(seed: 42)
        var survivors = Array(0..<200)
        for _ in 0..<150 {
            let victim = Int(generator.next() % UInt64(survivors.count))
            subscriptions[survivors[victim]].cancel()
            survivors.remove(at: victim)
        }
        hits.removeAll()
        store.dispatch(Increment())
        #expect(hits == survivors)
        #expect(store.subscriptionCount == 50)
        subscriptions.removeAll()
        #expect(store.subscriptionCount == 0)
    }

    @Test func cancelDuringNotification_laterSubscriberInSamePassGetsNothing() {
        let store = makeStore()
        var late: [Int] = []
        var victim: SubscriptionHandle?
        let first = store.subscribe(\.count) { count in if count == 1 { victim?.cancel() } }
        victim = store.subscribe(\.count) { late.append($0) }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(late == [0])
        _ = first
    }

    // Cancelling many during a pass defers their cleanup to the end of the pass; the
    // survivors must then still be notified in order, including after the run compacts.
    @Test func cancellingMostDuringNotification_skipsThemAtOnce_andKeepsTheRestInOrder() {
        let store = makeStore()
        var hits: [Int] = []
        var subscriptions: [SubscriptionHandle] = []
        for index in 0..<40 {
            subscriptions.append(store.subscribe({ $0.count }, isDuplicate: ==) { count in
                hits.append(index)
                if index == 0 && count == 1 {
                    for victim in 1...30 { subscriptions[victim].cancel() }
                }
            })
        }
        hits.removeAll()
        store.dispatch(Increment())
        #expect(hits == [0] + Array(31..<40))
        #expect(store.subscriptionCount == 10)
        hits.removeAll()
        store.dispatch(Increment())
        #expect(hits == [0] + Array(31..<40))
        subscriptions[35].cancel()
        hits.removeAll()
        store.dispatch(Increment())
        #expect(hits == [0, 31, 32, 33, 34, 36, 37, 38, 39])
    }

    @Test func cancelSelfDuringNotification_isSafe() {
        let store = makeStore()
        var seen: [Int] = []
        var own: SubscriptionHandle?
        own = store.subscribe(\.count) { count in
            seen.append(count)
            if count == 1 { own?.cancel() }
        }
        let other = store.subscribe(\.count) { seen.append($0 * 100) }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen == [0, 0, 1, 100, 200])
        _ = other
    }

    // The notification pass borrows observers (key-path groups) or calls closures from a
    // snapshot (selection groups) without retaining them; one released in the middle of a
    // pass must stay alive until the pass is over, then be freed.
    @Test(arguments: [true, false])
    func releaseDuringNotification_keepsObserverAliveUntilPassEnds_thenFreesIt(byKeyPath: Bool) {
        let store = makeStore()
        weak var weakCanary: Canary?
        var victim: SubscriptionHandle?
        var aliveDuringPass: Bool?
        var after: [Int] = []
        let releaseVictim = { (count: Int) in
            guard count == 1 else { return }
            victim = nil
            aliveDuringPass = weakCanary != nil
        }
        // All three in one run, so the victim is released while its own run is iterating.
        let first = byKeyPath ? store.subscribe(\.count, releaseVictim) : store.subscribe({ $0.count }, releaseVictim)
        do {
            let canary = Canary()
            weakCanary = canary
            victim = byKeyPath ? store.subscribe(\.count) { _ in _ = canary } : store.subscribe({ $0.count }) { _ in _ = canary }
        }
        let last = byKeyPath ? store.subscribe(\.count) { after.append($0) } : store.subscribe({ $0.count }) { after.append($0) }
        store.dispatch(Increment())
        #expect(victim == nil)
        #expect(aliveDuringPass == true)
        #expect(weakCanary == nil)
        #expect(after == [0, 1])
        #expect(store.subscriptionCount == 2)
        _ = (first, last)
    }

    @Test func cancelledOrOrphanedObservers_areFreed() {
        weak var cancelledCanary: Canary?
        weak var orphanedCanary: Canary?
        var orphan: SubscriptionHandle?
        do {
            let store = makeStore()
            let cancelled = Canary()
            let orphaned = Canary()
            cancelledCanary = cancelled
            orphanedCanary = orphaned
            let subscription = store.subscribe(\.count) { _ in _ = cancelled }
            orphan = store.subscribe(\.count) { _ in _ = orphaned }
            subscription.cancel()
        }
        #expect(cancelledCanary == nil)
        #expect(orphan?.isCancelled == false)
        orphan = nil
        #expect(orphanedCanary == nil)
    }

    @Test func subscribeDuringNotification_getsCurrentValueThenFollows() {
        let store = makeStore()
        var inner: [Int] = []
        var innerSubscription: SubscriptionHandle?
        let outer = store.subscribe(\.count) { count in
            if count == 1 {
                innerSubscription = store.subscribe(\.count) { inner.append($0) }
            }
        }
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(inner == [1, 2])
        _ = (outer, innerSubscription)
    }

    @Test func appendingToLargeArrayInState_neverCopiesIt() {
        var state = CopyTrackingState()
        state.log.reserve(100_000)
        let store = Store(reducer: Reducer<CopyTrackingState>.on(Append.self) { state, action in
            state.log.append(action.value)
        }, state: state)
        state = CopyTrackingState()  // drop the test's own reference to the storage
        let subscription = store.subscribe({ $0.log.count }) { _ in }
        for value in 0..<100_000 { store.dispatch(Append(value: value)) }
        #expect(store.state.log.count == 100_000)
        #expect(store.state.log.copies == 0)
        _ = subscription
    }

    @Test func store_isReleased_whileSubscriptionsLive() {
        weak var weakStore: Store<AppState>?
        var subscription: SubscriptionHandle?
        do {
            let store = makeStore()
            weakStore = store
            subscription = store.subscribe(\.count) { _ in }
        }
        #expect(weakStore == nil)
        subscription?.cancel()  // harmless once the store is gone
        #expect(subscription?.isCancelled == true)
    }

    @Test func subscriptionBag_endsAllWhenEmptiedOrReleased() {
        let store = makeStore()
        var calls = 0
        var bag: SubscriptionBag? = SubscriptionBag()
        store.subscribe(\.count) { _ in calls += 1 }.store(in: bag!)
        store.subscribe(\.title) { _ in calls += 1 }.store(in: bag!)
        #expect(calls == 2 && store.subscriptionCount == 2)
        bag?.removeAll()
        store.dispatch(Increment())
        #expect(calls == 2 && store.subscriptionCount == 0)
        store.subscribe(\.count) { _ in calls += 1 }.store(in: bag!)
        bag = nil
        store.dispatch(Increment())
        #expect(calls == 3 && store.subscriptionCount == 0)
    }
}

// MARK: - Fixtures

/// An array wrapper that counts how often its storage had to be copied to be mutated.
private struct CopyTrackingLog: Equatable {
    final class Storage { var values: [Int] = [] }
    private var storage = Storage()
    private(set) var copies = 0

    var count: Int { storage.values.count }

    mutating func reserve(_ capacity: Int) { storage.values.reserveCapacity(capacity) }

    mutating func append(_ value: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            copies += 1
            let copy = Storage()
            copy.values = storage.values
            storage = copy
        }
        storage.values.append(value)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage.values == rhs.storage.values }
}

private struct CopyTrackingState { var log = CopyTrackingLog() }
