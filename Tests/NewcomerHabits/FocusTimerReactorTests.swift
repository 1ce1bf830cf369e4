import Foundation
import Testing
import Reflow
import ReflowTesting

@MainActor
struct FocusTimerReactorTests {
    @Test func countsDownToZero() async {
        let clock = TestClock()
        let reactor = FocusTimerReactor(clock: clock)
        reactor.action.send(.start(minutes: 1))
        #expect(reactor.currentState == FocusTimerReactor.State(remaining: 60, isRunning: true))
        await clock.advance(by: .seconds(30))
        #expect(reactor.currentState.remaining == 30)
        await clock.advance(by: .seconds(30))
        #expect(reactor.currentState.remaining == 0)
        #expect(reactor.currentState.isRunning == false)
    }

    @Test func stopKeepsTheTimeLeft() async {
        let clock = TestClock()
        let reactor = FocusTimerReactor(clock: clock)
        let states = SignalRecorder(reactor.state.map(\.isRunning).distinctUntilChanged())
        reactor.action.send(.start(minutes: 2))
        await clock.advance(by: .seconds(10))
        reactor.action.send(.stop)
        await clock.advance(by: .seconds(10))
        #expect(reactor.currentState.remaining == 110)
        #expect(states.values == [false, true, false])
    }
}
