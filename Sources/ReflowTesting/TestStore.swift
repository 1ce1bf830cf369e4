import Reflow

/// A store for tests that checks every step: the state change each action makes, the
/// actions effects dispatch, and that no effect is left running.
///
/// ```swift
/// @Test func login() async {
///     let store = TestStore(reducer: loginReducer, state: LoginState())
///     await store.send(UsernameChanged(text: "ann")) { $0.username = "ann" }
///     await store.send(LoginTapped()) { $0.isLoading = true }
///     await store.receive(LoginSucceeded(token: "t")) {
///         $0.isLoading = false
///         $0.token = "t"
///     }
///     await store.finish()
/// }
/// ```
///
/// Exhaustive by default (see ``Exhaustivity``). Failures show a minimal diff with its
/// legend and point at the line of the assertion. Middleware and effects
/// (``run(_:)``) work as in a real store.
@MainActor
public final class TestStore<State: Equatable> {
    /// The underlying store: connect connections to it, or host reactors on it.
    public let store: Store<State>
    /// How strictly to check; ``Exhaustivity/on`` by default.
    public var exhaustivity: Exhaustivity = .on
    /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)-(A,_,_,_,_,_,_)`` and
    /// ``finish(timeout:fileID:filePath:line:column:)`` wait, by default.
    public var timeout: Duration = .seconds(1)

    private let recorder: ReceivedActions<State>
    /// The reactors hosted through `host(_:at:)`, in order, for `send(_:from:)`.
    private var hostedReactors: [AnyObject] = []
    /// The state after the last asserted step.
    private var expectedState: State

    /// Creates a test store.
    ///
    /// Making a test store routes the work of effects onto an executor the test drives (see
    /// <doc:DeterministicEffects>).
    ///
    /// - Parameters:
    ///   - reducer: The reducer under test.
    ///   - state: The state to start from.
    ///   - middleware: Middleware to run as in the app, for example the one that starts
    ///     effects; a recorder is added after it.
    public init(reducer: Reducer<State>, state: State, middleware: [Middleware<State>] = []) {
        EffectWork.install()
        UnoverriddenDependencies.reportAtTheRunningTest()
        #if canImport(XCTest)
        RunningTestCase.startObserving()
        #endif
        let recorder = ReceivedActions<State>()
        self.recorder = recorder
        self.expectedState = state
        // Last in the chain: it records the action that actually reaches the reducer.
        self.store = Store(reducer: reducer, state: state, middleware: middleware + [recorder.middleware])
    }

    /// The current state.
    public var state: State { store.state }

    /// The dependencies the store's work runs with (see `Store.dependencies`): override
    /// those the code under test uses. One it uses without a `testValue` and not
    /// overridden fails the test, naming it.
    ///
    /// ```swift
    /// store.dependencies.catalogAPI = CatalogAPI(items: { [Item.sample] })
    /// ```
    public var dependencies: DependencyValues {
        get { store.dependencies }
        set { store.dependencies = newValue }
    }

    /// Runs an effect whose actions are dispatched into the store; assert them with
    /// `receive`.
    ///
    /// - Parameter effect: The effect; its outputs are dispatched into the store.
    /// - Returns: A handle to cancel the effect or await its end.
    @discardableResult
    public func run(_ effect: Effect<any Action>) -> EffectHandle {
        store.run(effect)
    }

    /// Sends `action` and checks the state change against `assert`, which mutates the
    /// state before the action into the state you expect after it.
    ///
    /// With exhaustivity on, sending while received actions are unasserted fails.
    ///
    /// `assert` describes what the sent action itself changed. Actions dispatched while it
    /// is handled (a middleware's follow-ups, a hosted reactor's mutations) are received:
    /// assert each with `receive`.
    ///
    /// Effects the action starts run until they wait before this returns.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - assert: Changes the state before the action into the state you expect after it;
    ///     `nil` when the action changes nothing.
    ///   - fileID: Where a failure is reported; leave the default.
    ///   - filePath: Where a failure is reported; leave the default.
    ///   - line: Where a failure is reported; leave the default.
    ///   - column: Where a failure is reported; leave the default.
    public func send(_ action: any Action, assert: ((inout State) -> Void)? = nil,
                     fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await send(described: "\(action)", assert: assert, at: site) { store.dispatch(action) }
    }

    /// Replays a mutation of the hosted reactor of type `R`, as if its `mutate` had just
    /// produced it, and checks the state change against `assert`. Its `mutate` does not
    /// run, so no effect starts: how a test written from a recorded session
    /// (`History.testSource(_:)`) replays what a reactor's effects once produced.
    ///
    /// ```swift
    /// store.host(SearchReactor(api: OfflineCatalog()), at: \.search)
    /// await store.send(.setQuery("swift"), from: SearchReactor.self) { $0.search.query = "swift" }
    /// ```
    ///
    /// - Parameters:
    ///   - mutation: The mutation, as the reactor's `reduce` receives it.
    ///   - reactorType: The type of a reactor hosted on this store (`host(_:at:)`).
    ///   - assert: Changes the state before the mutation into the state you expect after it;
    ///     `nil` when it changes nothing.
    ///   - fileID: Where a failure is reported; leave the default.
    ///   - filePath: Where a failure is reported; leave the default.
    ///   - line: Where a failure is reported; leave the default.
    ///   - column: Where a failure is reported; leave the default.
    public func send<R: Reactor>(_ mutation: R.Mutation, from reactorType: R.Type, assert: ((inout State) -> Void)? = nil,
                                 fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async {
        guard let reactor = hostedReactors.first(where: { $0 is R }) as? R else {
            fatalError("TestStore.send(_:from:): no \(R.self) is hosted on this test store; host one with host(_:at:) first.")
        }
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await send(described: "\(R.self).Mutation.\(mutation)", assert: assert, at: site) { reactor.replay(mutation) }
    }

    private func send(described action: String, assert: ((inout State) -> Void)?, at site: CallSite,
                      dispatch: () -> Void) async {
        if exhaustivity.isExhaustive, !recorder.pending.isEmpty {
            reportFailure("""
                Must handle \(recorder.pending.count) received action(s) before sending \(action):
                \(recorder.pending.map { "  \($0.action)" }.joined(separator: "\n"))
                Assert them with receive(_:), or set exhaustivity = .off.
                """, at: site)
            recorder.pending.removeAll()
            expectedState = store.state  // one failure per mistake: check the send on its own
        } else if !exhaustivity.isExhaustive {
            recorder.pending.removeAll()
        }
        let before = exhaustivity.isExhaustive ? expectedState : store.state
        let received = recorder.pending.count
        recorder.isSending = true
        dispatch()
        recorder.isSending = false
        // Actions that followed within the dispatch (a hosted reactor's mutations, a
        // middleware's follow-ups) are asserted with `receive`: the state this send made
        // is the one the first of them started from.
        let after = recorder.pending.count > received ? recorder.pending[received].stateBefore : store.state
        check(action: action, before: before, after: after, assert: assert, verb: "sending", at: site)
        await EffectWork.settle()
    }

    /// Waits for an action that an effect (or middleware) dispatched, checks it equals
    /// `action`, and checks the state change it made against `assert`.
    ///
    /// Effect work that needs nothing outside the test runs first; if no effect is left that
    /// could send the action, the failure is reported at once, otherwise after `timeout`.
    ///
    /// - Parameters:
    ///   - action: The action expected next (the first unasserted one, with exhaustivity on).
    ///   - timeout: How long to wait for effects waiting on something outside the test; the
    ///     store's ``timeout`` by default.
    ///   - assert: Changes the state before the action into the state you expect after it.
    ///   - fileID: Where a failure is reported; leave the default.
    ///   - filePath: Where a failure is reported; leave the default.
    ///   - line: Where a failure is reported; leave the default.
    ///   - column: Where a failure is reported; leave the default.
    public func receive<A: Action & Equatable>(_ action: A, timeout: Duration? = nil, assert: ((inout State) -> Void)? = nil,
                                               fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(description: "\(action)", timeout: timeout, matches: { ($0 as? A) == action }, assert: assert, at: site)
    }

    /// Waits for an action of type `A` that an effect dispatched, whatever its value, and
    /// checks the state change it made against `assert`.
    ///
    /// - Parameters:
    ///   - type: The type of the action expected next.
    ///   - timeout: How long to wait for effects waiting on something outside the test; the
    ///     store's ``timeout`` by default.
    ///   - assert: Changes the state before the action into the state you expect after it.
    ///   - fileID: Where a failure is reported; leave the default.
    ///   - filePath: Where a failure is reported; leave the default.
    ///   - line: Where a failure is reported; leave the default.
    ///   - column: Where a failure is reported; leave the default.
    public func receive<A: Action>(_ type: A.Type, timeout: Duration? = nil, assert: ((inout State) -> Void)? = nil,
                                   fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(description: "an action of type \(A.self)", timeout: timeout, matches: { $0 is A }, assert: assert, at: site)
    }

    /// Waits for a mutation of a reactor of type `R` hosted on this store, checks it equals
    /// `mutation`, and checks the state change it made against `assert`.
    ///
    /// ```swift
    /// store.host(counter, at: \.counter)
    /// await store.send(ReactorAction<CounterReactor>(.increase))
    /// await store.receive(.increaseValue, from: CounterReactor.self) { $0.counter.value = 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - mutation: The mutation expected next (the first unasserted action, with
    ///     exhaustivity on).
    ///   - reactorType: The reactor's type.
    ///   - timeout: How long to wait for effects waiting on something outside the test; the
    ///     store's ``timeout`` by default.
    ///   - assert: Changes the state before the mutation into the state you expect after it.
    ///   - fileID: Where a failure is reported; leave the default.
    ///   - filePath: Where a failure is reported; leave the default.
    ///   - line: Where a failure is reported; leave the default.
    ///   - column: Where a failure is reported; leave the default.
    public func receive<R: Reactor>(_ mutation: R.Mutation, from reactorType: R.Type, timeout: Duration? = nil,
                                    assert: ((inout State) -> Void)? = nil,
                                    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async
    where R.Mutation: Equatable {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(description: "\(R.self).Mutation.\(mutation)", timeout: timeout,
                      matches: { ($0 as? ReactorMutation<R>)?.mutation == mutation }, assert: assert, at: site)
    }

    /// Hosts `reactor` on the underlying store at `slice`, as the store's `host(_:at:)`
    /// does: the store owns it, so it may be written inline.
    ///
    /// Send it actions with `send(ReactorAction<R>(…))`, and assert its mutations with
    /// ``receive(_:from:timeout:assert:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - reactor: The reactor; the store keeps it.
    ///   - slice: Where its state lives in the state.
    public func host<R: Reactor>(_ reactor: R, at slice: WritableKeyPath<State, R.State>) {
        store.host(reactor, at: slice)
        hostedReactors.append(reactor)
    }

    /// Hosts `reactor` on the underlying store at an `Equatable` slice; see
    /// ``host(_:at:)-(R,_)``.
    ///
    /// - Parameters:
    ///   - reactor: The reactor; the store keeps it.
    ///   - slice: Where its state lives in the state.
    public func host<R: Reactor>(_ reactor: R, at slice: WritableKeyPath<State, R.State>) where R.State: Equatable {
        store.host(reactor, at: slice)
        hostedReactors.append(reactor)
    }

    /// Waits for the store's effects to finish, then checks that nothing is left:
    /// no effect still running and (with exhaustivity on) no unasserted received action.
    /// Effects still running after `timeout` fail the test and are cancelled.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for effects waiting on something outside the test; the
    ///     store's ``timeout`` by default.
    ///   - fileID: Where a failure is reported; leave the default.
    ///   - filePath: Where a failure is reported; leave the default.
    ///   - line: Where a failure is reported; leave the default.
    ///   - column: Where a failure is reported; leave the default.
    public func finish(timeout: Duration? = nil,
                       fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await EffectWork.settle()
        if store.runningEffectCount > 0 {
            _ = await EffectWork.wait(for: timeout ?? self.timeout) { [store] in await store.waitForEffects() }
        }
        if store.runningEffectCount > 0 {
            if exhaustivity.isExhaustive {
                reportFailure("""
                    \(store.runningEffectCount) effect(s) still running after \(timeout ?? self.timeout). \
                    Cancel them (Effect.cancel(id:)), advance the TestClock they sleep on, \
                    or set exhaustivity = .off.
                    """, at: site)
            }
            store.cancelAllEffects()
        }
        if exhaustivity.isExhaustive, !recorder.pending.isEmpty {
            reportFailure("""
                \(recorder.pending.count) received action(s) were not asserted:
                \(recorder.pending.map { "  \($0.action)" }.joined(separator: "\n"))
                Assert them with receive(_:), or set exhaustivity = .off.
                """, at: site)
        }
        recorder.pending.removeAll()
    }

    private func receive(description: String, timeout: Duration?, matches: (any Action) -> Bool,
                         assert: ((inout State) -> Void)?, at site: CallSite) async {
        let limit = timeout ?? self.timeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        await EffectWork.settle()
        while true {
            if let index = recorder.pending.firstIndex(where: { matches($0.action) }),
               exhaustivity.isExhaustive ? index == 0 : true {
                let received = recorder.pending[index]
                recorder.pending.removeSubrange(...index)
                let before = exhaustivity.isExhaustive ? expectedState : received.stateBefore
                check(action: "\(received.action)", before: before, after: received.stateAfter, assert: assert, verb: "receiving", at: site)
                return
            }
            if exhaustivity.isExhaustive, let first = recorder.pending.first {
                reportFailure("Expected to receive \(description), but received \(first.action).", at: site)
                recorder.pending.removeFirst()
                return
            }
            // Settled: effect work that needs nothing outside has run. What is left waits on
            // a clock, or on something outside the test (real I/O), which may take a while:
            // effects, and the timers of a debounce or throttle (a hosted reactor's
            // `transform(action:)`), which may send it when they fire.
            let remaining = ContinuousClock.now.duration(to: deadline)
            let effectsRun = store.runningEffectCount > 0
            guard effectsRun || EffectExecution.pendingOperatorTimers > 0, remaining > .zero else { break }
            // Timers are counted for the whole process (other tests' too), and their end
            // wakes no one: look again every 10 ms while only timers are pending.
            await recorder.nextArrival(orAfter: effectsRun ? remaining : min(remaining, .milliseconds(10)))
            await EffectWork.settle()
        }
        let reason = store.runningEffectCount == 0 && EffectExecution.pendingOperatorTimers == 0
            ? "no effect or debounce/throttle timer is running that could send it"
            : "\(store.runningEffectCount) effect(s) still running did not send it within \(limit); if they sleep on a TestClock, advance it"
        reportFailure("Expected to receive \(description), but \(reason).", at: site)
    }

    private func check(action: String, before: State, after: State, assert: ((inout State) -> Void)?,
                       verb: String, at site: CallSite) {
        // Exhaustive: describe the whole change from `before`. Not: what you describe must
        // already hold in `after`.
        var expected = exhaustivity.isExhaustive ? before : after
        assert?(&expected)
        expectedState = after
        guard expected != after else { return }
        let diff = StateDiff.render(from: expected, to: after) ?? "  (the values differ but print the same)"
        let advice = assert == nil
            ? "The state changed, but no change was described: pass an assert closure that describes it."
            : "The state after \(verb) differs from the description."
        reportFailure("""
            State after \(verb) \(action) is not as expected. \(advice)
            \(StateDiff.legend)
            \(diff)
            """, at: site)
    }
}
