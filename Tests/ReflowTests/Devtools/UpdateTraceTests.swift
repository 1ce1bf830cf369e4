import Testing
import Reflow
import ReflowDevtools

private struct TraceState: Equatable {
    var count = 0
    var title = "Untitled"
    var rows = [1, 2, 3]
    var counter = CounterReactor.State()
}

private struct Bump: Action, Equatable {}
private struct Retitle: Action, Equatable { var title: String }
private struct SetRow: Action, Equatable { var index: Int; var value: Int }

/// Each action's reducer is scoped to the part it writes, so a notification can skip the
/// observers of the other parts, traced or not.
private let traceReducer = Reducer<TraceState>.combine(
    Reducer<Int>.on(Bump.self) { count, _ in count += 1 }.scope(\TraceState.count),
    Reducer<String>.on(Retitle.self) { title, action in title = action.title }.scope(\TraceState.title),
    Reducer<[Int]>.on(SetRow.self) { rows, action in rows[action.index] = action.value }.scope(\TraceState.rows)
)

private struct TitleProps: Equatable { var title: String }
private struct CountProps: Equatable { var count: Int }
/// Props that are not `Equatable`: the connection compares nothing as a whole.
private struct RowsProps { var rows: [Int]; var title: String }

@MainActor
@Suite struct UpdateTraceTests {
    @Test func observersMadeBeforeTracing_areTraced_numberedWhenFirstSeen() {
        let store = Store(reducer: traceReducer, state: TraceState())
        let titleSubscription = store.subscribe(\.title) { _ in }
        let lengthSubscription = store.subscribe({ $0.title.count }) { _ in }
        let connection = Connection(store: store, mapStateToProps: { TitleProps(title: $0.title) },
                                    mapDispatchToActions: { _ in () })
        connection.bind(\.title) { _ in }
        connection.connect()
        let sliceConnection = Connection(store: store, slice: \.title, mapSliceToProps: { TitleProps(title: $0) },
                                         mapDispatchToActions: { _ in () })
        sliceConnection.bind(\.title) { _ in }
        sliceConnection.connect()

        let history = History<TraceState>()
        history.attach(to: store)
        history.isTracing = true
        store.dispatch(Retitle(title: "Hello"))

        let trace = history.entries[0].trace
        #expect(trace?.evaluated == [
            "subscription 1 (\\TraceState.title)", "subscription 2 (closure)",
            "Connection 3 (TitleProps)", "Connection 4 (TitleProps)",
        ])
        #expect(trace?.fired == [
            "subscription 1 (\\TraceState.title)", "subscription 2 (closure)",
            "Connection 3 (TitleProps)", "Connection 3 (TitleProps) → \\.title",
            "Connection 4 (TitleProps)", "Connection 4 (TitleProps) → \\.title",
        ])
        // Names stay with their observers.
        store.dispatch(Retitle(title: "World"))   // as long as "Hello": the closure does not fire
        #expect(history.entries[1].trace?.evaluated == trace?.evaluated)
        #expect(history.entries[1].trace?.fired == ["subscription 1 (\\TraceState.title)", "Connection 3 (TitleProps)",
                                                     "Connection 3 (TitleProps) → \\.title", "Connection 4 (TitleProps)",
                                                     "Connection 4 (TitleProps) → \\.title"])
        titleSubscription.cancel()
        lengthSubscription.cancel()
    }

    @Test func aTracedNotification_skipsWhatAnUntracedOneSkips() {
        let store = Store(reducer: traceReducer, state: TraceState())
        let history = History<TraceState>()
        history.isTracing = true
        history.attach(to: store)
        var counts: [Int] = []
        let countSubscription = store.subscribe(\.count) { counts.append($0) }
        let rowSubscription = store.subscribe(\.rows, at: 1) { _ in }
        let connection = Connection(store: store, slice: \.count, mapSliceToProps: { CountProps(count: $0) },
                                    mapDispatchToActions: { _ in () })
        connection.connect()

        store.dispatch(Retitle(title: "Hello"))     // writes only the title: nobody is evaluated
        #expect(history.entries[0].trace?.evaluated == [])
        #expect(history.entries[0].trace?.fired == [])

        store.dispatch(SetRow(index: 1, value: 20))  // the row's subscription only
        let rowPath: KeyPath<TraceState, Int> = (\TraceState.rows).appending(path: \[Int].[1])
        let rowLabel = "subscription 2 (\(rowPath))"
        #expect(history.entries[1].trace?.evaluated == [rowLabel])
        #expect(history.entries[1].trace?.fired == [rowLabel])

        store.dispatch(Bump())
        #expect(history.entries[2].trace?.evaluated == ["subscription 1 (\\TraceState.count)", "Connection 3 (CountProps)"])
        #expect(history.entries[2].trace?.fired == ["subscription 1 (\\TraceState.count)", "Connection 3 (CountProps)"])
        #expect(counts == [0, 1])
        countSubscription.cancel()
        rowSubscription.cancel()
    }

    @Test func aHostedReactorsSlice_isNamedAfterItsReactor() {
        let store = Store(reducer: traceReducer, state: TraceState())
        let history = History<TraceState>()
        history.isTracing = true
        history.attach(to: store)
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        reactor.action.send(.decrease)
        let trace = history.entries[0].trace
        #expect(trace?.evaluated == ["subscription 1 (CounterReactor's slice)"])
        #expect(trace?.fired == ["subscription 1 (CounterReactor's slice)"])
    }

    @Test func anUntracedStoreNotifiedInsideATracedOne_addsNothingToTheTrace() {
        let traced = Store(reducer: traceReducer, state: TraceState())
        let other = Store(reducer: traceReducer, state: TraceState())
        let history = History<TraceState>()
        history.isTracing = true
        history.attach(to: traced)
        var otherCounts: [Int] = []
        let otherSubscription = other.subscribe(\.count) { otherCounts.append($0) }
        let otherConnection = Connection(store: other, mapStateToProps: { CountProps(count: $0.count) },
                                         mapDispatchToActions: { _ in () })
        otherConnection.bind(\.count) { _ in }
        otherConnection.connect()
        // A subscriber of the traced store dispatches to the other store during the pass.
        let forward = traced.subscribe(\.count) { _ in other.dispatch(Bump()) }
        let after = traced.subscribe({ $0.count * 2 }) { _ in }

        traced.dispatch(Bump())
        #expect(otherCounts == [0, 1, 2])
        #expect(history.entries[0].trace?.evaluated == ["subscription 1 (\\TraceState.count)", "subscription 2 (closure)"])
        #expect(history.entries[0].trace?.fired == ["subscription 1 (\\TraceState.count)", "subscription 2 (closure)"])
        forward.cancel()
        after.cancel()
        otherSubscription.cancel()
    }

    /// Watching belongs to the store it watches: a traced store notified inside another
    /// store's notification, traced or not, is traced by its own history, and each trace
    /// lists its own store's observers only.
    @Test func aTracedStoreNotifiedInsideAnotherOne_isTracedByItsOwnHistoryOnly() {
        let outer = Store(reducer: traceReducer, state: TraceState())
        let inner = Store(reducer: traceReducer, state: TraceState())
        let innerHistory = History<TraceState>()
        innerHistory.isTracing = true
        innerHistory.attach(to: inner)
        let innerSubscription = inner.subscribe(\.count) { _ in }
        let innerConnection = Connection(store: inner, slice: \.count, mapSliceToProps: { CountProps(count: $0) },
                                         mapDispatchToActions: { _ in () })
        var innerCounts: [Int] = []
        innerConnection.bind(\.count) { innerCounts.append($0) }
        innerConnection.connect()
        // A subscriber of the outer store dispatches to the inner one during the pass.
        let forward = outer.subscribe(\.count) { count in if count > 0 { inner.dispatch(Bump()) } }

        outer.dispatch(Bump())  // the outer store is not traced
        let outerHistory = History<TraceState>()
        outerHistory.isTracing = true
        outerHistory.attach(to: outer)
        let outerConnection = Connection(store: outer, mapStateToProps: { CountProps(count: $0.count) },
                                         mapDispatchToActions: { _ in () })
        outerConnection.bind(\.count) { _ in }
        outerConnection.connect()
        outer.dispatch(Bump())  // now it is

        #expect(innerCounts == [0, 1, 2])
        let innerTraces = innerHistory.entries.map(\.trace)
        #expect(innerTraces.count == 2)
        // Named in the order each history first met them.
        #expect(innerTraces[0]?.fired == ["subscription 1 (\\TraceState.count)", "Connection 2 (CountProps)",
                                          "Connection 2 (CountProps) → \\.count"])
        #expect(innerTraces[0]?.fired == innerTraces[1]?.fired && innerTraces[0]?.evaluated == innerTraces[1]?.evaluated)
        #expect(outerHistory.entries[0].trace?.fired == ["subscription 2 (\\TraceState.count)", "Connection 1 (CountProps)",
                                                         "Connection 1 (CountProps) → \\.count"])
        #expect(outerHistory.entries[0].trace?.evaluated == ["subscription 2 (\\TraceState.count)", "Connection 1 (CountProps)"])
        forward.cancel()
        innerSubscription.cancel()
    }

    /// Every kind of binding is traced: to a closure, to an object's property, and of an
    /// array compared element by element; so is a connection whose props are not
    /// `Equatable`, which has a store observer of its own.
    @Test func everyBindingKind_andAConnectionWithoutEquatableProps_areTraced() {
        let store = Store(reducer: traceReducer, state: TraceState())
        let history = History<TraceState>()
        history.isTracing = true
        history.attach(to: store)
        let connection = Connection(store: store, mapStateToProps: { RowsProps(rows: $0.rows, title: $0.title) },
                                    mapDispatchToActions: { _ in () })
        let label = LoggingLabel { _ in }
        var rows: [[Int]] = []
        connection.bind(\.title, to: label, \.text)
        connection.bind(\.rows, to: { rows.append($0) }, isEqual: ==)
        connection.connect()

        store.dispatch(SetRow(index: 0, value: 9))
        store.dispatch(Retitle(title: "A"))
        #expect(rows == [[1, 2, 3], [9, 2, 3]] && label.text == "A")
        #expect(history.entries[0].trace?.fired == ["Connection 1 (RowsProps)", "Connection 1 (RowsProps) → \\.rows"])
        #expect(history.entries[1].trace?.fired == ["Connection 1 (RowsProps)", "Connection 1 (RowsProps) → \\.title"])
        #expect(history.entries[1].trace?.evaluated == ["Connection 1 (RowsProps)"])
    }

    @Test func tracingOff_recordsNoTrace_andTheStoreStillNotifies() {
        let store = Store(reducer: traceReducer, state: TraceState())
        let history = History<TraceState>()
        history.isTracing = true
        history.attach(to: store)
        var titles: [String] = []
        let subscription = store.subscribe(\.title) { titles.append($0) }
        store.dispatch(Retitle(title: "A"))
        history.isTracing = false
        store.dispatch(Retitle(title: "B"))
        #expect(history.entries[0].trace != nil && history.entries[1].trace == nil)
        #expect(titles == ["Untitled", "A", "B"])
        subscription.cancel()
    }
}

