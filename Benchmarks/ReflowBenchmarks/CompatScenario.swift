import Reflow
import ReflowReSwift

/// A ReSwift-style subscriber, as an app moved over with ReflowReSwift has them.
@MainActor
final class CompatSubscriber: @preconcurrency StoreSubscriber {
    var sink = 0
    func newState(state: Int) { sink &+= state }
}

extension Harness {
    /// C1: a dispatch through ReflowReSwift's ReSwift API (a ReSwift-shape reducer,
    /// `StoreSubscriber`s with `select`, automatic skip-repeats), next to the same work on
    /// a plain Reflow store (reported as the limit) and the ReSwift-style naive store.
    mutating func c1(_ count: Int, subscribers: Int = 10) {
        let action = IncrementCounter()
        let compat = measure(operations: count) {
            let store = ReflowReSwift.Store<CounterState>(reducer: naiveCounter, state: CounterState())
            let receivers = (0..<subscribers).map { _ in CompatSubscriber() }
            for receiver in receivers { store.subscribe(receiver) { $0.select(\.counter) } }
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= receivers.reduce(0) { $0 &+ $1.sink }
        }
        let plain = measure(operations: count) {
            let store = Store(reducer: counterReducer, state: CounterState())
            var sink = 0
            let subscriptions = (0..<subscribers).map { _ in store.subscribe(\.counter) { sink &+= $0 } }
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= sink + subscriptions.count
        }
        let naive = measure(operations: count) {
            let store = NaiveStore(state: CounterState(), reducer: naiveCounter)
            var sink = 0
            let subscribers = (0..<subscribers).map { _ in store.subscribe({ $0.counter }) { sink &+= $0 } }
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= sink + subscribers.count
        }
        record(Row(scenario: "C1 ReSwift API, \(subscribers) subscribers (select)", operations: count,
                   reflow: compat, limit: plain, naive: naive,
                   note: "limit here: a plain Reflow store with the same key-path subscriptions"))
    }
}
