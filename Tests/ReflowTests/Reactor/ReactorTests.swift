import Foundation
import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct ReactorTests {
    @Test func minimalReactor_needsOnlyTypesInitialStateAndReduce() {
        let reactor = EchoReactor()
        reactor.action.send(5)
        reactor.action.send(7)
        #expect(reactor.currentState == [5, 7])
    }

    @Test func reactorsUsedInTurn_keepTheirOwnState() {
        let first = EchoReactor()
        let second = EchoReactor()
        first.action.send(1)
        second.action.send(2)
        first.action.send(3)
        #expect(first.currentState == [1, 3])
        #expect(second.currentState == [2])
    }

    // Lookups trust the registry's key because a registered core pins its reactor's
    // address; without the pin, a new reactor at a reused address would get a released
    // reactor's core and state.
    @Test func newReactors_neverInheritAReleasedReactorsCore() {
        for round in 1...300 {
            let reactor = EchoReactor()
            #expect(reactor.currentState == [], "round \(round)")
            reactor.action.send(round)
            #expect(reactor.currentState == [round])
        }
    }

    @Test func stages_runInOrder_andCurrentStateIsSynchronous() {
        let reactor = StagedReactor()
        reactor.action.send("a")
        #expect(reactor.log == ["transform(action)", "mutate a!", "transform(mutation)", "reduce A!", "transform(state)"])
        #expect(reactor.currentState == "A!?")
    }

    @Test func currentStateInsideMutate_seesPreviousReduceOfTheConcat() {
        let reactor = RecordingReactor()
        reactor.action.send(.increaseTwiceAndRecord)
        #expect(reactor.currentState.value == 2)
        #expect(reactor.currentState.recorded == [1, 2])
    }

    @Test func lateSubscriber_getsOnlyCurrentState_actionsWorkWithoutSubscribers() {
        let reactor = CounterReactor()
        reactor.action.send(.decrease)
        reactor.action.send(.decrease)
        var values: [Int] = []
        let subscription = reactor.state.map(\.value).subscribe { values.append($0) }
        reactor.action.send(.decrease)
        #expect(values == [-2, -3])
        _ = subscription
    }

    @Test func delayedIncrease_setsLoadingThenValue_withTestClock() async {
        let clock = TestClock()
        let reactor = CounterReactor(clock: clock)
        var states: [String] = []
        let subscription = reactor.state.subscribe { states.append("\($0.value) \($0.isLoading)") }
        reactor.action.send(.increase)
        #expect(reactor.currentState.isLoading)
        await clock.advance(by: .milliseconds(499))
        #expect(reactor.currentState.value == 0)
        await clock.advance(by: .milliseconds(1))
        await waitUntil { !reactor.currentState.isLoading }
        #expect(states == ["0 false", "0 true", "1 true", "1 false"])
        _ = subscription
    }

    @Test func newSearch_cancelsTheOneInFlight() async {
        let clock = TestClock()
        // The old query answers last: without cancellation its stale page would win.
        let api = FakeGitHubAPI(clock: clock, delay: .milliseconds(100), pages: [
            "sw": [["swift-stale"]],
            "swift": [["swift", "swift-nio"], ["swift-collections"]],
        ], delays: ["sw": .milliseconds(500)])
        let reactor = GitHubSearchReactor(api: api)
        let repos = SignalRecorder(reactor.state.map(\.repos))
        reactor.action.send(.updateQuery("sw"))
        await clock.advance(by: .milliseconds(50))
        reactor.action.send(.updateQuery("swift"))
        await clock.advance(by: .milliseconds(100))
        await waitUntil { !reactor.currentState.repos.isEmpty }
        #expect(reactor.currentState == .init(query: "swift", repos: ["swift", "swift-nio"], nextPage: 2))
        await clock.advance(by: .seconds(1))
        #expect(reactor.currentState.repos == ["swift", "swift-nio"])
        #expect(!repos.values.contains(["swift-stale"]))
    }

    @Test func loadNextPage_appends_andIsGuardedWhileLoadingAndAtTheEnd() async {
        let clock = TestClock()
        let api = FakeGitHubAPI(clock: clock, delay: .milliseconds(100), pages: [
            "swift": [["a"], ["b"]],
        ])
        let reactor = GitHubSearchReactor(api: api)
        reactor.action.send(.updateQuery("swift"))
        await clock.run()
        await waitUntil { reactor.currentState.nextPage == 2 }
        reactor.action.send(.loadNextPage)
        reactor.action.send(.loadNextPage)  // ignored: already loading
        #expect(reactor.currentState.isLoadingNextPage)
        await clock.run()
        await waitUntil { !reactor.currentState.isLoadingNextPage }
        #expect(reactor.currentState.repos == ["a", "b"])
        #expect(reactor.currentState.nextPage == nil)
        reactor.action.send(.loadNextPage)  // ignored: no next page
        #expect(!reactor.currentState.isLoadingNextPage)
    }

    @Test func stopwatch_stopsOnStop_restartsOnStart() async {
        let clock = TestClock()
        let reactor = StopwatchReactor(clock: clock)
        reactor.action.send(.start)
        for _ in 0..<3 { await clock.advance(by: .seconds(1)) }
        await waitUntil { reactor.currentState == 3 }
        reactor.action.send(.stop)
        await clock.advance(by: .seconds(5))
        #expect(reactor.currentState == 3)
        reactor.action.send(.start)
        reactor.action.send(.start)  // restarts instead of running two timers
        for _ in 0..<2 { await clock.advance(by: .seconds(1)) }
        await waitUntil { reactor.currentState == 5 }
        await clock.advance(by: .milliseconds(10))
        #expect(reactor.currentState == 5)
        reactor.action.send(.stop)
    }

    @Test func actionSentFromReduceAndFromStateSubscriber_runAfterTheCurrentOne() {
        let reactor = ReentrantReactor()
        var seen: [[String]] = []
        let subscription = reactor.state.subscribe { state in
            seen.append(state)
            if state.last == "first" { reactor.action.send("from subscriber") }
        }
        reactor.action.send("first")
        #expect(reactor.currentState == ["first", "from reduce", "from subscriber"])
        #expect(seen == [[], ["first"], ["first", "from reduce"], ["first", "from reduce", "from subscriber"]])
        _ = subscription
    }

    @Test func releasedReactor_isFreed_andItsEffectsAreCancelled() async {
        let probe = EffectProbe()
        weak var weakReactor: TickingReactor?
        var subscription: SubscriptionHandle?
        do {
            let reactor = TickingReactor(probe: probe)
            weakReactor = reactor
            subscription = reactor.state.subscribe { _ in }
            reactor.action.send(.start)
        }
        #expect(weakReactor == nil)
        await waitUntil { probe.wasCancelled }
        #expect(probe.wasCancelled)
        subscription?.cancel()
    }

    /// On Apple platforms a reactor's core is an associated object of the reactor, and the
    /// runtime releases what the association holds when the reactor is deallocated. That
    /// release stops the core at once, cancelling its effects. Linux has no associated
    /// objects, so the release is made and dropped here by hand.
    @Test func releaseOfTheReactorsAssociation_stopsItsCoreAtOnce() async {
        let probe = EffectProbe()
        let reactor = TickingReactor(probe: probe)
        reactor.action.send(.start)
        var release = ReactorCoreRelease(keptCoreOf: reactor)
        #expect(release != nil)
        release = nil
        #expect(ReactorCores.keptCore(of: reactor) == nil)  // shut down and forgotten at once
        await waitUntil { probe.wasCancelled }
        #expect(probe.wasCancelled)
    }

    /// A release whose core was shut down and forgotten first (a hosting ended while the
    /// reactor lives on) is disarmed: dropping it leaves the reactor's new core running.
    @Test func disarmedRelease_leavesTheReactorsCoreRunning() {
        let reactor = CounterReactor()
        reactor.action.send(.decrease)
        do {
            let release = ReactorCoreRelease(keptCoreOf: reactor)
            release?.disarm()
        }
        #expect(ReactorCores.keptCore(of: reactor) != nil)
        reactor.action.send(.decrease)
        #expect(reactor.currentState.value == -2)
    }

    @Test func releasedReactor_itsStateStreamAndPipelineAreReleasedToo() {
        var reactor: CounterReactor? = CounterReactor()
        var values: [Int] = []
        let subscription = reactor!.state.map(\.value).subscribe { values.append($0) }
        reactor!.action.send(.decrease)
        weak var core: AnyObject?
        core = ReactorCores.keptCore(of: reactor!)
        let running = ReactorCores.runningCount
        #expect(core != nil)
        reactor = nil
        #expect(ReactorCores.runningCount == running - 1)  // stopped at once: no timer, no waiting
        #expect(core == nil)
        #expect(values == [0, -1])
        subscription.cancel()
    }

    @Test func pulse_emitsOnEveryAssignmentIncludingEqual_notOnUnrelatedChanges() {
        let reactor = CounterReactor()
        var alerts: [String?] = []
        let subscription = reactor.pulse(\.$alertMessage).subscribe { alerts.append($0) }
        reactor.action.send(.showAlert("hi"))
        reactor.action.send(.decrease)
        reactor.action.send(.showAlert("hi"))
        reactor.action.send(.showAlert("bye"))
        #expect(alerts == [nil, "hi", "hi", "bye"])
        _ = subscription
    }

    @Test func pulse_counterOverflow_wrapsSafely() {
        var pulse = Pulse(wrappedValue: 0)
        pulse.valueUpdatedCount = .max
        pulse.wrappedValue = 1
        #expect(pulse.valueUpdatedCount == 0)
        #expect(pulse.value == 1)
    }

    /// A state with a pulse exports and persists: decoded, it equals what was encoded,
    /// assignment count included (so a decoded state does not look like a new pulse).
    @Test func pulse_isCodable_withItsAssignmentCount() throws {
        var pulse = Pulse<String?>(wrappedValue: nil)
        pulse.wrappedValue = "saved"
        pulse.wrappedValue = "saved"
        let decoded = try JSONDecoder().decode(Pulse<String?>.self, from: JSONEncoder().encode(pulse))
        #expect(decoded == pulse && decoded.valueUpdatedCount == 2 && decoded.value == "saved")
    }

    @Test func transformMutation_mergesGlobalState() {
        let store = makeStore()
        let reactor = GlobalTitleReactor(store: store)
        #expect(reactor.currentState == "Untitled")
        store.dispatch(SetTitle(title: "from the store"))
        #expect(reactor.currentState == "from the store")
        reactor.action.send("local")
        #expect(reactor.currentState == "local")
    }
}

