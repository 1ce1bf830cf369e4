import Reflow

/// The shapes of issue "speed, round three": hosted reactors (R1h, R2h), connections over
/// 100 fields (S7), and 50 realistic screens over a 200-field state (S9, S9s).
struct FieldsHost: Equatable {
    var counter = 0
    var fields: [Int] = Array(repeating: 0, count: 100)
}

struct SetField: Action {
    var index: Int
    var value: Int
}

let fieldsHostReducer = Reducer<FieldsHost>.on(SetField.self) { state, action in state.fields[action.index] = action.value }

struct FieldProps: Equatable { var value: Int }

struct HostedCounterState { var counter = BenchCounterReactor.State(); var other = 0 }

/// R1w's host: the slice beside 20 arrays, as an app's state holds its lists and strings.
struct HostedInAppState {
    var counter = BenchCounterReactor.State()
    var lists: (a0: [Int], a1: [Int], a2: [Int], a3: [Int], a4: [Int], a5: [Int], a6: [Int], a7: [Int], a8: [Int], a9: [Int],
                b0: [Int], b1: [Int], b2: [Int], b3: [Int], b4: [Int], b5: [Int], b6: [Int], b7: [Int], b8: [Int], b9: [Int])
        = ([0], [1], [2], [3], [4], [5], [6], [7], [8], [9], [0], [1], [2], [3], [4], [5], [6], [7], [8], [9])
}

/// One screen of S9: 6 Int fields and 2 String fields of the wide state.
struct ScreenProps: Equatable {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0
    var title = "", subtitle = ""
}

struct SetWideInt: Action {
    var field: Int
    var value: Int
}

struct SetWideString: Action {
    var field: Int
    var value: String
}

let wideReducer = Reducer<WideState>
    .on(SetWideInt.self) { state, action in state[keyPath: wideInts[action.field]] = action.value }
    .on(SetWideString.self) { state, action in state[keyPath: wideStrings[action.field]] = action.value }


extension Harness {
    /// R1h and R2h: R1 and R2 with the reactor hosted at a slice of a store.
    mutating func hostedReactors(_ count: Int, subscribedCount: Int, subscribers: Int = 1_000) {
        let limit = measure(operations: count) {
            let reactor = BenchCounterReactor()
            var state = reactor.initialState
            for _ in 0..<count { state = reduceOpaquely(reactor, state) }
            blackHole &+= state.value
        }
        let standalone = measure(operations: count) {
            let reactor = BenchCounterReactor()
            var sink = 0
            for _ in 0..<count {
                reactor.action.send(.increase)
                sink &+= reactor.currentState.value
            }
            blackHole &+= sink
        }
        let hosted = measureHosted(count, in: HostedCounterState(), at: \.counter)
        record(Row(scenario: "R1h hosted reactor, sync mutation, read currentState", operations: count, reflow: hosted, limit: limit,
                   note: "\(Table.format1(hosted.median / standalone.median))× R1 standalone (\(Table.format1(standalone.median)) ns) in this run"))
        let inApp = measureHosted(count, in: HostedInAppState(), at: \.counter)
        record(Row(scenario: "R1w R1h in a state that also holds 20 arrays", operations: count, reflow: inApp, limit: limit,
                   note: "\(Table.format1(inApp.median / hosted.median))× R1h in this run"))
        let r2h = measure(operations: subscribedCount) {
            let store = Store(reducer: .empty, state: HostedCounterState())
            let reactor = BenchCounterReactor()
            store.hostWithoutEquatableState(reactor)
            var sink = 0
            let subscriptions = (0..<subscribers).map { _ in
                reactor.state.map(\.value).distinctUntilChanged().subscribe { sink &+= $0 }
            }
            for _ in 0..<subscribedCount { reactor.action.send(.increase) }
            precondition(sink == subscribers * (subscribedCount + 1) * subscribedCount / 2, "R2h: unexpected deliveries")
            blackHole &+= sink + subscriptions.count
        }
        record(Row(scenario: "R2h hosted reactor, \(subscribers) state subscribers", operations: subscribedCount, reflow: r2h,
                   limit: limit, note: "\(Table.format1(r2h.median / Double(subscribers))) ns per subscriber"))
    }

    /// R1's loop with the reactor hosted at `slice` of a store of `state`. The benchmark
    /// reactor's state is not `Equatable`: this is the hosting that publishes every change.
    private func measureHosted<HostState>(_ count: Int, in state: HostState,
                                          at slice: WritableKeyPath<HostState, BenchCounterReactor.State>) -> Measurement {
        measure(operations: count) {
            let store = Store(reducer: .empty, state: state)
            let reactor = BenchCounterReactor()
            store.host(reactor, at: slice)
            var sink = 0
            for _ in 0..<count {
                reactor.action.send(.increase)
                sink &+= reactor.currentState.value
            }
            precondition(store.state[keyPath: slice].value == reactor.currentState.value, "R1h: the slice did not follow the reactor")
            blackHole &+= sink
        }
    }

