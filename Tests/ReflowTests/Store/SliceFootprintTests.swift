import Testing
import Reflow

/// Scoped reducers and hosted reactors tell the store which stored properties an action
/// can write; key-path subscriptions to other stored properties are then not even read.
/// `Watched` counts `==` calls, which is how a test sees whether a subscription was read.
@MainActor
@Suite(.serialized) struct SliceFootprintTests {
    @Test func actionHandledOnlyByAScopedReducer_skipsSubscriptionsToOtherSlices() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var watched: [Watched] = []
        var counts: [Int] = []
        let subscriptions = [
            store.subscribe(\.watched) { watched.append($0) },
            store.subscribe(\.settings.count) { counts.append($0) },
        ]
        Watched.comparisons = 0
        store.dispatch(BumpCount())  // scoped to \.settings: \.watched cannot change
        #expect(Watched.comparisons == 0)
        #expect(counts == [0, 1])

        store.dispatch(SetWatched(name: "b"))  // scoped to \.watched
        #expect(Watched.comparisons == 1)
        #expect(watched.map(\.name) == ["a", "b"])
        _ = subscriptions
    }

    /// A subscription to an element of a stored array given as the array and an index
    /// (`subscribe(\.list, at: 1)`, `slice: \.list, at: 2`) is read through the array's
    /// bytes: skipped by actions scoped elsewhere, delivered when its element changes.
    @Test func subscriptionsToArrayElements_areSkippedByOtherSlices_andFollowTheirElement() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var seen: [[String]] = [[], [], []]
        let subscriptions = (0..<3).map { index in store.subscribe(\.list, at: index) { seen[index].append($0.name) } }
        let connection = Connection(store: store, slice: \.list, at: 2, mapSliceToProps: { $0.name },
                                    mapDispatchToActions: { _ in () })
        var connected: [String] = []
        connection.bind(\.self) { connected.append($0) }
        connection.connect()
        Watched.comparisons = 0
        store.dispatch(BumpCount())  // scoped to \.settings: \.list cannot change
        #expect(Watched.comparisons == 0)
        store.dispatch(SetListItem(index: 2, name: "z"))  // scoped to \.list
        store.dispatch(SetListItem(index: 0, name: "y"))
        store.dispatch(SetListItem(index: 0, name: "y"))  // unchanged: not delivered
        #expect(seen == [["l0", "y"], ["l1"], ["l2", "z"]])
        #expect(connected == ["l2", "z"])
        #expect(connection.props == "z")
        _ = subscriptions
    }

    /// The same elements by key path (`\.list[1]`): projected by the runtime on every
    /// notification (nothing is read from the key path's layout), with the same deliveries.
    @Test func subscriptionsToArrayElementKeyPaths_followTheirElement() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var seen: [[String]] = [[], [], []]
        let subscriptions = (0..<3).map { index in store.subscribe(\.list[index]) { seen[index].append($0.name) } }
        let connection = Connection(store: store, slice: \.list[2], mapSliceToProps: { $0.name },
                                    mapDispatchToActions: { _ in () })
        var connected: [String] = []
        connection.bind(\.self) { connected.append($0) }
        connection.connect()
        store.dispatch(BumpCount())
        store.dispatch(SetListItem(index: 2, name: "z"))
        store.dispatch(SetListItem(index: 0, name: "y"))
        store.dispatch(SetListItem(index: 0, name: "y"))
        #expect(seen == [["l0", "y"], ["l1"], ["l2", "z"]])
        #expect(connected == ["l2", "z"])
        _ = subscriptions
    }

    /// The two spellings of one element share one selector: it is read once per
    /// notification for both, at the array's offset once the indexed form joined.
    @Test func anElementByKeyPathAndByIndex_shareOneRead() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var byKeyPath: [String] = []
        var byIndex: [String] = []
        let subscriptions = [
            store.subscribe(\.list[1]) { byKeyPath.append($0.name) },
            store.subscribe(\.list, at: 1) { byIndex.append($0.name) },
        ]
        Watched.comparisons = 0
        store.dispatch(SetListItem(index: 1, name: "q"))
        #expect(Watched.comparisons == 1)
        store.dispatch(BumpCount())  // skipped by footprint now that the read is at an offset
        #expect(Watched.comparisons == 1)
        #expect(byKeyPath == ["l1", "q"] && byIndex == ["l1", "q"])
        _ = subscriptions
    }

    @Test func actionOfAnUnscopedReducer_readsEverySubscription() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var watched: [Watched] = []
        let subscription = store.subscribe(\.watched) { watched.append($0) }
        Watched.comparisons = 0
        store.dispatch(RenameEverywhere(name: "c"))  // an unscoped reducer: anything may change
        #expect(Watched.comparisons == 1)
        #expect(watched.map(\.name) == ["a", "c"])
        _ = subscription
    }

    @Test func nestedScopes_locateTheInnerSlice() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var flags: [Bool] = []
        var counts: [Int] = []
        let subscriptions = [
            store.subscribe(\.settings.isOn) { flags.append($0) },
            store.subscribe(\.settings.count) { counts.append($0) },
        ]
        store.dispatch(Toggle())  // scoped twice: \.settings, then \.isOn inside it
        store.dispatch(BumpCount())
        #expect(flags == [false, true])
        #expect(counts == [0, 1])
        _ = subscriptions
    }

    @Test func batchOfScopedActions_isSkippedOnlyWhereNoneOfThemWrote() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        var watched: [String] = []
        var counts: [Int] = []
        let subscriptions = [
            store.subscribe(\.watched) { watched.append($0.name) },
            store.subscribe(\.settings.count) { counts.append($0) },
        ]
        store.batch {
            store.dispatch(BumpCount())
            store.dispatch(SetWatched(name: "z"))
        }
        #expect(watched == ["a", "z"])
        #expect(counts == [0, 1])
        _ = subscriptions
    }

    @Test func sliceConnection_skipsActionsThatCannotWriteItsSlice() {
        let store = Store(reducer: featureReducer, state: FeatureState())
        let connection = Connection(store: store, slice: \.watched, mapSliceToProps: { $0.name },
                                    mapDispatchToActions: { _ in () })
        var names: [String] = []
        connection.bind(\.self) { names.append($0) }
        connection.connect()
        Watched.comparisons = 0
        store.dispatch(BumpCount())
        #expect(Watched.comparisons == 0)
        store.dispatch(SetWatched(name: "b"))
        #expect(Watched.comparisons == 1)
        #expect(names == ["a", "b"])
    }

    @Test func hostedReactor_writesOnlyItsSlice() {
        let store = Store(reducer: .empty, state: HostState())
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        var values: [Int] = []
        let subscriptions = [
            store.subscribe(\.watched) { _ in },
            store.subscribe(\.counter.value) { values.append($0) },
        ]
        Watched.comparisons = 0
        reactor.action.send(.decrease)
        #expect(Watched.comparisons == 0)
        #expect(values == [0, -1])
        _ = subscriptions
    }
}

