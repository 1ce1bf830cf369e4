// The same scenarios through Reflow, ReSwift, ReactorKit and a ReRxSwift-style connection,
// each by its public API, with the same floor measured in this process.
//
//   swift run -c release PeersBenchmark            (see README.md for the peers' sources)

import Dispatch
import Foundation
import ReactorKit
import Reflow
import ReSwift
import RxRelay
import RxSwift

// MARK: - Measuring

/// Nanoseconds per operation: the median of five timed runs of `operations` operations,
/// after one run to warm up.
func measure(operations: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for round in 0..<6 {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        if round > 0 { samples.append(elapsed / Double(operations)) }
    }
    return samples.sorted()[samples.count / 2]
}

var blackHole = 0
var rows: [(scenario: String, library: String, nanoseconds: Double, floor: Double)] = []

func record(_ scenario: String, _ library: String, _ nanoseconds: Double, floor: Double) {
    rows.append((scenario, library, nanoseconds, floor))
}

// MARK: - State and actions, shared where the APIs allow

struct CounterState: Equatable {
    var count = 0
    var values = [Int](repeating: 0, count: 1_000)
}

struct Increase: Reflow.Action, ReSwift.Action {}
struct Bump: Reflow.Action, ReSwift.Action { var index: Int }

struct SmallState: Equatable { var count = 0 }

func reduceSmall(_ state: inout SmallState, _ action: Any) {
    if action is Increase { state.count += 1 }
}

func reduceInPlace(_ state: inout CounterState, _ action: Any) {
    switch action {
    case is Increase: state.count += 1
    case let bump as Bump: state.values[bump.index] += 1
    default: break
    }
}

func reSwiftReducer(action: ReSwift.Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    reduceInPlace(&state, action)
    return state
}

let reflowReducer = Reflow.Reducer<CounterState>
    .on(Increase.self) { state, _ in state.count += 1 }
    .on(Bump.self) { state, bump in state.values[bump.index] += 1 }

final class CountSubscriber: StoreSubscriber {
    var last = 0
    func newState(state: Int) { last = state }
}

// MARK: - Reactors

final class ReflowCounter: Reflow.Reactor {
    enum Action: Sendable { case increase }
    struct State { var count = 0 }
    let initialState = State()
    func reduce(state: State, mutation: Action) -> State { State(count: state.count + 1) }
}

final class ReactorKitCounter: ReactorKit.Reactor {
    enum Action { case increase }
    struct State { var count = 0 }
    let initialState = State()
    func mutate(action: Action) -> Observable<Action> { .just(action) }
    func reduce(state: State, mutation: Action) -> State { State(count: state.count + 1) }
}

// MARK: - Scenarios

