import Testing
import Reflow

@MainActor
@Suite struct ConnectionTests {
    @Test func props_computedAtInit_actionsDispatch() {
        let store = makeStore(AppState(count: 5, title: "Hi"))
        let viewModel = CounterViewModel(store: store)
        #expect(viewModel.props == CounterProps(title: "Hi", count: 5, user: nil, items: []))
        #expect(!viewModel.connection.isConnected)
        viewModel.actions.increment()
        #expect(store.state.count == 6)
    }

    @Test func disconnected_propsDoNotUpdate_connectCatchesUp() {
        let store = makeStore()
        let viewModel = CounterViewModel(store: store)
        store.dispatch(Increment())
        #expect(viewModel.props.count == 0)
        viewModel.connection.connect()
        #expect(viewModel.connection.isConnected)
        #expect(viewModel.props.count == 1)
        store.dispatch(Increment())
        #expect(viewModel.props.count == 2)
        viewModel.connection.disconnect()
        store.dispatch(Increment())
        #expect(viewModel.props.count == 2)
    }

    @Test func binding_firesWhenMade_thenOnlyOnChangeOfItsKeyPath() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        var counts: [Int] = []
        var titles: [String] = []
        connection.bind(\.count) { counts.append($0) }
        connection.bind(\.title) { titles.append($0) }
        connection.connect()
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "new"))
        store.dispatch(Append(value: 1))  // unrelated to both
        #expect(counts == [0, 1])
        #expect(titles == ["Untitled", "new"])
    }

    // Equatable props are dropped when equal to the current ones: the list binding below
    // never dedupes (its isEqual says "different"), so it counts every props change.
    @Test func equatableProps_distinctUntilChanged_unrelatedStateReachesNoBinding() {
        let store = makeStore()
        let connection = Connection(store: store, mapStateToProps: { $0.items }, mapDispatchToActions: { _ in () })
        var deliveries: [[Int]] = []
        connection.bind(\.self, to: { deliveries.append($0) }, isEqual: { _, _ in false })
        connection.connect()
        store.dispatch(SetTitle(title: "unrelated"))
        store.dispatch(Increment())
        store.dispatch(Append(value: 4))
        #expect(deliveries == [[], [4]])
    }

    @Test func bindings_surviveDisconnect_andCatchUpOnConnect() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        var counts: [Int] = []
        connection.bind(\.count) { counts.append($0) }
        connection.connect()
        connection.disconnect()
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(counts == [0])
        connection.connect()
        #expect(counts == [0, 2])
        connection.connect()  // twice is harmless
        #expect(counts == [0, 2])
    }

    @Test func bindToObject_variants() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        let view = FakeView()
        connection.bind(\.title, to: view, \.title)                                // T -> T
        connection.bind(\.title, to: view, \.subtitle)                             // T -> T?
        connection.bind(\.user, to: view, \.user)                                  // T? -> T?
        connection.bind(\.count, to: view, \.countText, mapping: { "\($0) items" }) // mapping
        connection.bind(\.user, to: view, \.userText, mapping: { $0 ?? "nobody" })  // T? -> U? with mapping
        connection.bind(\.count, to: { view.lastSunk = $0 }, mapping: { "sunk \($0)" })
        #expect(view.title == "Untitled" && view.subtitle == "Untitled" && view.user == nil)
        #expect(view.countText == "0 items" && view.userText == "nobody" && view.lastSunk == "sunk 0")
        connection.connect()
        store.dispatch(SetUser(name: "ann"))
        store.dispatch(Add(amount: 3))
        #expect(view.user == "ann" && view.userText == "ann")
        #expect(view.countText == "3 items" && view.lastSunk == "sunk 3")
    }

    /// One mapping form serves optional and non-optional properties, with a closure, a free
    /// function or an initializer as the mapping: its result is wrapped for an optional one.
    @Test func mappingToAnOptionalProperty_takesFunctionsReturningTheWrappedType() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        let view = FakeView()
        connection.bind(\.count, to: view, \.subtitle, mapping: itemsText)       // (Int) -> String into String?
        connection.bind(\.count, to: view, \.userText, mapping: String.init)     // an initializer
        connection.bind(\.count, to: view, \.countText, mapping: itemsText)      // into String
        #expect(view.subtitle == "0 items" && view.userText == "0" && view.countText == "0 items")
        connection.connect()
        store.dispatch(Add(amount: 2))
        #expect(view.subtitle == "2 items" && view.userText == "2" && view.countText == "2 items")
    }

    @Test func optionalProp_toNonOptionalProperty_keepsLastValueWhileNil_orWritesIfNil() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        let view = FakeView()
        view.title = "placeholder"
        view.countText = "placeholder"
        var sunk: [String] = []
        connection.bind(\.user, to: view, \.title)                      // T? -> T: nil keeps the value
        connection.bind(\.user, to: view, \.countText) { $0 ?? "nobody" }  // T? -> T with a default
        connection.bind(\.user, to: { sunk.append($0) }, mapping: { $0 ?? "-" })  // T? -> (T) -> Void
        #expect(view.title == "placeholder")
        #expect(view.countText == "nobody")
        #expect(sunk == ["-"])
        connection.connect()
        store.dispatch(SetUser(name: "ann"))
        #expect(view.title == "ann" && view.countText == "ann")
        store.dispatch(SetUser(name: nil))
        #expect(view.title == "ann")              // the last non-nil value stays
        #expect(view.countText == "nobody")
        store.dispatch(SetUser(name: "bo"))
        #expect(view.title == "bo" && view.countText == "bo")
        #expect(sunk == ["-", "ann", "-", "bo"])
    }

    @Test func bindToObject_holdsItWeakly_releasedViewEndsItsBindings() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        connection.connect()
        var view: FakeView? = FakeView()
        weak let weakView = view
        connection.bind(\.title, to: view!, \.title)
        view = nil
        #expect(weakView == nil)
        store.dispatch(SetTitle(title: "after"))  // must not crash or resurrect anything
        #expect(connection.props.title == "after")
    }

    /// A binding to an object ends when the object is gone, and only that binding: the
    /// others, and a handle cancelled afterwards, keep working.
    @Test func bindToObject_releasedView_endsThatBindingOnly() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        connection.connect()
        var view: FakeView? = FakeView()
        var titles: [String] = []
        let initial = connection.props.title
        connection.bind(\.title, to: view!, \.title)
        let handle = connection.bind(\.title) { titles.append($0) }
        let kept = FakeView()
        connection.bind(\.title, to: kept, \.title)
        view = nil
        store.dispatch(SetTitle(title: "after"))
        store.dispatch(SetTitle(title: "again"))
        handle.cancel()
        store.dispatch(SetTitle(title: "last"))
        #expect(kept.title == "last")
        #expect(titles == [initial, "after", "again"])
        _ = view
    }

    @Test func listBinding_equatableElements_andCustomEquality() {
        let store = makeStore()
        let connection = CounterViewModel(store: store).connection
        var lists: [[Int]] = []
        connection.bind(\.items) { lists.append($0) }
        let rows = Connection<Void, RowProps, Void>(props: RowProps(rows: [Row(id: 1, text: "a")]), actions: ())
        var rowUpdates: [[String]] = []
        rows.bind(\.rows, to: { rowUpdates.append($0.map(\.text)) }, isEqual: { $0.id == $1.id && $0.text == $1.text })
        connection.connect()
        store.dispatch(Append(value: 1))
        store.dispatch(SetTitle(title: "x"))
        store.dispatch(Append(value: 2))
        rows.props = RowProps(rows: [Row(id: 1, text: "a")])
        rows.props = RowProps(rows: [Row(id: 1, text: "b")])
        #expect(lists == [[], [1], [1, 2]])
        #expect(rowUpdates == [["a"], ["b"]])
    }

    @Test func storeless_connection_settingPropsDrivesBindings() {
        var taps = 0
        let connection = Connection<Void, CounterProps, CounterActions>(
            props: CounterProps(title: "Preview", count: 1, user: nil, items: []),
            actions: CounterActions(increment: { taps += 1 })
        )
        var titles: [String] = []
        connection.bind(\.title) { titles.append($0) }
        connection.props.title = "Changed"
        connection.props.count = 9
        connection.actions.increment()
        #expect(titles == ["Preview", "Changed"])
        #expect(taps == 1)
        #expect(connection.isConnected)
    }

    @Test func sliceConnection_mapsOnlyWhenSliceChanges() {
        let store = makeStore()
        var mapCalls = 0
        let connection = Connection(store: store, slice: \.title, mapSliceToProps: { title -> String in
            mapCalls += 1
            return title.uppercased()
        }, mapDispatchToActions: { _ in () })
        connection.connect()
        store.dispatch(Increment())
        store.dispatch(Increment())
        store.dispatch(SetTitle(title: "go"))
        #expect(connection.props == "GO")
        #expect(mapCalls == 2)
    }

    @Test func connections_notifiedInCreationOrder_evenAfterReconnecting() {
        let store = makeStore()
        var order: [String] = []
        let first = CounterViewModel(store: store).connection
        let second = CounterViewModel(store: store).connection
        first.bind(\.count) { _ in order.append("first") }
        second.bind(\.count) { _ in order.append("second") }
        second.connect()
        first.connect()
        first.disconnect()
        first.connect()
        order.removeAll()
        store.dispatch(Increment())
        #expect(order == ["first", "second"])
    }

    @Test func bindingCancellingAnotherBinding_andDisconnectingAnotherConnection_isSafe() {
        let store = makeStore()
        let first = CounterViewModel(store: store).connection
        let second = CounterViewModel(store: store).connection
        var log: [String] = []
        var victim: SubscriptionHandle?
        first.bind(\.count) { count in
            if count == 1 { victim?.cancel(); second.disconnect() }
        }
        victim = first.bind(\.count) { log.append("victim \($0)") }
        second.bind(\.count) { log.append("second \($0)") }
        first.connect()
        second.connect()
        store.dispatch(Increment())
        #expect(log == ["victim 0", "second 0"])
    }

    @Test func releasedViewModel_freesConnectionAndBindings() {
        let store = makeStore()
        weak var weakViewModel: CounterViewModel?
        weak var weakConnection: Connection<AppState, CounterProps, CounterActions>?
        do {
            let viewModel = CounterViewModel(store: store)
            viewModel.connection.bind(\.count) { [weak viewModel] _ in _ = viewModel }
            viewModel.connection.connect()
            weakViewModel = viewModel
            weakConnection = viewModel.connection
        }
        #expect(weakViewModel == nil)
        #expect(weakConnection == nil)
        store.dispatch(Increment())
        #expect(store.subscriptionCount == 0)
    }

    /// A binding's subscription is a handle: dropping it keeps the binding (the connection
    /// keeps its bindings), cancelling it ends that binding only, and releasing the
    /// connection releases every binding's sink.
    @Test func bindingHandle_droppedKeepsTheBinding_cancelEndsIt_connectionReleaseFreesTheSinks() {
        final class Sink { var values: [Int] = [] }
        let store = makeStore()
        weak var weakSink: Sink?
        var cancelled: [Int] = []
        do {
            let connection = CounterViewModel(store: store).connection
            let sink = Sink()
            weakSink = sink
            connection.bind(\.count) { sink.values.append($0) }            // handle dropped at once
            let handle = connection.bind(\.count) { cancelled.append($0) }
            connection.connect()
            store.dispatch(Increment())
            handle.cancel()
            store.dispatch(Increment())
            #expect(sink.values == [0, 1, 2])
            #expect(cancelled == [0, 1])
            #expect(handle.isCancelled)
        }
        #expect(weakSink == nil)
        store.dispatch(Increment())
        #expect(cancelled == [0, 1])
    }

    /// A binding reads a stored property at its offset and any other path through the key
    /// path; both deliver what the key path reads, including values that own memory.
    @Test func bindings_ofStoredAndComputedPaths_deliverTheKeyPathsValue() {
        struct Nested: Equatable { var label = "a label long enough to live on the heap, not inline" }
        struct Props: Equatable {
            var nested = Nested()
            var items = [1, 2, 3]
            var total: Int { items.reduce(0, +) }
        }
        let connection = Connection<AppState, Props, Void>(props: Props(), actions: ())
        var labels: [String] = []
        var seconds: [Int] = []
        var totals: [Int] = []
        connection.bind(\.nested.label) { labels.append($0) }
        connection.bind(\.items[1]) { seconds.append($0) }
        connection.bind(\.total) { totals.append($0) }
        var props = connection.props
        props.nested.label += "!"
        connection.props = props
        props.items[1] = 20
        connection.props = props
        props.items[0] = 0
        connection.props = props
        #expect(labels == ["a label long enough to live on the heap, not inline", "a label long enough to live on the heap, not inline!"])
        #expect(seconds == [2, 20])
        #expect(totals == [6, 24, 23])
    }

    /// A connection released on another thread leaves the store on the main actor, as a
    /// subscription released there does.
    @Test func connectionReleasedOffTheMainActor_leavesTheStore() async {
        final class Holder: @unchecked Sendable {   // handed to one task, then read here
            var connection: Connection<AppState, Int, Void>?
        }
        let store = makeStore()
        let holder = Holder()
        holder.connection = Connection(store: store, mapStateToProps: { $0.count }, mapDispatchToActions: { _ in () })
        holder.connection?.connect()
        #expect(store.subscriptionCount == 1)
        await Task.detached { holder.connection = nil }.value
        for _ in 0..<1_000 where store.subscriptionCount != 0 { await Task.yield() }
        #expect(store.subscriptionCount == 0)
        store.dispatch(Increment())
    }

    @Test func fiveThousandConnections_stayCorrect() {
        let store = makeStore()
        var received = [Int](repeating: -1, count: 5_000)
        let connections = (0..<5_000).map { index in
            let connection = Connection(store: store, mapStateToProps: { $0.count + index }, mapDispatchToActions: { _ in () })
            connection.bind(\.self) { received[index] = $0 }
            connection.connect()
            return connection
        }
        store.dispatch(Add(amount: 10))
        #expect(received == (0..<5_000).map { $0 + 10 })
        #expect(store.subscriptionCount == 5_000)
        _ = connections
    }

    @Test func connectable_forwardsPropsAndActions() {
        let store = makeStore()
        let viewModel = CounterViewModel(store: store)
        viewModel.connection.connect()
        viewModel.actions.increment()
        #expect(viewModel.props.count == 1)
    }
}

// MARK: - Fixtures

struct CounterProps: Equatable {
    var title: String
    var count: Int
    var user: String?
    var items: [Int]
}

struct CounterActions {
    var increment: () -> Void
}

@MainActor
final class CounterViewModel: Connectable {
    let connection: Connection<AppState, CounterProps, CounterActions>

    init(store: Store<AppState>) {
        connection = Connection(
            store: store,
            mapStateToProps: { CounterProps(title: $0.title, count: $0.count, user: $0.user, items: $0.items) },
            mapDispatchToActions: { dispatch in CounterActions(increment: { dispatch(Increment()) }) }
        )
    }
}

private func itemsText(_ count: Int) -> String { "\(count) items" }

private final class FakeView {
    var title = ""
    var subtitle: String?
    var user: String?
    var countText = ""
    var userText: String?
    var lastSunk = ""
}

private struct Row { var id: Int; var text: String }
private struct RowProps { var rows: [Row] }
