import Reflow

/// ReactorKit's counter: increase and decrease after a delay, a loading flag while it
/// waits, and a `@Pulse` alert after each change.
public final class CounterReactor: Reactor {
    public enum Action: Sendable, Equatable, Codable { case increase, decrease }

    public enum Mutation: Sendable, Equatable, Codable {
        case increaseValue
        case decreaseValue
        case setLoading(Bool)
        case setAlertMessage(String)
    }

    public struct State: Equatable, Codable, Sendable {
        public var value = 0
        public var isLoading = false
        /// Shown once per assignment, even when the same message comes twice.
        @Pulse public var alertMessage: String?

        public init() {}
    }

    public let initialState = State()
    private let clock: any Clock<Duration>
    private let delay: Duration

    /// A counter whose changes take `delay` on `clock` (a `TestClock` in tests).
    public init(clock: any Clock<Duration> = ContinuousClock(), delay: Duration = .milliseconds(500)) {
        self.clock = clock
        self.delay = delay
    }

    public func mutate(action: Action) -> Effect<Mutation> {
        let (change, message): (Mutation, String) = action == .increase
            ? (.increaseValue, "increased!") : (.decreaseValue, "decreased!")
        return .concat([
            .just(.setLoading(true)),
            .run { [clock, delay] send in
                try await clock.sleep(for: delay)
                await send(change)
            },
            .just(.setLoading(false)),
            .just(.setAlertMessage(message)),
        ])
    }

    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increaseValue: state.value += 1
        case .decreaseValue: state.value -= 1
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .setAlertMessage(let message): state.alertMessage = message
        }
        return state
    }
}
