import Reflow

@MainActor
extension Harness {
    /// S5: bytes per subscription and per connection, measured as the growth of resident
    /// memory (`/proc/self/statm`) while `count` of them are alive. Run it alone
    /// (`ReflowBenchmarks s5`): memory that earlier scenarios freed is reused and hides growth.
    mutating func s5(_ count: Int) {
        let store = Store(reducer: valuesReducer, state: ValuesState(values: [0]))
        var before = residentBytes()
        var subscriptions: [SubscriptionHandle] = []
        subscriptions.reserveCapacity(count)
        let arrayBytes = count * MemoryLayout<SubscriptionHandle>.stride
        for _ in 0..<count { subscriptions.append(store.subscribe(\.values.count) { _ in }) }
        let perSubscription = Double(residentBytes() - before - arrayBytes) / Double(count)
        // Everything stays alive until the end: memory freed before a measurement would be
        // reused by it and hide its growth.

        before = residentBytes()
        var connections: [Connection<ValuesState, Int, Void>] = []
        connections.reserveCapacity(count)
        for _ in 0..<count {
            let connection = Connection(store: store, mapStateToProps: { $0.values.count }, mapDispatchToActions: { _ in () })
            connection.bind(\.self) { _ in }
            connections.append(connection)
        }
        let perConnection = Double(residentBytes() - before - arrayBytes) / Double(count)
        blackHole &+= connections.count

        // As a screen makes one: connected, its sink capturing the screen weakly, and the
        // array that holds the connections counted.
        final class Screen { var shown = 0 }
        let screen = Screen()
        before = residentBytes()
        var screens: [Connection<ValuesState, Int, Void>] = []
        for _ in 0..<count {
            let connection = Connection(store: store, mapStateToProps: { $0.values.count }, mapDispatchToActions: { _ in () })
            connection.bind(\.self) { [weak screen] in screen?.shown = $0 }
            connection.connect()
            screens.append(connection)
        }
        let perScreenConnection = Double(residentBytes() - before) / Double(count)
        blackHole &+= screens.count + screen.shown + connections.count + subscriptions.count
        let zero = Measurement(minimum: 0, median: 0)
        record(Row(scenario: "S5 memory", operations: count, reflow: zero,
                   note: "\(Int(perSubscription)) bytes per subscription; \(Int(perConnection)) bytes per connection with one binding; \(Int(perScreenConnection)) connected, its sink capturing a reference, array included (resident memory growth, /proc/self/statm)"))
    }

    /// S6: cancelling subscriptions while `existing` exist, in random order.
    mutating func s6(existing: Int, cancels: Int) {
        var generator = SplitMix(seed: 7)
        let victims = (0..<cancels).map { _ in Int(generator.next() % UInt64(existing)) }
        let reflow = measureCancels(cancels) {
            let store = Store(reducer: valuesReducer, state: ValuesState(values: [0]))
            let subscriptions = (0..<existing).map { _ in store.subscribe(\.values.count) { _ in } }
            return { for victim in victims { subscriptions[victim].cancel() } }
        }
        let naive = measureCancels(cancels) {
            let store = NaiveStore(state: ValuesState(values: [0]), reducer: naiveValues)
            let subscribers = (0..<existing).map { _ in store.subscribe({ $0.values.count }) { _ in } }
            return { for victim in victims { store.unsubscribe(subscribers[victim]) } }
        }
        record(Row(scenario: "S6 cancel 1 of \(existing)", operations: cancels, reflow: reflow, naive: naive))
    }

    /// Times only the part `setUp` returns, `repetitions` times.
    private func measureCancels(_ operations: Int, _ setUp: () -> () -> Void) -> Measurement {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0...repetitions {
            let run = setUp()
            samples.append(clock.measure(run).nanoseconds / Double(operations))
        }
        samples.removeFirst()
        samples.sort()
        return Measurement(minimum: samples[0], median: samples[samples.count / 2])
    }