// MARK: - Fixtures

/// Waits until `condition` holds, for effects that run on real threads. The limit only ends
/// a test whose condition never comes true; it is long so that a loaded machine never hits it.
@MainActor
func waitUntil(timeout: Duration = .seconds(60), _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() && ContinuousClock.now < deadline {
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
}

private final class EchoReactor: Reactor {
    typealias Action = Int
    let initialState: [Int] = []
    func reduce(state: [Int], mutation: Int) -> [Int] { state + [mutation] }
}

private final class StagedReactor: Reactor {
    typealias Action = String
    var log: [String] = []
    let initialState = ""
    func transform(action: Signal<String>) -> Signal<String> {
        action.map { [unowned self] in log.append("transform(action)"); return $0 + "!" }
    }
    func mutate(action: String) -> Effect<String> {
        log.append("mutate \(action)")
        return .just(action)
    }
    func transform(mutation: Signal<String>) -> Signal<String> {
        mutation.map { [unowned self] in log.append("transform(mutation)"); return $0.uppercased() }
    }
    func reduce(state: String, mutation: String) -> String {
        log.append("reduce \(mutation)")
        return mutation
    }
    func transform(state: Signal<String>) -> Signal<String> {
        state.map { [unowned self] in
            if !$0.isEmpty { log.append("transform(state)") }
            return $0.isEmpty ? $0 : $0 + "?"
        }
    }
}

private final class RecordingReactor: Reactor {
    enum Action: Sendable { case increaseTwiceAndRecord }
    enum Mutation: Sendable { case increase, record(Int) }
    struct State { var value = 0; var recorded: [Int] = [] }
    let initialState = State()
    func mutate(action: Action) -> Effect<Mutation> {
        .concat([
            .just(.increase),
            .deferred { [unowned self] in .just(.record(self.currentState.value)) },
            .just(.increase),
            .deferred { [unowned self] in .just(.record(self.currentState.value)) },
        ])
    }
    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increase: state.value += 1
        case .record(let value): state.recorded.append(value)
        }
        return state
    }
}

