import Testing
import Reflow

private struct ListState: Equatable {
    var rows = [1, 2, 3]
    var title = "Untitled"
}

private struct SetRow: Action { var index: Int; var value: Int }
private struct Retitle: Action { var title: String }

private let listReducer = Reducer<ListState>.combine(
    .on(SetRow.self) { state, action in state.rows[action.index] = action.value },
    .on(Retitle.self) { state, action in state.title = action.title }
)

/// Props that are not `Equatable`: nothing compares them as a whole.
private struct Shown { var rows: [Int]; var title: String }

/// Every connection follows its store one way, as a member of one of the store's groups,
/// whichever initializer made it.
@MainActor
@Suite struct ConnectionFollowingTests {
    /// Connections made every way are told in the order they were made.
    @Test func connectionsMadeEveryWay_areToldInCreationOrder() {
        let store = Store(reducer: listReducer, state: ListState())
        var log: [String] = []
        let equatable = Connection(store: store, mapStateToProps: { $0.title }, mapDispatchToActions: { _ in () })
        equatable.bind(\.self) { log.append("equatable \($0)") }
        let plain = Connection(store: store, mapStateToProps: { Shown(rows: $0.rows, title: $0.title) },
                               mapDispatchToActions: { _ in () })
        plain.bind(\.title) { log.append("plain \($0)") }
        let slice = Connection(store: store, slice: \.title, mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
        slice.bind(\.self) { log.append("slice \($0)") }
        let generic = connectionMadeGenerically(store) { $0.title }
        generic.bind(\.self) { log.append("generic \($0)") }
        let second = Connection(store: store, mapStateToProps: { $0.title }, mapDispatchToActions: { _ in () })
        second.bind(\.self) { log.append("second \($0)") }
        for connection in [equatable, slice, generic, second] { connection.connect() }
        plain.connect()
        log.removeAll()

        store.dispatch(Retitle(title: "A"))
        #expect(log == ["equatable A", "plain A", "slice A", "generic A", "second A"])
    }

    /// A connection made where Swift does not know the props are `Equatable` (generic code)
    /// compares them as one made where it does: a state change that leaves them equal
    /// reaches neither, and both share one group of the store.
    @Test func genericallyMadeConnection_comparesEquatablePropsAsAConcreteOneDoes() {
        let store = Store(reducer: listReducer, state: ListState())
        let concrete = Connection(store: store, mapStateToProps: { $0.rows }, mapDispatchToActions: { _ in () })
        let generic = connectionMadeGenerically(store) { $0.rows }
        let uncompared = Connection(store: store, mapStateToProps: { Shown(rows: $0.rows, title: $0.title) },
                                    mapDispatchToActions: { _ in () })
        var concreteDeliveries = 0
        var genericDeliveries = 0
        var uncomparedDeliveries = 0
        // Bindings that count deliveries: no two values are the same to them.
        concrete.bind(\.self, to: { _ in concreteDeliveries += 1 }, isEqual: { _, _ in false })
        generic.bind(\.self, to: { _ in genericDeliveries += 1 }, isEqual: { _, _ in false })
        uncompared.bind(\.rows, to: { _ in uncomparedDeliveries += 1 }, isEqual: { _, _ in false })
        for connection in [concrete, generic] { connection.connect() }
        uncompared.connect()
        let afterConnect = (concreteDeliveries, genericDeliveries, uncomparedDeliveries)

        store.dispatch(Retitle(title: "A"))  // the rows stay as they were
        store.dispatch(SetRow(index: 0, value: 9))
        #expect(concreteDeliveries - afterConnect.0 == 1)
        #expect(genericDeliveries - afterConnect.1 == 1)
        #expect(uncomparedDeliveries - afterConnect.2 == 2)  // props that are not `Equatable`: every mapping
        #expect(concrete.props == [9, 2, 3] && generic.props == [9, 2, 3])
        // One group holds the two comparing connections, another the uncompared one.
        #expect(store.subscriptionCount == 3)
        #expect(store.observers.liveCount == 2)
    }

    /// A connection with props that are not `Equatable` connects, disconnects, maps a
    /// given state and is pointed at another store as the others are.
    @Test func connectionWithoutEquatableProps_connectsRepointsAndMapsAGivenState() {
        let first = Store(reducer: listReducer, state: ListState())
        let second = Store(reducer: listReducer, state: ListState(rows: [7], title: "Second"))
        let connection = Connection(store: first, mapStateToProps: { Shown(rows: $0.rows, title: $0.title) },
                                    mapDispatchToActions: { _ in () })
        var titles: [String] = []
        connection.bind(\.title) { titles.append($0) }
        first.dispatch(Retitle(title: "unseen"))
        #expect(!connection.isConnected && titles == ["Untitled"])
        connection.connect()
        #expect(connection.isConnected && titles == ["Untitled", "unseen"])
        connection.disconnect()
        first.dispatch(Retitle(title: "while away"))
        #expect(titles == ["Untitled", "unseen"])
        connection.newState(state: ListState(title: "given"))
        #expect(titles == ["Untitled", "unseen", "given"])

        connection.connect()
        connection.store = second
        #expect(connection.isConnected && titles.last == "Second")
        first.dispatch(Retitle(title: "old store"))
        second.dispatch(Retitle(title: "new store"))
        #expect(titles.suffix(2) == ["Second", "new store"])
        #expect(first.subscriptionCount == 0)
    }

    /// A store-less connection is always connected; disconnecting it changes nothing.
    @Test func storelessConnection_staysConnected() {
        let connection = Connection(props: Shown(rows: [], title: "Preview"), actions: ())
        var titles: [String] = []
        connection.bind(\.title) { titles.append($0) }
        connection.disconnect()
        #expect(connection.isConnected)
        connection.props = Shown(rows: [], title: "Next")
        #expect(titles == ["Preview", "Next"])
    }
}
