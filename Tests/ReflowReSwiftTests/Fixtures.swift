import ReflowReSwift

// A ReSwift-style app: state, actions, reducer functions and subscribers, written as a
// ReSwift user writes them (only the import differs).

struct CounterState: StateType, Equatable {
    var count = 0
    var title = "Counter"
}

struct Increase: Action {}
struct Add: Action { var amount: Int }
struct Rename: Action { var title: String }
struct Noop: Action {}

func countReducer(action: any Action, state: Int?) -> Int {
    var state = state ?? 0
    switch action {
    case is Increase: state += 1
    case let add as Add: state += add.amount
    default: break
    }
    return state
}

func counterReducer(action: any Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    state.count = countReducer(action: action, state: state.count)
    if let rename = action as? Rename { state.title = rename.title }
    return state
}

/// Records what it receives.
final class Recorder<Value>: StoreSubscriber {
    var received: [Value] = []
    var onNewState: ((Value) -> Void)?

    func newState(state: Value) {
        received.append(state)
        onNewState?(state)
    }
}