    /// S7: `connections` connections, each reading its own slice with one key-path
    /// binding; one slice changes per dispatch.
    mutating func s7(_ count: Int, connections: Int = 1_000) {
        let initial = ValuesState(values: Array(repeating: 0, count: connections))
        let limit = measure(operations: count) {
            var state = initial
            for index in 0..<count { valuesReducer.reduce(&state, BumpValue(index: index % connections)) }
            blackHole &+= state.values[0]
        }
        for variant in ["mapStateToProps", "slice at index", "slice key path"] {
            let reflow = measure(operations: count) {
                let store = Store(reducer: valuesReducer, state: initial)
                var sink = 0
                let all = (0..<connections).map { index in
                    let connection = switch variant {
                    case "slice at index":
                        Connection(store: store, slice: \.values, at: index, mapSliceToProps: { SliceProps(value: $0) },
                                   mapDispatchToActions: { _ in () })
                    case "slice key path":
                        Connection(store: store, slice: \.values[index], mapSliceToProps: { SliceProps(value: $0) },
                                   mapDispatchToActions: { _ in () })
                    default:
                        Connection(store: store, mapStateToProps: { SliceProps(value: $0.values[index]) },
                                   mapDispatchToActions: { _ in () })
                    }
                    connection.bind(\.value) { sink &+= $0 }
                    connection.connect()
                    return connection
                }
                for index in 0..<count { store.dispatch(BumpValue(index: index % connections)) }
                blackHole &+= sink + all.count
            }
            record(Row(scenario: Harness.s7RowName(connections: connections, variant: variant),
                       operations: count, reflow: reflow, limit: limit,
                       note: "\(Table.format1(reflow.median / Double(connections))) ns per connection"))
        }
    }

    /// R1 and R2: actions through a standalone reactor with a synchronous mutation.
    mutating func reactors(_ count: Int, subscribedCount: Int, subscribers: Int = 1_000, r1 runsR1: Bool, r2 runsR2: Bool) {
        let limit = measure(operations: count) {
            let reactor = BenchCounterReactor()
            var state = reactor.initialState
            for _ in 0..<count { state = reduceOpaquely(reactor, state) }
            blackHole &+= state.value
        }
        if runsR1 { reactorR1(count, limit: limit) }
        if runsR2 { reactorR2(subscribedCount, subscribers: subscribers, limit: limit) }
    }

    mutating func reactorR1(_ count: Int, limit: Measurement) {
        let r1 = measure(operations: count) {
            let reactor = BenchCounterReactor()
            var sink = 0
            for _ in 0..<count {
                reactor.action.send(.increase)
                sink &+= reactor.currentState.value
            }
            blackHole &+= sink
        }
        record(Row(scenario: "R1 reactor, sync mutation, read currentState", operations: count, reflow: r1, limit: limit))
    }

    mutating func reactorR2(_ subscribedCount: Int, subscribers: Int, limit: Measurement) {
        let r2 = measure(operations: subscribedCount) {
            let reactor = BenchCounterReactor()
            var sink = 0
            let subscriptions = (0..<subscribers).map { _ in
                reactor.state.map(\.value).distinctUntilChanged().subscribe { sink &+= $0 }
            }
            for _ in 0..<subscribedCount { reactor.action.send(.increase) }
            blackHole &+= sink + subscriptions.count
        }
        record(Row(scenario: "R2 reactor, \(subscribers) state subscribers", operations: subscribedCount, reflow: r2, limit: limit,
                   note: "\(Table.format1(r2.median / Double(subscribers))) ns per subscriber"))
    }
}

struct SliceProps: Equatable { var value: Int }

/// One call of the reactor's reduce that the optimizer cannot fold across iterations, so
/// the limit measures a real call per action.
@MainActor @inline(never)
func reduceOpaquely(_ reactor: BenchCounterReactor, _ state: BenchCounterReactor.State) -> BenchCounterReactor.State {
    reactor.reduce(state: state, mutation: .increase)
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
