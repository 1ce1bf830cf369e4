import Reflow

// The smallest Reflow app: state, actions, a reducer, a store, a subscription.

struct CounterState { var count = 0 }
struct Increment: Action {}
struct Decrement: Action {}

let counterReducer = Reducer<CounterState>
    .on(Increment.self) { state, _ in state.count += 1 }
    .on(Decrement.self) { state, _ in state.count -= 1 }

@MainActor
func runCounter() {
    let store = Store(reducer: counterReducer, state: CounterState())
    let subscription = store.subscribe(\.count) { print("count: \($0)") }
    store.dispatch(Increment())
    store.dispatch(Increment())
    store.dispatch(Decrement())
    subscription.cancel()
}

await MainActor.run { runCounter() }