MainActor.assumeIsolated {
    // The published scenario: 10,000 dispatches into a store with no subscribers, whose
    // state is one counter.
    let dispatches = 10_000
    let s1 = "10,000 dispatches, no subscribers, a counter"
    var floorCounter = SmallState()
    let floor1 = measure(operations: dispatches) {
        for _ in 0..<dispatches { reduceSmall(&floorCounter, Increase()) }
    }
    blackHole &+= floorCounter.count
    let reflowStore = Reflow.Store(reducer: Reflow.Reducer<SmallState>.on(Increase.self) { state, _ in state.count += 1 },
                                   state: SmallState())
    record(s1, "Reflow", measure(operations: dispatches) {
        for _ in 0..<dispatches { reflowStore.dispatch(Increase()) }
    }, floor: floor1)
    let reSwiftStore = ReSwift.Store<SmallState>(reducer: { action, state in
        var state = state ?? SmallState()
        reduceSmall(&state, action)
        return state
    }, state: nil)
    record(s1, "ReSwift", measure(operations: dispatches) {
        for _ in 0..<dispatches { reSwiftStore.dispatch(Increase()) }
    }, floor: floor1)

    // The same with a state of 1,000 values: a ReSwift reducer returns a new state, and
    // the store still holds the old one, so each action copies the array.
    let s1b = "10,000 dispatches, no subscribers, 1,000 values in the state"
    var floorState = CounterState()
    let floor1b = measure(operations: dispatches) {
        for _ in 0..<dispatches { reduceInPlace(&floorState, Increase()) }
    }
    blackHole &+= floorState.count
    let reflowLarge = Reflow.Store(reducer: reflowReducer, state: CounterState())
    record(s1b, "Reflow", measure(operations: dispatches) {
        for _ in 0..<dispatches { reflowLarge.dispatch(Increase()) }
    }, floor: floor1b)
    let reSwiftLarge = ReSwift.Store<CounterState>(reducer: reSwiftReducer, state: nil)
    record(s1b, "ReSwift", measure(operations: dispatches) {
        for _ in 0..<dispatches { reSwiftLarge.dispatch(Increase()) }
    }, floor: floor1b)

    // A store with 1,000 subscribers, each to one value; one value changes per dispatch.
    let subscribers = 1_000
    let s2dispatches = 2_000
    let s2 = "1,000 subscribers, 1 value changes"
    var floorValues = CounterState()
    let floor2 = measure(operations: s2dispatches) {
        for index in 0..<s2dispatches { reduceInPlace(&floorValues, Bump(index: index % subscribers)) }
    }
    let reflowValues = Reflow.Store(reducer: reflowReducer, state: CounterState())
    var handles: [SubscriptionHandle] = []
    for index in 0..<subscribers {
        handles.append(reflowValues.subscribe({ $0.values[index] }) { blackHole &+= $0 })
    }
    record(s2, "Reflow (closure selectors)", measure(operations: s2dispatches) {
        for index in 0..<s2dispatches { reflowValues.dispatch(Bump(index: index % subscribers)) }
    }, floor: floor2)
    handles.removeAll()
    let reflowIndexed = Reflow.Store(reducer: reflowReducer, state: CounterState())
    for index in 0..<subscribers {
        handles.append(reflowIndexed.subscribe(\.values, at: index) { blackHole &+= $0 })
    }
    record(s2, "Reflow (subscribe(_:at:))", measure(operations: s2dispatches) {
        for index in 0..<s2dispatches { reflowIndexed.dispatch(Bump(index: index % subscribers)) }
    }, floor: floor2)
    handles.removeAll()
    let reSwiftValues = ReSwift.Store<CounterState>(reducer: reSwiftReducer, state: nil)
    let reSwiftSubscribers = (0..<subscribers).map { _ in CountSubscriber() }
    for (index, subscriber) in reSwiftSubscribers.enumerated() {
        reSwiftValues.subscribe(subscriber) { $0.select { $0.values[index] } }
    }
    record(s2, "ReSwift (select, skip repeats)", measure(operations: s2dispatches) {
        for index in 0..<s2dispatches { reSwiftValues.dispatch(Bump(index: index % subscribers)) }
    }, floor: floor2)
    for subscriber in reSwiftSubscribers { reSwiftValues.unsubscribe(subscriber) }

    // 100 screens' connections to one store, one bound value each; one changes per dispatch.
    let screens = 100
    let s3 = "100 connections, 1 bound value changes"
    struct Props: Equatable { var value: Int }
    let reflowConnections = Reflow.Store(reducer: reflowReducer, state: CounterState())
    let connections = (0..<screens).map { index in
        let connection = Connection(store: reflowConnections, mapStateToProps: { Props(value: $0.values[index]) },
                                    mapDispatchToActions: { _ in () })
        connection.bind(\.value) { blackHole &+= $0 }
        connection.connect()
        return connection
    }
    record(s3, "Reflow Connection", measure(operations: s2dispatches) {
        for index in 0..<s2dispatches { reflowConnections.dispatch(Bump(index: index % screens)) }
    }, floor: floor2)
    withExtendedLifetime(connections) {}
    // ReRxSwift's Connection: a ReSwift subscriber that maps each state to props into a
    // BehaviorRelay; each binding is the relay's key path, distinct until changed.
    final class RxConnection: StoreSubscriber {
        let props: BehaviorRelay<Props>
        let map: (CounterState) -> Props
        init(initial: Props, map: @escaping (CounterState) -> Props) {
            props = BehaviorRelay(value: initial)
            self.map = map
        }
        func newState(state: CounterState) { props.accept(map(state)) }
    }
    let reRxStore = ReSwift.Store<CounterState>(reducer: reSwiftReducer, state: nil)
    let disposeBag = DisposeBag()
    let rxConnections = (0..<screens).map { index in
        let connection = RxConnection(initial: Props(value: 0), map: { Props(value: $0.values[index]) })
        connection.props.asObservable().map(\.value).distinctUntilChanged()
            .subscribe(onNext: { blackHole &+= $0 }).disposed(by: disposeBag)
        reRxStore.subscribe(connection)
        return connection
    }
    record(s3, "ReRxSwift-style (ReSwift + RxRelay)", measure(operations: s2dispatches) {
        for index in 0..<s2dispatches { reRxStore.dispatch(Bump(index: index % screens)) }
    }, floor: floor2)
    for connection in rxConnections { reRxStore.unsubscribe(connection) }

    // A reactor's action with a synchronous mutation, then its state read.
    let actions = 100_000
    let s4 = "reactor action, sync mutation, read state"
    // The floor: the reactor's reduce called directly.
    let reflowReactor = ReflowCounter()
    var floorCount = ReflowCounter.State()
    let floor4 = measure(operations: actions) {
        for _ in 0..<actions { floorCount = reflowReactor.reduce(state: floorCount, mutation: .increase) }
    }
    blackHole &+= floorCount.count
    record(s4, "Reflow Reactor", measure(operations: actions) {
        for _ in 0..<actions {
            reflowReactor.action.send(.increase)
            blackHole &+= reflowReactor.currentState.count
        }
    }, floor: floor4)
    let reactorKitReactor = ReactorKitCounter()
    _ = reactorKitReactor.state  // ReactorKit builds its pipeline on first use
    record(s4, "ReactorKit", measure(operations: actions) {
        for _ in 0..<actions {
            reactorKitReactor.action.onNext(.increase)
            blackHole &+= reactorKitReactor.currentState.count
        }
    }, floor: floor4)
}

// MARK: - Report

print("| scenario | library | ns per operation | × floor | × Reflow |")
print("|---|---|---:|---:|---:|")
for row in rows {
    let reflow = rows.first { $0.scenario == row.scenario && $0.library.hasPrefix("Reflow") }!.nanoseconds
    // A floor the optimizer folded away (under half a nanosecond) gives no ratio.
    let ratio = row.floor < 0.5 ? "–" : String(format: "%.1f×", row.nanoseconds / row.floor)
    print("| \(row.scenario) | \(row.library) | \(String(format: "%.1f", row.nanoseconds)) | "
          + "\(ratio) | \(String(format: "%.2f", row.nanoseconds / reflow))× |")
}
print("(floor: the reducer, or the mutation, called directly in a loop; blackHole \(blackHole % 10))")
