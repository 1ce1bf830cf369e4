import Reflow

// The states and actions the scenarios share. Shapes follow the issue exactly.

struct CounterState {
    var counter = 0
    var other: [Int] = Array(0..<100)
}

struct IncrementCounter: Action {}

struct ValuesState {
    var values: [Int]
}

struct BumpValue: Action { var index: Int }

struct Entity: Identifiable, Equatable {
    var id: Int
    var value: Int
}

struct EntityState {
    var entities: EntityCollection<Int, Entity>
}

struct BumpEntity: Action { var id: Int }

struct LogState {
    var items: [Int] = []
}

struct AppendItem: Action { var value: Int }

let counterReducer = Reducer<CounterState>.on(IncrementCounter.self) { state, _ in state.counter += 1 }
let valuesReducer = Reducer<ValuesState>.on(BumpValue.self) { state, action in state.values[action.index] += 1 }
let entityReducer = Reducer<EntityState>.on(BumpEntity.self) { state, action in
    state.entities.update(id: action.id) { $0.value += 1 }
}
let logReducer = Reducer<LogState>.on(AppendItem.self) { state, action in state.items.append(action.value) }

/// The same reducers in ReSwift's shape, for the naive baseline.
func naiveCounter(_ action: any Action, _ state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    if action is IncrementCounter { state.counter += 1 }
    return state
}

func naiveValues(_ action: any Action, _ state: ValuesState?) -> ValuesState {
    var state = state!
    if let bump = action as? BumpValue { state.values[bump.index] += 1 }
    return state
}

func naiveLog(_ action: any Action, _ state: LogState?) -> LogState {
    var state = state ?? LogState()
    if let append = action as? AppendItem { state.items.append(append.value) }
    return state
}

/// The seed's counter reactor, with a synchronous mutation.
final class BenchCounterReactor: Reactor {
    enum Action: Sendable { case increase }
    struct State { var value = 0; var label = "even" }
    let initialState = State()

    func reduce(state: State, mutation: Action) -> State {
        var state = state
        state.value += 1
        return state
    }
}

/// Keeps results alive so the optimizer cannot drop the work.
@MainActor var blackHole = 0
