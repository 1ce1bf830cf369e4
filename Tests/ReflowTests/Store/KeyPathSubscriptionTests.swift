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

    /// Seeded programs over key paths of one value type and every shape (stored at the
    /// root, nested, in a tuple, computed, through a class, through an optional): members
    /// join and leave at random, so selectors are freed and reused by other paths; after
    /// every dispatch each live member holds its path's projected value, and got it once.
    @Test func everyKeyPathShape_overRandomSubscriptionsAndWrites_followsItsProjection() {
        let paths: [(String, KeyPath<Shapes, String>)] = [
            ("title", \.title), ("inner.name", \.inner.name), ("pair.1", \.pair.1),
            ("shout", \.shout), ("box.label", \.box.label), ("maybe ?? -", \.maybeOrDash),
            ("inner.deep.tag", \.inner.deep.tag),
        ]
        var random = SeededRandom(seed: modelFirstSeed())
        for _ in 0..<modelProgramCount(default: 300) {
            let store = Store(reducer: shapesReducer, state: Shapes())
            var members: [(path: Int, handle: SubscriptionHandle, seen: Box)] = []
            for _ in 0..<40 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...2:
                    let path = Int.random(in: 0..<paths.count, using: &random)
                    let seen = Box()
                    let handle = store.subscribe(paths[path].1) { seen.values.append($0) }
                    members.append((path, handle, seen))
                case 3:
                    if !members.isEmpty { members.remove(at: Int.random(in: 0..<members.count, using: &random)).handle.cancel() }
                default:
                    store.dispatch(Write(field: Int.random(in: 0..<6, using: &random), value: "v\(Int.random(in: 0..<3, using: &random))"))
                }
                for member in members {
                    let expected = store.state[keyPath: paths[member.path].1]
                    #expect(member.seen.values.last == expected, "\(paths[member.path].0)")
                    #expect(zip(member.seen.values, member.seen.values.dropFirst()).allSatisfy { $0 != $1 },
                            "\(paths[member.path].0) got a value twice")
                }
            }
        }
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

    // A subscriber that joined inside a batch is told the state's value at the
    // notification, even when its key path's value compares equal to the one notified
    // before: the state's instance, not the equal older one.
    @Test func joiningInsideABatch_isToldTheStatesOwnValue_whenTheKeyPathsValueComparesEqual() {
        let store = Store(reducer: taggedReducer, state: TaggedState())
        var early: [Tagged] = []
        var late: [Tagged] = []
        let first = store.subscribe(\.item) { early.append($0) }
        var second: SubscriptionHandle?
        store.batch {
            store.dispatch(SetTagged(item: Tagged(id: 2, revision: 0)))
            second = store.subscribe(\.item) { late.append($0) }
            store.dispatch(SetTagged(item: Tagged(id: 1, revision: 5)))  // equal to the first: same id
        }
        #expect(early.map(\.revision) == [0])  // its value compares equal: not told again
        #expect(late.map(\.id) == [2, 1])
        #expect(late.last?.revision == 5)
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

/// A state whose `String`s sit at every kind of key path.
private struct Shapes {
    struct Deep { var tag = "t" }
    struct Inner { var count = 0; var name = "n"; var deep = Deep() }
    var number = 1
    var title = "a"
    var inner = Inner()
    var pair: (Int, String) = (0, "p")
    var box = LabelBox()
    var maybe: String? = nil
    var shout: String { title.uppercased() }
    var maybeOrDash: String { maybe ?? "-" }
}

private final class LabelBox { var label = "b" }

/// Collects the values a subscription delivers.
private final class Box { var values: [String] = [] }

private struct Write: Action { var field: Int; var value: String }

private let shapesReducer = Reducer<Shapes>.on(Write.self) { state, write in
    switch write.field {
    case 0: state.title = write.value
    case 1: state.inner.name = write.value
    case 2: state.pair.1 = write.value
    case 3: state.box = LabelBox(); state.box.label = write.value
    case 4: state.maybe = write.value == "v0" ? nil : write.value
    default: state.inner.deep.tag = write.value
    }
}

/// Equal when the ids are: a revision is not compared.
private struct Tagged: Equatable {
    var id: Int
    var revision: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
}

private struct TaggedState { var item = Tagged(id: 1, revision: 0) }
private struct SetTagged: Action { var item: Tagged }
private let taggedReducer = Reducer<TaggedState>.on(SetTagged.self) { state, action in state.item = action.item }
