import Foundation
import Reflow

final class FocusTimerReactor: Reactor {
    enum Action: Equatable {
        case start(minutes: Int)
        case stop
    }

    enum Mutation: Equatable {
        case setRemaining(Int)
        case setRunning(Bool)
    }

    struct State: Equatable {
        var remaining = 0
        var isRunning = false
    }

    let initialState = State()
    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .start(let minutes):
            let seconds = minutes * 60
            return .concat([
                .just(.setRunning(true)),
                .just(.setRemaining(seconds)),
                .run { [clock] send in
                    var left = seconds
                    while left > 0 {
                        try await clock.sleep(for: .seconds(1))
                        left -= 1
                        await send(.setRemaining(left))
                    }
                    await send(.setRunning(false))
                },
            ])
            .cancellable(id: "focus", cancelInFlight: true)
        case .stop:
            return .concat([
                .cancel(id: "focus"),
                .just(.setRunning(false)),
            ])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setRemaining(let seconds):
            state.remaining = seconds
        case .setRunning(let running):
            state.isRunning = running
        }
        return state
    }
}