/// Seeded random programs run twice, on a store that is traced (tracing turned on and off
/// at random points) and on one that is not: every observer must see exactly the same
/// values, so tracing follows the path that runs without it and changes nothing.
@MainActor
@Suite struct UpdateTraceModelTests {
    @Test func tracing_neverChangesWhatObserversSee() {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 300))) {
            let plain = run(seed: seed, traced: false)
            let traced = run(seed: seed, traced: true)
            #expect(plain.log == traced.log, "seed \(seed)")
            #expect(traced.untrueTraces == 0, "seed \(seed)")
        }
    }

    /// Runs one program; in the traced run, also counts the traced dispatches whose trace
    /// does not list exactly the sinks that ran (a subscription's or a binding's).
    private func run(seed: UInt64, traced: Bool) -> (log: [String], untrueTraces: Int) {
        var random = SeededRandom(seed: seed)
        let store = Store(reducer: traceReducer, state: TraceState())
        let history = History<TraceState>()
        if traced { history.attach(to: store) }
        var log: [String] = []
        var subscriptions: [SubscriptionHandle] = []
        var connections: [Connection<TraceState, TitleProps, Void>] = []
        var labels: [LoggingLabel] = []
        var untrueTraces = 0
        for step in 0..<40 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                let action: any Action = switch Int.random(in: 0..<3, using: &random) {
                case 0: Bump()
                case 1: Retitle(title: ["a", "b", "c"].randomElement(using: &random)!)
                default: SetRow(index: Int.random(in: 0..<3, using: &random), value: Int.random(in: 0..<3, using: &random))
                }
                let logged = log.count
                store.dispatch(action)
                if traced, history.isTracing, let trace = history.entries.last?.trace {
                    // A connection fires, then its bindings' sinks: those and subscriptions log.
                    let sinks = trace.fired.filter { !$0.hasPrefix("Connection") || $0.contains("→") }
                    if sinks.count != log.count - logged { untrueTraces += 1 }
                }
            case 3:
                let id = step
                switch Int.random(in: 0..<4, using: &random) {
                case 0: subscriptions.append(store.subscribe(\.count) { log.append("s\(id) count \($0)") })
                case 1: subscriptions.append(store.subscribe({ $0.title.count }) { log.append("s\(id) length \($0)") })
                case 2: subscriptions.append(store.subscribe(\.rows, at: 2) { log.append("s\(id) row \($0)") })
                default: subscriptions.append(store.subscribe(\.title) { log.append("s\(id) title \($0)") })
                }
            case 4:
                let id = step
                let connection = Bool.random(using: &random)
                    ? Connection(store: store, mapStateToProps: { TitleProps(title: $0.title) }, mapDispatchToActions: { _ in () })
                    : Connection(store: store, slice: \.title, mapSliceToProps: { TitleProps(title: $0) },
                                 mapDispatchToActions: { _ in () })
                if Bool.random(using: &random) {
                    connection.bind(\.title) { log.append("c\(id) \($0)") }
                } else {
                    // A binding to an object's property, which logs what it is given.
                    let label = LoggingLabel { log.append("c\(id) \($0)") }
                    labels.append(label)
                    connection.bind(\.title, to: label, \.text)
                }
                connection.connect()
                connections.append(connection)
            case 5:
                if !subscriptions.isEmpty {
                    subscriptions.remove(at: Int.random(in: 0..<subscriptions.count, using: &random)).cancel()
                }
            case 6:
                if !connections.isEmpty {
                    let connection = connections[Int.random(in: 0..<connections.count, using: &random)]
                    if connection.isConnected { connection.disconnect() } else { connection.connect() }
                }
            case 7:
                if !connections.isEmpty { connections.remove(at: Int.random(in: 0..<connections.count, using: &random)) }
            default:
                // Only the traced run turns tracing on and off; the draw happens in both.
                let on = Bool.random(using: &random)
                if traced { history.isTracing = on }
            }
        }
        subscriptions.forEach { $0.cancel() }
        labels.removeAll()
        return (log, untrueTraces)
    }
}

/// An object whose `text` logs each value written to it.
@MainActor
private final class LoggingLabel {
    let didSet: (String) -> Void
    var text = "" { didSet { didSet(text) } }

    init(didSet: @escaping (String) -> Void) {
        self.didSet = didSet
    }
}
