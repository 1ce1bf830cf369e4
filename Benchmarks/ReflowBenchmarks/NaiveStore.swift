/// The naive baseline: a store written the way ReSwift works. The reducer is
/// `(Action, State?) -> State`, subscribers live in an array, and each one runs its
/// selector on every dispatch and compares old and new values.
@MainActor
final class NaiveStore<State> {
    private(set) var state: State
    private let reducer: (any Action, State?) -> State
    private var subscribers: [NaiveSubscriber<State>] = []

    init(state: State, reducer: @escaping (any Action, State?) -> State) {
        self.state = state
        self.reducer = reducer
    }

    func dispatch(_ action: any Action) {
        let old = state
        state = reducer(action, state)
        for subscriber in subscribers { subscriber.newState(old, state) }
    }

    func subscribe<Value: Equatable>(_ select: @escaping (State) -> Value, _ onChange: @escaping (Value) -> Void) -> NaiveSubscriber<State> {
        let subscriber = NaiveSubscriber<State> { old, new in
            let newValue = select(new)
            if select(old) != newValue { onChange(newValue) }
        }
        subscribers.append(subscriber)
        onChange(select(state))
        return subscriber
    }

    func unsubscribe(_ subscriber: NaiveSubscriber<State>) {
        // ReSwift scans its subscriptions to remove one.
        subscribers.removeAll { $0 === subscriber }
    }
}

@MainActor
final class NaiveSubscriber<State> {
    let newState: (State, State) -> Void
    init(_ newState: @escaping (State, State) -> Void) { self.newState = newState }
}

import Reflow