/// Counts `==` calls.
private struct Watched: Equatable {
    @MainActor static var comparisons = 0
    var name: String
    static func == (lhs: Self, rhs: Self) -> Bool {
        MainActor.assumeIsolated { comparisons += 1 }
        return lhs.name == rhs.name
    }
}

private struct Settings {
    var count = 0
    var isOn = false
}

private struct FeatureState {
    var watched = Watched(name: "a")
    var settings = Settings()
    var list = (0..<3).map { Watched(name: "l\($0)") }
}

private struct HostState {
    var watched = Watched(name: "a")
    var counter = CounterReactor.State()
}

private struct BumpCount: Action {}
private struct Toggle: Action {}
private struct SetWatched: Action { var name: String }
private struct RenameEverywhere: Action { var name: String }
private struct SetListItem: Action { var index: Int; var name: String }

private let settingsReducer = Reducer<Settings>.combine(
    .on(BumpCount.self) { settings, _ in settings.count += 1 },
    Reducer<Bool>.on(Toggle.self) { isOn, _ in isOn.toggle() }.scope(\Settings.isOn)
)

private let featureReducer = Reducer<FeatureState>.combine(
    settingsReducer.scope(\FeatureState.settings),
    Reducer<Watched>.on(SetWatched.self) { watched, action in watched.name = action.name }.scope(\FeatureState.watched),
    Reducer<FeatureState>.on(RenameEverywhere.self) { state, action in state.watched.name = action.name },
    Reducer<[Watched]>.on(SetListItem.self) { list, action in list[action.index].name = action.name }.scope(\FeatureState.list)
)
