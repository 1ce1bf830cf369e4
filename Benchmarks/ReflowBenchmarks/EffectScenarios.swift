import Reflow

/// Twenty action types the effects of E1 are declared for, none of them dispatched.
private struct Other0: Action {}
private struct Other1: Action {}
private struct Other2: Action {}
private struct Other3: Action {}
private struct Other4: Action {}
private struct Other5: Action {}
private struct Other6: Action {}
private struct Other7: Action {}
private struct Other8: Action {}
private struct Other9: Action {}
private struct Other10: Action {}
private struct Other11: Action {}
private struct Other12: Action {}
private struct Other13: Action {}
private struct Other14: Action {}
private struct Other15: Action {}
private struct Other16: Action {}
private struct Other17: Action {}
private struct Other18: Action {}
private struct Other19: Action {}

@MainActor private let otherTypes: [any Action.Type] = [
    Other0.self, Other1.self, Other2.self, Other3.self, Other4.self, Other5.self, Other6.self,
    Other7.self, Other8.self, Other9.self, Other10.self, Other11.self, Other12.self, Other13.self,
    Other14.self, Other15.self, Other16.self, Other17.self, Other18.self, Other19.self,
]

@MainActor
extension Harness {
    /// E1: the cost effects add to an action they are not declared for; E2: a dispatch
    /// whose handler starts an effect; T1: a thunk that dispatches one action.
    mutating func effects(_ count: Int, only: String? = nil) {
        let action = IncrementCounter()
        if only == nil || only == "e1" {
        let declared = Effects.combine(otherTypes.map { type in
            Effects<CounterState>.on(type) { _, _ in .none }
        })
        let (withEffects, plain) = measureAlternating(operations: count, {
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [declared.middleware])
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= store.state.counter
        }, {
            let store = Store(reducer: counterReducer, state: CounterState())
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= store.state.counter
        })
        record(Row(scenario: "E1 dispatch, effects declared for 20 other types", operations: count,
                   reflow: withEffects, limit: plain, naive: nil, note: "limit: S1, the same dispatch without them"))
        }

        let plain = measure(operations: count) {
            let store = Store(reducer: counterReducer, state: CounterState())
            for _ in 0..<count { store.dispatch(action) }
            blackHole &+= store.state.counter
        }
        if only == nil || only == "e2" {
        let starting = Effects<CounterState>.on(IncrementCounter.self) { _, _ in .run { _ in } }
        let startCount = count / 20
        let starts = measure(operations: startCount) {
            let store = Store(reducer: counterReducer, state: CounterState(), middleware: [starting.middleware])
            for _ in 0..<startCount { store.dispatch(action) }
            store.cancelAllEffects()
            blackHole &+= store.state.counter
        }
        record(Row(scenario: "E2 dispatch that starts an effect", operations: startCount,
                   reflow: starts, limit: plain, naive: nil, note: "limit: S1, the same dispatch starting none"))
        }
        guard only == nil || only == "t1" else { return }

        let thunk = Thunk<CounterState> { dispatch, _ in dispatch(action) }
        let thunks = measure(operations: count) {
            let store = Store(reducer: counterReducer, state: CounterState())
            for _ in 0..<count { store.dispatch(thunk) }
            blackHole &+= store.state.counter
        }
        record(Row(scenario: "T1 dispatch of a thunk that dispatches one action", operations: count,
                   reflow: thunks, limit: plain, naive: nil, note: "limit: S1, the action dispatched directly"))
    }
}
