import Testing
import Reflow

/// Compile-time proof of the concurrency contract: these values cross to effects and
/// global `let`s, so they must be `Sendable`. The test fails to build if one is not.
@Suite struct SendableTests {
    private func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func contractTypesAreSendable() {
        requireSendable(Reducer<AppState>.self)
        requireSendable(Dispatch.self)
        requireSendable(Middleware<AppState>.self)
        requireSendable(Effect<Int>.self)
        requireSendable(Send<Int>.self)
        requireSendable(EffectHandle.self)
        requireSendable(Pulse<Int>.self)
        requireSendable(ReactorMutation<CounterReactor>.self)
    }

    @Test @MainActor func reducerAndDispatchCrossATaskBoundary_andStillWork() async {
        let reducer = appReducer
        var dispatched: [String] = []
        let dispatch = Dispatch { dispatched.append("\(type(of: $0))") }
        let (movedReducer, movedDispatch) = await Task.detached { (reducer, dispatch) }.value
        var state = AppState()
        movedReducer.reduce(&state, Increment())
        movedDispatch(Increment())
        #expect(state.count == 1)
        #expect(dispatched == ["Increment"])
    }
}
