import Reflow

@MainActor
extension Harness {
    mutating func s1(_ count: Int) {
        let action = IncrementCounter()
        let reflow = measure(operations: count) {
            let store = Store(reducer: counterReducer, state: CounterState())
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= store.state.counter
        }
        let limit = measure(operations: count) {
            var state = CounterState()
            for _ in 0..<count { counterReducer.reduce(&state, action) }
            blackHole &+= state.counter
        }
        let naive = measure(operations: count) {
            let store = NaiveStore(state: CounterState(), reducer: naiveCounter)
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= store.state.counter
        }
        record(Row(scenario: "S1 dispatch, 0 subscribers", operations: count, reflow: reflow, limit: limit, naive: naive))
    }

    mutating func s2(_ count: Int, subscribers: Int = 1_000) {
        let action = IncrementCounter()
        let limit = measure(operations: count) {
            var state = CounterState()
            for _ in 0..<count { counterReducer.reduce(&state, action) }
            blackHole &+= state.counter
        }
        for keyPath in [false, true] {
            let reflow = measure(operations: count) {
                let store = Store(reducer: counterReducer, state: CounterState())
                var sink = 0
                let subscriptions = (0..<subscribers).map { _ in
                    keyPath ? store.subscribe(\.counter) { sink &+= $0 } : store.subscribe({ $0.counter }) { sink &+= $0 }
                }
                for _ in 0..<count { store.dispatch(action) }
                blackHole &+= sink + subscriptions.count
            }
            let naive = measure(operations: count) {
                let store = NaiveStore(state: CounterState(), reducer: naiveCounter)
                var sink = 0
                let subscriptions = (0..<subscribers).map { _ in store.subscribe({ $0.counter }) { sink &+= $0 } }
                for _ in 0..<count { store.dispatch(action) }
                blackHole &+= sink + subscriptions.count
            }
            let perSubscriber = Table.format1((reflow.median - limit.median) / Double(subscribers))
            record(Row(scenario: "S2 \(subscribers) subscribers, all fire (\(keyPath ? "key path" : "closure"))",
                       operations: count, reflow: reflow, limit: limit, naive: naive,
                       note: "\(perSubscriber) ns per subscriber"))
        }
    }

    /// S3: `subscribers` values, one subscriber each, one value changes per dispatch.
    @discardableResult
    mutating func s3(_ count: Int, subscribers: Int = 1_000, recordRows: Bool = true) -> (reflow: Double, naive: Double) {
        let initial = ValuesState(values: Array(repeating: 0, count: subscribers))
        let limit = measure(operations: count) {
            var state = initial
            for index in 0..<count { valuesReducer.reduce(&state, BumpValue(index: index % subscribers)) }
            blackHole &+= state.values[0]
        }
        var closureMedian = 0.0
        for variant in ["closures", "array and index", "key paths"] where recordRows || variant == "closures" {
            let reflow = measure(operations: count) {
                let store = Store(reducer: valuesReducer, state: initial)
                var sink = 0
                let subscriptions = (0..<subscribers).map { index in
                    switch variant {
                    case "array and index": store.subscribe(\.values, at: index) { sink &+= $0 }
                    case "key paths": store.subscribe(\.values[index]) { sink &+= $0 }
                    default: store.subscribe({ $0.values[index] }) { sink &+= $0 }
                    }
                }
                for index in 0..<count { store.dispatch(BumpValue(index: index % subscribers)) }
                blackHole &+= sink + subscriptions.count
            }
            if variant == "closures" { closureMedian = reflow.median }
            let naive = measure(operations: count) {
                let store = NaiveStore(state: initial, reducer: naiveValues)
                var sink = 0
                let subscriptions = (0..<subscribers).map { index in store.subscribe({ $0.values[index] }) { sink &+= $0 } }
                for index in 0..<count { store.dispatch(BumpValue(index: index % subscribers)) }
                blackHole &+= sink + subscriptions.count
            }
            if recordRows {
                record(Row(scenario: Harness.s3RowName(subscribers: subscribers, variant: variant),
                           operations: count, reflow: reflow, limit: limit, naive: naive,
                           note: "\(Table.format1(reflow.median / Double(subscribers))) ns per subscriber"))
            } else {
                return (reflow.median, naive.median)
            }
        }
        return (closureMedian, 0)
    }

    /// S3x: an entity collection of `entities`, one subscription per entity, one entity
    /// changes per dispatch.
    mutating func s3x(_ count: Int, entities: Int) -> Double {
        let initial = EntityState(entities: EntityCollection((0..<entities).map { Entity(id: $0, value: 0) }))
        let limit = measure(operations: count) {
            var state = initial
            for index in 0..<count { entityReducer.reduce(&state, BumpEntity(id: index % entities)) }
            blackHole &+= state.entities.count
        }
        let reflow = measure(operations: count) {
            let store = Store(reducer: entityReducer, state: initial)
            var sink = 0
            let subscriptions = (0..<entities).map { id in store.subscribe(id, in: \.entities) { sink &+= $0?.value ?? 0 } }
            for index in 0..<count { store.dispatch(BumpEntity(id: index % entities)) }
            blackHole &+= sink + subscriptions.count
        }
        let naiveInitial = ValuesState(values: Array(repeating: 0, count: entities))
        let naive = measure(operations: count) {
            let store = NaiveStore(state: naiveInitial, reducer: naiveValues)
            var sink = 0
            let subscriptions = (0..<entities).map { index in store.subscribe({ $0.values[index] }) { sink &+= $0 } }
            for index in 0..<count { store.dispatch(BumpValue(index: index % entities)) }
            blackHole &+= sink + subscriptions.count
        }
        record(Row(scenario: "S3x \(entities) entities, 1 changes", operations: count, reflow: reflow, limit: limit, naive: naive))
        return reflow.median
    }

    /// S4: appends to an array in state with one subscriber on its count; returns the ns
    /// per append for each tenth of the run.
    mutating func s4(_ count: Int, naiveCount: Int) -> [Double] {
        let chunk = count / 10
        var chunks: [Double] = []
        let clock = ContinuousClock()
        let reflow = measure(operations: count) {
            let store = Store(reducer: logReducer, state: LogState())
            var sink = 0
            let subscription = store.subscribe({ $0.items.count }) { sink = $0 }
            var times: [Double] = []
            for part in 0..<10 {
                let elapsed = clock.measure {
                    for value in (part * chunk)..<((part + 1) * chunk) { store.dispatch(AppendItem(value: value)) }
                }
                times.append(elapsed.nanoseconds / Double(chunk))
            }
            chunks = times
            blackHole &+= sink
            subscription.cancel()
        }
        let limit = measure(operations: count) {
            var state = LogState()
            for value in 0..<count { logReducer.reduce(&state, AppendItem(value: value)) }
            blackHole &+= state.items.count
        }
        let naive = measure(operations: naiveCount) {
            let store = NaiveStore(state: LogState(), reducer: naiveLog)
            var sink = 0
            let subscription = store.subscribe({ $0.items.count }) { sink = $0 }
            for value in 0..<naiveCount { store.dispatch(AppendItem(value: value)) }
            blackHole &+= sink + (subscription === subscription ? 0 : 1)
        }
        let ratio = Table.format1(chunks.last! / chunks.first!)
        record(Row(scenario: "S4 append to array in state, 1 subscriber", operations: count, reflow: reflow, limit: limit, naive: naive,
                   note: "last 10% / first 10% = \(ratio); naive ran \(naiveCount) appends (it copies the array each time)"))
        return chunks
    }
}
