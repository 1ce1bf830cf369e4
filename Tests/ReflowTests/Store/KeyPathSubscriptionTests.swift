import Testing
import Reflow

/// Key-path subscriptions made one after another share a run: each distinct key path is
/// projected and compared once per dispatch.
@MainActor
@Suite struct KeyPathSubscriptionTests {
    @Test func manySubscribersToOneKeyPath_compareItOncePerDispatch() {
        let store = Store(reducer: profileReducer, state: ProfileState())
        var received = 0
        let subscriptions = (0..<100).map { _ in store.subscribe(\.profile) { _ in received += 1 } }
        #expect(received == 100)

        CountedProfile.comparisons = 0
        store.dispatch(Tick())  // the profile does not change
        #expect(CountedProfile.comparisons == 1)
        #expect(received == 100)

        CountedProfile.comparisons = 0
        store.dispatch(Rename(name: "Ada"))
        #expect(CountedProfile.comparisons == 1)
        #expect(received == 200)
        _ = subscriptions
    }

    @Test func differentKeyPathsInOneRun_eachFollowsItsOwnValue_inSubscriptionOrder() {
        let store = makeStore()
        var log: [String] = []
        let count = store.subscribe(\.count) { log.append("count \($0)") }
        let itemCount = store.subscribe(\.items.count) { log.append("items \($0)") }
        let countAgain = store.subscribe(\.count) { log.append("count again \($0)") }
        log.removeAll()
        store.dispatch(Increment())
        store.dispatch(Append(value: 7))
        #expect(log == ["count 1", "count again 1", "items 1"])
        _ = (count, itemCount, countAgain)
    }

    // Inside a batch the state changes before anyone is notified: a subscriber that joins
    // then starts from the new value and must not get it a second time.
    @Test func joiningWhileStateIsAheadOfNotification_deliversEachValueOnce() {
        let store = makeStore()
        var early: [Int] = []
        var late: [Int] = []
        let first = store.subscribe(\.count) { early.append($0) }
        var second: SubscriptionHandle?
        store.batch {
            store.dispatch(Increment())
            second = store.subscribe(\.count) { late.append($0) }
        }
        #expect(early == [0, 1])
        #expect(late == [1])
        store.dispatch(Increment())
        #expect(early == [0, 1, 2])
        #expect(late == [1, 2])
        _ = (first, second)
    }

    @Test func cancellingTheLastSubscriberOfAKeyPath_freesIt_andANewOneWorks() {
        let store = makeStore()
        var titles: [String] = []
        var counts: [Int] = []
        let keep = store.subscribe(\.count) { counts.append($0) }
        store.subscribe(\.title) { titles.append($0) }.cancel()
        let title = store.subscribe(\.title) { titles.append($0) }
        store.dispatch(SetTitle(title: "Draft"))
        store.dispatch(Increment())
        #expect(titles == ["Untitled", "Untitled", "Draft"])
        #expect(counts == [0, 1])
        #expect(store.subscriptionCount == 2)
        _ = (keep, title)
    }
}

/// Counts `==` calls, to show how many comparisons a notification made.
private struct CountedProfile: Equatable {
    @MainActor static var comparisons = 0
    var name = "Grace"
    static func == (lhs: Self, rhs: Self) -> Bool {
        MainActor.assumeIsolated { comparisons += 1 }
        return lhs.name == rhs.name
    }
}

private struct ProfileState {
    var profile = CountedProfile()
    var ticks = 0
}

private struct Tick: Action {}
private struct Rename: Action { var name: String }

private let profileReducer = Reducer<ProfileState>
    .on(Tick.self) { state, _ in state.ticks += 1 }
    .on(Rename.self) { state, action in state.profile.name = action.name }
