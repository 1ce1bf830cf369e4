import Testing
import Reflow
import ReflowTesting

/// A reactor whose `concat` goes on after an effect that sleeps: `.just`, `.run`, `.just`.
private final class SleepThenFinish: Reactor {
    enum Action { case go }
    enum Mutation { case started, woke, finished }
    struct State { var log: [String] = [] }

    let initialState = State()
    let clock: TestClock

    init(clock: TestClock) { self.clock = clock }

    func mutate(action: Action) -> Effect<Mutation> {
        .concat([
            .just(.started),
            .run { [clock] send in
                try await clock.sleep(for: .milliseconds(1))
                await send(.woke)
            },
            .just(.finished),
        ])
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        state.log.append("\(mutation)")
        return state
    }
}

/// `TestClock.advance(by:)` returns only after what the woken effect set off has run,
/// including the rest of its `concat` (the README's counter test). Run many times, since a
/// missed hop shows only in some orders of the main queue.
@MainActor
@Suite struct ConcatTailSettleTests {
    @Test(arguments: 0..<200) func advance_runsTheRestOfTheConcat(_ attempt: Int) async {
        let clock = TestClock()
        let reactor = SleepThenFinish(clock: clock)
        reactor.action.send(.go)
        await clock.advance(by: .milliseconds(1))
        #expect(reactor.currentState.log == ["started", "woke", "finished"], "attempt \(attempt)")
    }
}