private final class StopwatchReactor: Reactor {
    enum Action: Sendable { case start, stop }
    enum Mutation: Sendable { case tick }
    let initialState = 0
    let clock: TestClock
    init(clock: TestClock) { self.clock = clock }
    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .start:
            return .run { [clock] send in
                while true {
                    try await clock.sleep(for: .seconds(1))
                    await send(.tick)
                }
            }
            .cancellable(id: "timer", cancelInFlight: true)
        case .stop:
            return .cancel(id: "timer")
        }
    }
    func reduce(state: Int, mutation: Mutation) -> Int { state + 1 }
}

private final class ReentrantReactor: Reactor {
    typealias Action = String
    let initialState: [String] = []
    func reduce(state: [String], mutation: String) -> [String] {
        if mutation == "first" { action.send("from reduce") }
        return state + [mutation]
    }
}

/// Records, from inside an effect, that the effect was cancelled.
final class EffectProbe: Sendable {
    private let cancelled = LockedFlag()
    var wasCancelled: Bool { cancelled.value }
    func markCancelled() { cancelled.set() }
}

final class LockedFlag: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}

private final class TickingReactor: Reactor {
    enum Action: Sendable { case start }
    typealias Mutation = Int
    let initialState = 0
    let probe: EffectProbe
    init(probe: EffectProbe) { self.probe = probe }
    func mutate(action: Action) -> Effect<Int> {
        .run { [probe] send in
            await withTaskCancellationHandler {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(5))
                    await send(1)
                }
            } onCancel: {
                probe.markCancelled()
            }
        }
    }
    func reduce(state: Int, mutation: Int) -> Int { state + mutation }
}

private final class GlobalTitleReactor: Reactor {
    typealias Action = String
    let initialState = ""
    let store: Store<AppState>
    init(store: Store<AppState>) { self.store = store }
    func transform(mutation: Signal<String>) -> Signal<String> {
        mutation.merge(with: store.signal(\.title))
    }
    func reduce(state: String, mutation: String) -> String { mutation }
}