    /// S7: 1,000 connections over `fields` (100) fields; connection i binds field i % 100,
    /// each dispatch changes one field, so 10 bindings fire (or all 1,000 in the last
    /// variant, where every connection reads the changed field).
    mutating func s7Fields(_ count: Int, connections: Int = 1_000) {
        let limit = measure(operations: count) {
            var state = FieldsHost()
            for index in 0..<count { fieldsHostReducer.reduce(&state, SetField(index: index % 100, value: index)) }
            blackHole &+= state.fields[0]
        }
        for variant in ["mapStateToProps", "slice at index", "all readers"] {
            let result = measure(operations: count) {
                let store = Store(reducer: fieldsHostReducer, state: FieldsHost())
                var firings = 0
                let all = (0..<connections).map { index -> Connection<FieldsHost, FieldProps, Void> in
                    let field = variant == "all readers" ? 0 : index % 100
                    let connection = variant == "slice at index"
                        ? Connection(store: store, slice: \.fields, at: field, mapSliceToProps: { FieldProps(value: $0) },
                                     mapDispatchToActions: { _ in () })
                        : Connection(store: store, mapStateToProps: { FieldProps(value: $0.fields[field]) },
                                     mapDispatchToActions: { _ in () })
                    connection.bind(\.value) { _ in firings += 1 }
                    connection.connect()
                    return connection
                }
                firings = 0
                for index in 0..<count {
                    let field = variant == "all readers" ? 0 : index % 100
                    store.dispatch(SetField(index: field, value: index + 1))
                }
                let expected = count * (variant == "all readers" ? connections : connections / 100)
                precondition(firings == expected, "S7 \(variant): \(firings) firings, expected \(expected)")
                blackHole &+= all.count
            }
            record(Row(scenario: "S7 \(connections) connections over 100 fields (\(variant))", operations: count,
                       reflow: result, limit: limit,
                       note: "\(Table.format1(result.median / Double(variant == "all readers" ? connections : connections / 100))) ns per firing"))
        }
    }

    /// S9: 50 screens × 8 bindings over a 200-field state; each dispatch sets one field,
    /// so 2 bindings fire. Through connections, and as one subscription per screen (S9s).
    mutating func s9(_ count: Int, screens: Int = 50) {
        let limit = measure(operations: count) {
            var state = WideState()
            for index in 0..<count { wideReducer.reduce(&state, SetWideInt(field: index % 150, value: index)) }
            blackHole &+= state.i0
        }
        func dispatches(_ store: Store<WideState>) {
            for index in 0..<count {
                if index % 4 == 3 {
                    store.dispatch(SetWideString(field: index % 50, value: "v\(index)"))
                } else {
                    store.dispatch(SetWideInt(field: index % 150, value: index + 1))
                }
            }
        }
        let connections = measure(operations: count) {
            let store = Store(reducer: wideReducer, state: WideState())
            var firings = 0
            let all = (0..<screens).map { screen -> Connection<WideState, ScreenProps, Void> in
                let connection = Connection(store: store, mapStateToProps: { wideScreenProps($0, screen: screen) },
                                            mapDispatchToActions: { _ in () })
                for keyPath in [\ScreenProps.a, \.b, \.c, \.d, \.e, \.f] { connection.bind(keyPath) { _ in firings += 1 } }
                for keyPath in [\ScreenProps.title, \.subtitle] { connection.bind(keyPath) { _ in firings += 1 } }
                connection.connect()
                return connection
            }
            firings = 0
            dispatches(store)
            precondition(firings == 2 * count, "S9: \(firings) firings, expected \(2 * count)")
            blackHole &+= all.count
        }
        record(Row(scenario: "S9 \(screens) screens × 8 bindings, 200 fields, 1 changes (connections)", operations: count,
                   reflow: connections, limit: limit))
        let subscriptions = measure(operations: count) {
            let store = Store(reducer: wideReducer, state: WideState())
            var firings = 0
            let all = (0..<screens).map { screen -> SubscriptionHandle in
                return store.subscribe({ wideScreenProps($0, screen: screen) }) { _ in firings += 1 }
            }
            firings = 0
            dispatches(store)
            precondition(firings == 2 * count, "S9s: \(firings) firings, expected \(2 * count)")
            blackHole &+= all.count
        }
        record(Row(scenario: "S9s the same screens as one subscribe per screen", operations: count, reflow: subscriptions,
                   limit: limit, note: "S9 / S9s = \(Table.format1(connections.median / subscriptions.median))×"))
    }
}

extension Store where State == HostedCounterState {
    /// Hosts the benchmark's reactor, whose state is not `Equatable`, at `counter`.
    func hostWithoutEquatableState(_ reactor: BenchCounterReactor) {
        host(reactor, at: \.counter)
    }
}
