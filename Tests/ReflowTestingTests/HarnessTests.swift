import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct HarnessTests {
    @Test func dispatchRecorder_testsMapDispatchToActions() {
        let recorder = DispatchRecorder()
        let actions = loginActions(recorder.dispatch)
        actions.typeUsername("ann")
        actions.login()
        #expect(recorder.actions.count == 2)
        #expect(recorder.actions(of: UsernameChanged.self) == [UsernameChanged(text: "ann")])
        #expect(recorder.actions(of: LoginTapped.self).count == 1)
        recorder.removeAll()
        #expect(recorder.actions.isEmpty)
    }

    @Test func propsRecorder_showsThatADispatchUpdatedOneKeyPathOnly() {
        let store = Store(reducer: loginReducer, state: LoginState())
        let connection = Connection(store: store, mapStateToProps: loginProps, mapDispatchToActions: loginActions)
        let recorder = PropsRecorder(connection)
        recorder.record(\.title)
        recorder.record(\.canSubmit)
        #expect(recorder.takeEmissions() == [#"\.title: "Log in""#, #"\.canSubmit: false"#])
        connection.connect()
        connection.actions.typeUsername("ann")
        #expect(recorder.takeEmissions() == [#"\.title: "Log in as ann""#])
        connection.actions.typePassword("pw")
        #expect(recorder.takeEmissions() == [#"\.canSubmit: true"#])
    }

    @Test func propsRecorder_worksForAStorelessConnectionDrivenBySetProps() {
        let connection = Connection<Void, LoginProps, LoginActions>(
            props: LoginProps(title: "Log in", canSubmit: false),
            actions: LoginActions(typeUsername: { _ in }, typePassword: { _ in }, login: {})
        )
        let recorder = PropsRecorder(connection)
        recorder.record(\.canSubmit)
        recorder.removeAll()
        connection.props.canSubmit = true
        connection.props.title = "ignored: not recorded"
        #expect(recorder.takeEmissions() == [#"\.canSubmit: true"#])
    }

    @Test func propsMapping_isAPureFunctionToTestDirectly() {
        #expect(loginProps(LoginState(username: "ann", password: "pw")) == LoginProps(title: "Log in as ann", canSubmit: true))
        #expect(loginProps(LoginState(username: "ann", password: "pw", isLoading: true)).canSubmit == false)
    }

    @Test func signalRecorder_recordsAReactorsStates() {
        let subject = SignalSubject<Int>()
        let recorder = SignalRecorder(subject.signal.seeded(with: 0))
        subject.send(1)
        subject.send(2)
        #expect(recorder.takeValues() == [0, 1, 2])
        recorder.cancel()
        subject.send(3)
        #expect(recorder.values.isEmpty)
    }

    @Test func signalRecorder_andTestClock_assertAReactorsStatesOverTime() async {
        let clock = TestClock()
        let reactor = DelayedCounter(clock: clock)
        let states = SignalRecorder(reactor.state)
        reactor.action.send(.increaseLater)
        #expect(states.values == [0])
        await clock.advance(by: .seconds(1))
        #expect(states.values == [0, 1])
        reactor.action.send(.increaseLater)
        await clock.advance(by: .milliseconds(999))
        #expect(states.values == [0, 1])
        await clock.advance(by: .milliseconds(1))
        #expect(states.values == [0, 1, 2])
    }

    @Test func testClock_wakesSleepersInDeadlineOrder_onlyWhenAdvanced() async {
        let clock = TestClock()
        let woke = SignalSubject<String>()
        let recorder = SignalRecorder(woke.signal)
        let store = Store(reducer: .empty, state: 0)
        for (name, delay) in [("late", 3), ("early", 1), ("middle", 2)] {
            store.run(.run { _ in
                try await clock.sleep(for: .seconds(delay))
                await woke.send(name)
            })
        }
        await clock.advance(by: .milliseconds(999))
        #expect(recorder.values.isEmpty)
        await clock.advance(by: .seconds(2))
        #expect(recorder.values == ["early", "middle"])
        await clock.run()
        #expect(recorder.values == ["early", "middle", "late"])
        #expect(clock.now.offset == .seconds(3))
    }

    @Test func testClock_cancelledSleeperThrows() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.advance(by: .zero)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }
}

// MARK: - Fixtures

/// Increases its value one second after being asked.
private final class DelayedCounter: Reactor {
    enum Action: Sendable { case increaseLater }
    enum Mutation: Sendable { case increase }
    let initialState = 0
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }
    func mutate(action: Action) -> Effect<Mutation> {
        .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.increase)
        }
    }
    func reduce(state: Int, mutation: Mutation) -> Int { state + 1 }
}

struct LoginProps: Equatable {
    var title: String
    var canSubmit: Bool
}

struct LoginActions {
    var typeUsername: (String) -> Void
    var typePassword: (String) -> Void
    var login: () -> Void
}

func loginProps(_ state: LoginState) -> LoginProps {
    LoginProps(
        title: state.username.isEmpty ? "Log in" : "Log in as \(state.username)",
        canSubmit: !state.username.isEmpty && !state.password.isEmpty && !state.isLoading
    )
}

@MainActor
func loginActions(_ dispatch: Dispatch) -> LoginActions {
    LoginActions(
        typeUsername: { dispatch(UsernameChanged(text: $0)) },
        typePassword: { dispatch(PasswordChanged(text: $0)) },
        login: { dispatch(LoginTapped()) }
    )
}
