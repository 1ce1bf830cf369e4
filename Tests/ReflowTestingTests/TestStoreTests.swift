import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct TestStoreTests {
    // The login reducer, one event each, as the seed's tests read.

    @Test func usernameChanged() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        await store.send(UsernameChanged(text: "ann")) { $0.username = "ann" }
    }

    @Test func passwordChanged() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        await store.send(PasswordChanged(text: "secret")) { $0.password = "secret" }
    }

    @Test func loginTapped_startsLoading_clearsError() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(error: "old"))
        await store.send(LoginTapped()) {
            $0.isLoading = true
            $0.error = nil
        }
    }

    @Test func loginSucceeded_storesData() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(isLoading: true))
        await store.send(LoginSucceeded(data: "t")) {
            $0.isLoading = false
            $0.data = "t"
        }
    }

    @Test func loginFailed_storesError() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(isLoading: true))
        await store.send(LoginFailed(error: "nope")) {
            $0.isLoading = false
            $0.error = "nope"
        }
    }

    @Test func wholeLogin_withEffect_receivesResult() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(UsernameChanged(text: "ann")) { $0.username = "ann" }
        await store.send(PasswordChanged(text: "pw")) { $0.password = "pw" }
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.receive(LoginSucceeded(data: "token for ann")) {
            $0.isLoading = false
            $0.data = "token for ann"
        }
        await store.finish()
    }

    @Test func receiveByType() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.receive(LoginFailed.self) {
            $0.isLoading = false
            $0.error = "wrong password"
        }
        await store.finish()
    }

    @Test func nonExhaustive_checksOnlyWhatIsDescribed_skipsUnassertedActions() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        store.exhaustivity = .off
        await store.send(UsernameChanged(text: "ann"))
        await store.send(PasswordChanged(text: "pw"))
        await store.send(LoginTapped())
        await store.receive(LoginSucceeded.self) { $0.data = "token for ann" }
        await store.finish()
    }

    // MARK: Failures: the whole message, where it points, and exactly one of each

    @Test func undescribedChange_fails_sayingToDescribeIt() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        let line = #line + 1
        let reported = await failures { await store.send(UsernameChanged(text: "ann")) }
        #expect(reported == [RecordedFailure(message: """
            State after sending UsernameChanged(text: "ann") is not as expected. \
            The state changed, but no change was described: pass an assert closure that describes it.
            (Expected: −, Actual: +)
              − .username: ""
              + .username: "ann"
            """, line: line, fileID: #fileID)])
    }

    @Test func wronglyDescribedChange_fails_withMinimalDiff() async {
        var big = LoginState()
        big.data = String(repeating: "x", count: 50)
        let store = TestStore(reducer: loginReducer, state: big)
        let line = #line + 1
        let reported = await failures { await store.send(PasswordChanged(text: "right")) { $0.password = "wrong" } }
        #expect(reported == [RecordedFailure(message: """
            State after sending PasswordChanged(text: "right") is not as expected. \
            The state after sending differs from the description.
            (Expected: −, Actual: +)
              − .password: "wrong"
              + .password: "right"
            """, line: line, fileID: #fileID)])
    }

    @Test func unassertedReceivedAction_failsAtFinish() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.store.waitForEffects()
        let line = #line + 1
        let reported = await failures { await store.finish() }
        #expect(reported == [RecordedFailure(message: """
            1 received action(s) were not asserted:
              LoginFailed(error: "wrong password")
            Assert them with receive(_:), or set exhaustivity = .off.
            """, line: line, fileID: #fileID)])
    }

    @Test func sendingWithUnassertedReceivedActions_fails_once() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        let line = #line + 1
        let reported = await failures { await store.send(UsernameChanged(text: "ann")) { $0.username = "ann" } }
        #expect(reported == [RecordedFailure(message: """
            Must handle 1 received action(s) before sending UsernameChanged(text: "ann"):
              LoginFailed(error: "wrong password")
            Assert them with receive(_:), or set exhaustivity = .off.
            """, line: line, fileID: #fileID)])
    }

    @Test func receivingTheWrongAction_fails_once() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        let line = #line + 1
        let reported = await failures { await store.receive(LoginSucceeded(data: "t")) }
        #expect(reported == [RecordedFailure(message: """
            Expected to receive LoginSucceeded(data: "t"), but received LoginFailed(error: "wrong password").
            """, line: line, fileID: #fileID)])
    }

    @Test func effectStillRunning_failsAtFinish_andIsCancelled() async {
        let clock = TestClock()
        let store = TestStore(reducer: loginReducer, state: LoginState())
        store.run(.run { send in
            try await clock.sleep(for: .seconds(60))
            await send(LoginTapped())
        })
        let line = #line + 1
        let reported = await failures { await store.finish(timeout: .milliseconds(20)) }
        #expect(reported == [RecordedFailure(message: """
            1 effect(s) still running after 0.02 seconds. Cancel them (Effect.cancel(id:)), \
            advance the TestClock they sleep on, or set exhaustivity = .off.
            """, line: line, fileID: #fileID)])
        await store.store.waitForEffects()
        #expect(store.store.runningEffectCount == 0)
        #expect(clock.sleeperCount == 0)
    }

    @Test func receive_withNoEffectRunning_failsAtOnce() async {
        // A timeout of a year: had `receive` waited for it, this test would never end and the
        // run's time limit would fail it. No clock is read here, so a loaded machine cannot.
        let store = TestStore(reducer: loginReducer, state: LoginState())
        let line = #line + 1
        let reported = await failures { await store.receive(LoginTapped(), timeout: .seconds(365 * 86_400)) }
        #expect(reported == [RecordedFailure(message: """
            Expected to receive LoginTapped(), but no effect or debounce/throttle timer is running that could send it.
            """, line: line, fileID: #fileID)])
    }

    @Test func receive_fromAnEffectWaitingOnTheClock_failsAfterTheTimeout_sayingToAdvance() async {
        let clock = TestClock()
        let store = TestStore(reducer: loginReducer, state: LoginState())
        store.run(.run { send in
            try await clock.sleep(for: .seconds(1))
            await send(LoginTapped())
        })
        let line = #line + 1
        let reported = await failures { await store.receive(LoginTapped(), timeout: .milliseconds(10)) }
        #expect(reported == [RecordedFailure(message: """
            Expected to receive LoginTapped(), but 1 effect(s) still running did not send it within \
            0.01 seconds; if they sleep on a TestClock, advance it.
            """, line: line, fileID: #fileID)])
        await clock.advance(by: .seconds(1))
        await store.receive(LoginTapped()) { $0.isLoading = true }
        await store.finish()
    }
}

// MARK: - Hosted reactors

/// A test store hosts a reactor, sends it actions through the store, and asserts its
/// mutations by value.
@MainActor
@Suite struct TestStoreReactorTests {
    @Test func hostedReactor_actionSent_mutationsReceivedByValue() async {
        let store = TestStore(reducer: Reducer<ScreenState> { _, _ in }, state: ScreenState())
        store.host(StepReactor(), at: \.steps)       // inline: the test store keeps it
        await store.send(ReactorAction<StepReactor>(.step(by: 2)))
        await store.receive(.add(2), from: StepReactor.self) { $0.steps.total = 2 }
        await store.receive(.countStep, from: StepReactor.self) { $0.steps.count = 1 }
        await store.finish()
    }

    @Test func receivingAnotherMutationValue_fails_namingBoth() async {
        let recorded = await failures {
            let store = TestStore(reducer: Reducer<ScreenState> { _, _ in }, state: ScreenState())
            store.host(StepReactor(), at: \.steps)
            await store.send(ReactorAction<StepReactor>(.step(by: 2)))
            await store.receive(.add(3), from: StepReactor.self) { $0.steps.total = 3 }
            store.exhaustivity = .off
        }
        #expect(recorded.map(\.message).first == "Expected to receive StepReactor.Mutation.add(3), but received StepReactor.Mutation.add(2).")
    }

    @Test func sendDescribesOnlyWhatTheSentActionChanged() async {
        // The sent action's reducer and the reactor's mutations are asserted separately.
        let store = TestStore(reducer: Reducer<ScreenState>.on(ReactorAction<StepReactor>.self) { state, _ in
            state.requests += 1
        }, state: ScreenState())
        store.host(StepReactor(), at: \.steps)
        await store.send(ReactorAction<StepReactor>(.step(by: 1))) { $0.requests = 1 }
        await store.receive(.add(1), from: StepReactor.self) { $0.steps.total = 1 }
        await store.receive(.countStep, from: StepReactor.self) { $0.steps.count = 1 }
        await store.finish()
    }

    /// A recorded mutation replayed: the reactor's reduce runs, its mutate does not.
    @Test func aMutationSentFromAHostedReactor_isReduced_withoutItsMutate() async {
        let store = TestStore(reducer: Reducer<ScreenState> { _, _ in }, state: ScreenState())
        store.host(StepReactor(), at: \.steps)
        await store.send(.add(5), from: StepReactor.self) { $0.steps.total = 5 }
        await store.send(.countStep, from: StepReactor.self) { $0.steps.count = 1 }
        // No countStep followed the add: mutate, which sends one after each add, never ran.
        await store.finish()
    }

    @Test func aReplayedMutationThatChangesOtherwise_failsWithTheDiff() async {
        let store = TestStore(reducer: Reducer<ScreenState> { _, _ in }, state: ScreenState())
        store.host(StepReactor(), at: \.steps)
        let line = #line + 1
        let reported = await failures { await store.send(.add(2), from: StepReactor.self) { $0.steps.total = 3 } }
        #expect(reported == [RecordedFailure(message: """
            State after sending StepReactor.Mutation.add(2) is not as expected. The state after sending differs from the description.
            (Expected: −, Actual: +)
              − .steps.total: 3
              + .steps.total: 2
            """, line: line, fileID: #fileID)])
    }
}

private struct ScreenState: Equatable {
    var steps = StepReactor.State()
    var requests = 0
}

private final class StepReactor: Reactor {
    enum Action: Sendable { case step(by: Int) }
    enum Mutation: Sendable, Equatable { case add(Int), countStep }
    struct State: Equatable {
        var total = 0
        var count = 0
    }

    let initialState = State()

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .step(let amount): return .concat([.just(.add(amount)), .just(.countStep)])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let amount): state.total += amount
        case .countStep: state.count += 1
        }
        return state
    }
}

// MARK: - Debounced reactors and values that are not Sendable

/// A search box's reactor as apps write it: actions debounced in `transform(action:)` on
/// the real clock, and a mutation that carries a class, so it is not `Sendable`.
private final class DebouncedSearch: Reactor {
    /// A result row the app keeps as a class (a cache entry); not `Sendable`.
    final class Row: Equatable {
        let title: String
        init(_ title: String) { self.title = title }
        static func == (lhs: Row, rhs: Row) -> Bool { lhs.title == rhs.title }
    }

    enum Action { case type(String) }
    enum Mutation: Equatable { case results([Row]) }
    struct State: Equatable { var results: [Row] = [] }

    let initialState = State()

    func transform(action: Signal<Action>) -> Signal<Action> {
        action.debounce(for: .milliseconds(20), clock: ContinuousClock())
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .type(let query):
            // The rows are made off the main actor and sent back: `sending`, not `Sendable`.
            return .run { send in await send(.results([Row(query)])) }
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .results(let rows): State(results: rows)
        }
    }
}

private struct SearchScreenState: Equatable {
    var search = DebouncedSearch.State()
}

@MainActor
@Suite struct TestStoreDebounceTests {
    @Test func receive_waitsForADebouncedHostedReactor() async {
        let store = TestStore(reducer: Reducer<SearchScreenState> { _, _ in }, state: SearchScreenState())
        store.host(DebouncedSearch(), at: \.search)
        // A loaded machine may take long to fire the timer: `receive` ends when it arrives.
        store.timeout = .seconds(60)
        await store.send(ReactorAction<DebouncedSearch>(.type("sw")))
        // No effect runs until the debounce timer fires; `receive` waits for it.
        await store.receive(.results([DebouncedSearch.Row("sw")]), from: DebouncedSearch.self) {
            $0.search.results = [DebouncedSearch.Row("sw")]
        }
        await store.finish()
    }
}
