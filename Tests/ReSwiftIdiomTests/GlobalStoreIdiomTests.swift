import Foundation
import ReflowReSwift
import Testing

// A ReSwift app's global store as ReSwift's README writes it, which CI compiles in every
// build setting: a free reducer function (`@MainActor` under Xcode 26's default
// isolation), `Store<State>(reducer:state: nil)`, and the store used from a background
// queue's callback, as ReSwift's store can be.

struct CounterState {
    var count = 0
}

// `nonisolated`: a background callback makes it, and under default MainActor isolation its
// initializer would be main-actor isolated. Without default isolation the word changes
// nothing.
nonisolated struct IncreaseCounter: Action {}

func counterReducer(action: Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    if action is IncreaseCounter { state.count += 1 }
    return state
}

#if REFLOW_DEFAULT_MAIN_ACTOR
// Under default MainActor isolation a global is `@MainActor` unless it says otherwise; the
// store is `Sendable`, so it can say so.
nonisolated let mainStore = Store<CounterState>(reducer: counterReducer, state: nil)
#else
let mainStore = Store<CounterState>(reducer: counterReducer, state: nil)
#endif

@Suite struct GlobalStoreIdiomTests {
    @Test func theGlobalStore_takesActionsFromABackgroundQueue() async {
        let before = mainStore.state.count
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                mainStore.dispatch(IncreaseCounter())
                // ReSwift's rule: after dispatch returns, the state includes the action.
                precondition(mainStore.state.count == before + 1)
                done.resume()
            }
        }
        #expect(mainStore.state.count == before + 1)
    }
}
