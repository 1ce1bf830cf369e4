import Testing
import Reflow

private struct FieldsState: Equatable {
    var fields: [Int]
    var other = 0
}

private struct IncrementField: Action { var index: Int }
private struct SetField: Action { var index: Int; var value: Int }
private struct RemoveLastFields: Action { var count: Int }

/// Index -1 is `other`.
private let fieldsReducer = Reducer<FieldsState>.combine(
    .on(IncrementField.self) { state, action in state.fields[action.index] += 1 },
    .on(SetField.self) { state, action in
        if action.index == -1 { state.other = action.value } else { state.fields[action.index] = action.value }
    },
    .on(RemoveLastFields.self) { state, action in state.fields.removeLast(action.count) }
)

private struct XProps: Equatable { var x: Int }

/// Connections to array elements (`slice:at:`) at the sizes lists reach: every change of
/// an element reaches every connection to it, whatever the numbers of connections and
/// elements, and the element read is the element's own.
@MainActor
@Suite struct IndexedSliceDeliveryTests {
    /// `connections` connections over `fields` elements (connection `i` to element
    /// `i % fields`), then `dispatches` increments of element `j % fields`: each connection
    /// receives each change of its element, with the element's value.
    @Test(arguments: [(300, 100, 300), (256, 128, 256), (1_000, 1_000, 1_000), (2_000, 100, 200), (40, 39, 80)])
    func everyChangeReachesEveryConnection(connections: Int, fields: Int, dispatches: Int) async {
        let store = Store(reducer: fieldsReducer, state: FieldsState(fields: Array(repeating: 0, count: fields)))
        var received = Array(repeating: [Int](), count: connections)
        var held: [Connection<FieldsState, XProps, Void>] = []
        for i in 0..<connections {
            let connection = Connection(store: store, slice: \.fields, at: i % fields,
                                        mapSliceToProps: { XProps(x: $0) }, mapDispatchToActions: { _ in () })
            connection.bind(\.x) { received[i].append($0) }
            connection.connect()
            held.append(connection)
            // The main actor is shared with the other tests of a parallel run (the live
            // inspector's tests answer on it): let them in now and then.
            if i % 100 == 99 { await Task.yield() }
        }
        var model = Array(repeating: [0], count: connections)
        var values = Array(repeating: 0, count: fields)
        for j in 0..<dispatches {
            store.dispatch(IncrementField(index: j % fields))
            values[j % fields] += 1
            for i in stride(from: j % fields, to: connections, by: fields) { model[i].append(values[j % fields]) }
            if j % 50 == 49 { await Task.yield() }
        }
        #expect(received == model)
        for (i, connection) in held.enumerated() { #expect(connection.props.x == store.state.fields[i % fields]) }
    }

    /// A key-path group visits only the members of changed selectors while they are at
    /// most a quarter of its slots, and every member past that: across the boundary (and
    /// with members out of sync, joined inside a batch), each delivers exactly its changes.
    @Test(arguments: [24, 25, 26, 50])
    func aPassVisitingFewOrAllMembers_deliversTheSame(changed: Int) {
        let store = Store(reducer: fieldsReducer, state: FieldsState(fields: Array(repeating: 0, count: 100)))
        var received = Array(repeating: [Int](), count: 100)
        var subscriptions: [SubscriptionHandle] = []
        // Members that join inside a batch, after a change the group has not seen: out of sync.
        store.batch {
            store.dispatch(SetField(index: 99, value: 5))
            for index in 0..<100 {
                subscriptions.append(store.subscribe(\.fields, at: index) { received[index].append($0) })
            }
            store.dispatch(SetField(index: 99, value: 0))
        }
        var expected = (0..<100).map { [$0 == 99 ? 5 : 0] }
        func notified() {
            for index in 0..<100 where store.state.fields[index] != expected[index].last {
                expected[index].append(store.state.fields[index])
            }
        }
        notified()
        for start in [0, 1] {
            store.batch {
                for index in stride(from: start, to: min(changed * 3, 100), by: 3) {
                    store.dispatch(SetField(index: index, value: index + 1))
                }
            }
            notified()
        }
        #expect(received == expected)
        withExtendedLifetime(subscriptions) {}
    }

    /// A connection to the last element reads that element on `connect()`, not memory past
    /// it: the element's type decides the stride.
    @Test func connectReadsTheElementItself() {
        let store = Store(reducer: fieldsReducer, state: FieldsState(fields: [0, 1, 2]))
        var received: [Int] = []
        let connection = Connection(store: store, slice: \.fields, at: 2,
                                    mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
        connection.bind(\.self) { received.append($0) }
        store.dispatch(SetField(index: 2, value: 7))
        connection.connect()
        store.dispatch(SetField(index: 2, value: 9))
        #expect(received == [2, 7, 9])
    }

    /// The three ways a connection declares a slice: a key path, an element by key path,
    /// an element by index.
    enum SliceForm: CaseIterable { case keyPath, elementKeyPath, elementAtIndex }

    private func connection(_ form: SliceForm, of store: Store<FieldsState>, at index: Int) -> Connection<FieldsState, Int, Void> {
        switch form {
        case .keyPath:
            Connection(store: store, slice: \.other, mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
        case .elementKeyPath:
            Connection(store: store, slice: \.fields[index], mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
        case .elementAtIndex:
            Connection(store: store, slice: \.fields, at: index, mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
        }
    }

    /// A connection that reconnects inside a batch, where the slice ends the batch at the
    /// value the store last notified, ends on the store's value: it caught up to the
    /// batch's intermediate state on `connect()`, so the notification must tell it again.
    @Test(arguments: SliceForm.allCases)
    func reconnectedInsideABatch_endsOnTheStoresValue(form: SliceForm) {
        let index = form == .keyPath ? -1 : 38
        var state = FieldsState(fields: Array(repeating: 0, count: 39))
        state.fields[38] = 2
        state.other = 2
        let store = Store(reducer: fieldsReducer, state: state)
        let connection = connection(form, of: store, at: 38)
        var received: [Int] = []
        connection.bind(\.self) { received.append($0) }
        connection.connect()
        store.batch {
            connection.disconnect()
            store.dispatch(SetField(index: index, value: 4))
            connection.connect()
            store.dispatch(SetField(index: index, value: 2))
        }
        #expect(received == [2, 4, 2])
        #expect(connection.props == 2)
    }

    /// A connection whose slice changed while it was disconnected, and changed back to
    /// what it holds inside the batch that reconnects it, catches up to nothing on
    /// `connect()`, and still ends on the store's value when the batch ends elsewhere.
    @Test(arguments: SliceForm.allCases)
    func reconnectedInsideABatch_afterChangesWhileDisconnected_endsOnTheStoresValue(form: SliceForm) {
        let index = form == .keyPath ? -1 : 38
        let store = Store(reducer: fieldsReducer, state: FieldsState(fields: Array(repeating: 0, count: 39)))
        let connection = connection(form, of: store, at: 38)
        var received: [Int] = []
        connection.bind(\.self) { received.append($0) }
        connection.connect()
        store.dispatch(SetField(index: index, value: 1))
        connection.disconnect()
        store.dispatch(SetField(index: index, value: 0))
        store.batch {
            store.dispatch(SetField(index: index, value: 1))
            connection.connect()
            store.dispatch(SetField(index: index, value: 0))
        }
        #expect(received == [0, 1, 0])
        #expect(connection.props == 0)
    }

    /// The same from a sink during a notification: a connection reconnected by another
    /// connection's binding catches up to the state being notified, once.
    @Test(arguments: SliceForm.allCases)
    func reconnectedFromASink_deliversEachValueOnce(form: SliceForm) {
        let index = form == .keyPath ? -1 : 38
        let store = Store(reducer: fieldsReducer, state: FieldsState(fields: Array(repeating: 0, count: 39)))
        let trigger = connection(.elementAtIndex, of: store, at: 0)
        let follower = connection(form, of: store, at: 38)
        var received: [Int] = []
        follower.bind(\.self) { received.append($0) }
        follower.connect()
        follower.disconnect()
        store.dispatch(SetField(index: index, value: 5))
        trigger.bind(\.self) { value in if value == 1 { follower.connect() } }
        trigger.connect()
        store.dispatch(SetField(index: 0, value: 1))
        store.dispatch(SetField(index: index, value: 6))
        store.dispatch(SetField(index: index, value: 6))
        #expect(received == [0, 5, 6])
    }
}

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
/// A `slice:at:` connection follows its element for as long as it lives, connected or
/// not: losing the element is a mistake that stops the program with what to do.
@MainActor
@Suite struct IndexedSliceMisuseTests {
    @Test func disconnectedConnection_whoseElementIsRemoved_stopsSayingToReleaseIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: fieldsReducer, state: FieldsState(fields: [0, 1, 2]))
                let connection = Connection(store: store, slice: \.fields, at: 2,
                                            mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
                connection.connect()
                connection.disconnect()
                store.dispatch(RemoveLastFields(count: 2))
                withExtendedLifetime(connection) {}
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("read it after the array shrank to 1 element"), "\(message)")
            #expect(message.contains("release the connection"), "\(message)")
        }
    }

    @Test func disconnectedConnection_pointedAtAStoreWithoutItsElement_stopsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: fieldsReducer, state: FieldsState(fields: [0, 1, 2]))
                let connection = Connection(store: store, slice: \.fields, at: 2,
                                            mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
                connection.store = Store(reducer: fieldsReducer, state: FieldsState(fields: [0]))
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("pointed a connection (`slice:at:`) at a store that lacks element 2"), "\(message)")
            #expect(message.contains("which has 1 elements"), "\(message)")
        }
    }

    /// Released before the reducer removes its element, it is gone: nothing reads it.
    @Test func releasedConnection_letsTheElementGo() {
        let store = Store(reducer: fieldsReducer, state: FieldsState(fields: [0, 1, 2]))
        var received: [Int] = []
        var connection: Connection<FieldsState, Int, Void>? = Connection(
            store: store, slice: \.fields, at: 2, mapSliceToProps: { $0 }, mapDispatchToActions: { _ in () })
        connection?.bind(\.self) { received.append($0) }
        connection = nil
        store.dispatch(RemoveLastFields(count: 2))
        #expect(store.state.fields == [0])
        #expect(received == [2])
        #expect(store.subscriptionCount == 0)
    }
}
#endif
