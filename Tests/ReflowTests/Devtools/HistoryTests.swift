import Testing
import Reflow
import ReflowTesting
import ReflowDevtools

private struct HostState: Equatable {
    var count = 0
    var title = "Untitled"
    var counter = CounterReactor.State()
}

private struct Bump: Action, Equatable {}
private struct Retitle: Action, Equatable { var title: String }

private let hostReducer = Reducer<HostState>
    .on(Bump.self) { state, _ in state.count += 1 }
    .on(Retitle.self) { state, action in state.title = action.title }

@MainActor
@Suite struct HistoryTests {
    @Test func records_eachActionWithItsState_andTheHostedReactor() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        store.dispatch(Bump())
        reactor.action.send(.decrease)
        #expect(history.entries.count == 2)
        #expect(history.entries[0].action is Bump && history.entries[0].state.count == 1)
        #expect(history.entries[0].reactor == nil)
        #expect(history.entries[1].reactor == "CounterReactor")
        #expect(history.entries[1].state.counter.value == -1)
        #expect(history.initialState == HostState())
        #expect(history.position == 2 && !history.isTimeTraveling)
    }

    @Test func timeTravel_notifiesEveryObserverKind_asADispatchWould() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        let connection = Connection(store: store, mapStateToProps: { $0.title }, mapDispatchToActions: { _ in () })
        var titles: [String] = []
        connection.bind(\.self) { titles.append($0) }
        connection.connect()
        var reactorValues: [Int] = []
        let reactorSubscription = reactor.state.map(\.value).distinctUntilChanged().subscribe { reactorValues.append($0) }

        store.dispatch(Bump())
        store.dispatch(Retitle(title: "A"))
        reactor.action.send(.decrease)
        history.jump(to: 1)                      // after the first Bump
        #expect(store.state.count == 1 && store.state.title == "Untitled" && store.state.counter.value == 0)
        history.stepForward()
        history.stepForward()
        #expect(store.state == history.entries[2].state)
        #expect(counts == [0, 1])                // count never changed while travelling
        #expect(titles == ["Untitled", "A", "Untitled", "A"])
        #expect(reactorValues == [0, -1, 0, -1])
        #expect(reactor.currentState.value == -1)
        history.jump(to: 0)
        #expect(counts == [0, 1, 0])
        #expect(reactor.currentState.value == 0)
        subscription.cancel()
        reactorSubscription.cancel()
    }

    /// Bug: an action dispatched after jumping back (a search's late result) dropped the
    /// recorded future, 20 actions of it, and landed on the old state unannounced.
    @Test func anActionAfterTimeTravel_isRecordedAfterTheLastEntry_droppingNothing() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        for _ in 0..<3 { store.dispatch(Bump()) }
        history.stepBack()
        history.stepBack()
        #expect(history.isTimeTraveling && history.position == 1 && history.entries.count == 3)
        history.stepForward()
        #expect(store.state.count == 2 && history.entries.count == 3)
        store.dispatch(Retitle(title: "late"))
        #expect(history.entries.count == 4)       // every Bump is kept, the new action after them
        #expect(history.entries.map { $0.action is Bump } == [true, true, true, false])
        let late = history.entries[3]
        #expect(late.stateBefore.count == 2 && late.state.count == 2 && late.state.title == "late")
        #expect(late.gap == .timeTravel(toStep: 2))
        #expect(history.entries[0].gap == nil && history.entries[0].stateBefore == HostState())
        #expect(!history.isTimeTraveling && history.position == 4)
        #expect(history.replayCheck() == nil)
        history.stepForward()                    // nothing ahead: no-op
        #expect(history.position == 4)
    }

    /// Bug: after pause and resume, the next entry's diff was against the last recorded
    /// state, not the state the action was reduced from.
    @Test func anActionAfterAPause_isReducedFromTheActualState_andSaysSo() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        store.dispatch(Bump())
        history.isRecording = false
        store.dispatch(Bump())
        store.dispatch(Bump())
        history.isRecording = true
        store.dispatch(Retitle(title: "after"))
        store.dispatch(Bump())
        #expect(history.entries.map(\.gap) == [nil, .recordingPaused, nil])
        #expect(history.entries[1].stateBefore.count == 3 && history.entries[1].state.count == 3)
        #expect(history.entries[2].stateBefore == history.entries[1].state)
        #expect(history.replayCheck() == nil)
        // A jump to the last entry puts the app on a recorded state again: no gap after it.
        history.isRecording = false
        store.dispatch(Bump())
        history.isRecording = true
        history.jump(to: history.entries.count)
        store.dispatch(Bump())
        #expect(history.entries.last?.gap == nil && history.entries.last?.stateBefore.count == 4)
    }

    @Test func limit_dropsTheOldest_andMovesTheInitialState() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>(limit: 2)
        history.attach(to: store)
        for _ in 0..<5 { store.dispatch(Bump()) }
        #expect(history.entries.map(\.state.count) == [4, 5])
        #expect(history.initialState?.count == 3)
        history.jump(to: 0)
        #expect(store.state.count == 3)
        #expect(history.replayCheck() == nil)
    }

    @Test func replayCheck_findsTheFirstNondeterministicStep_withTheDiff() {
        var calls = 0
        let flaky = Reducer<HostState>
            .on(Bump.self) { state, _ in state.count += 1 }
            .on(Retitle.self) { state, action in
                calls += 1
                state.title = "\(action.title) \(calls)"   // reads something outside the state
            }
        let store = Store(reducer: flaky, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        store.dispatch(Bump())
        store.dispatch(Retitle(title: "x"))
        store.dispatch(Bump())
        let mismatch = history.replayCheck()
        #expect(mismatch?.position == 2)
        #expect(mismatch?.action is Retitle)
        #expect(mismatch?.diff == "  − .title: \"x 1\"\n  + .title: \"x 2\"")
        #expect(mismatch?.description.contains("not deterministic") == true)
    }

    @Test func replayCheck_replaysHostedReactorMutations() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        reactor.action.send(.decrease)
        reactor.action.send(.showAlert("hi"))
        store.dispatch(Bump())
        #expect(history.entries.count == 3)
        #expect(history.replayCheck() == nil)
    }

    @Test func trace_saysWhichReducersRan_whatChanged_andWhoWasEvaluatedAndFired() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.isTracing = true
        history.attach(to: store)
        let countSubscription = store.subscribe(\.count) { _ in }
        let titleSubscription = store.subscribe({ $0.title.count }) { _ in }
        struct TitleProps: Equatable { var title: String }
        let connection = Connection(store: store, mapStateToProps: { TitleProps(title: $0.title) },
                                    mapDispatchToActions: { _ in () })
        connection.bind(\.title) { _ in }
        connection.connect()

        store.dispatch(Retitle(title: "Hello"))
        let trace = history.entries[0].trace
        #expect(trace?.action == #"Retitle(title: "Hello")"#)
        #expect(trace?.reducers == ["Reducer.on(Retitle)"])
        #expect(trace?.changedKeyPaths == [".title"])
        #expect(trace?.evaluated == ["subscription 1 (\\HostState.count)", "subscription 2 (closure)", "Connection 3 (TitleProps)"])
        #expect(trace?.fired == ["subscription 2 (closure)", "Connection 3 (TitleProps)", "Connection 3 (TitleProps) → \\.title"])
        #expect(trace?.text == """
            Retitle(title: "Hello")
              reducers:  Reducer.on(Retitle)
              changed:   .title
              evaluated: subscription 1 (\\HostState.count), subscription 2 (closure), Connection 3 (TitleProps)
              fired:     subscription 2 (closure), Connection 3 (TitleProps), Connection 3 (TitleProps) → \\.title
            """)
        history.jump(to: 0)                      // time travel is not credited to the last entry
        #expect(history.entries[0].trace == trace)
        countSubscription.cancel()
        titleSubscription.cancel()
    }

    @Test func untraced_entriesHaveNoTrace() {
        let store = Store(reducer: hostReducer, state: HostState())
        let history = History<HostState>()
        history.attach(to: store)
        store.dispatch(Bump())
        #expect(history.entries[0].trace == nil)
    }
}

/// Seeded random programs of dispatches, steps and jumps against a model: a list of
/// states, a position, and a limit. The store's state, the kept entries and what a
/// subscriber saw must match the model after every step.
@MainActor
@Suite struct HistoryModelTests {
    @Test func randomDispatchesStepsAndJumps_matchTheModel() {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 600))) {
            var random = SeededRandom(seed: seed)
            let limit = Int.random(in: 1...6, using: &random)
            let store = Store(reducer: hostReducer, state: HostState())
            let history = History<HostState>(limit: limit)
            history.attach(to: store)
            var seen: [Int] = []
            let subscription = store.subscribe(\.count) { seen.append($0) }
            // The model: the states from the oldest kept one (the initial state) on, the
            // state each entry was reduced from and its gap, and the store's state.
            var states = [HostState()]
            var befores: [HostState] = []
            var gaps: [HistoryGap?] = []
            var current = HostState()
            var missed = false
            var position = 0
            var expectedSeen = [0]
            var steps: [String] = []
            for _ in 0..<30 {
                let before = current.count
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4, 4:
                    var next = current
                    let firstStep = history.firstStepNumber  // before the dispatch drops the oldest
                    if Int.random(in: 0..<5, using: &random) < 4 {
                        steps.append("bump")
                        store.dispatch(Bump())
                        next.count += 1
                    } else {
                        let title = random.pick(["a", "b"])
                        steps.append("retitle \(title)")
                        store.dispatch(Retitle(title: title))
                        next.title = title
                    }
                    if history.isRecording {
                        // Recorded after the last entry, never dropping the future.
                        gaps.append(missed ? .recordingPaused
                                    : position < states.count - 1 ? .timeTravel(toStep: firstStep + position - 1) : nil)
                        befores.append(current)
                        states.append(next)
                        if states.count > limit + 1 {
                            states.removeFirst()
                            befores.removeFirst()
                            gaps.removeFirst()
                        }
                        position = states.count - 1
                        missed = false
                    } else {
                        missed = true
                    }
                    current = next
                case 5, 6:
                    steps.append("back")
                    if position > 0 {
                        history.stepBack()
                        position -= 1
                        current = states[position]
                        missed = false
                    }
                case 7:
                    steps.append("forward")
                    if position < states.count - 1 {
                        history.stepForward()
                        position += 1
                        current = states[position]
                        missed = false
                    }
                case 8:
                    steps.append(history.isRecording ? "pause" : "resume")
                    history.isRecording.toggle()
                default:
                    let target = Int.random(in: 0..<states.count, using: &random)
                    steps.append("jump \(target)")
                    history.jump(to: target)
                    position = target
                    current = states[position]
                    missed = false
                }
                if current.count != before { expectedSeen.append(current.count) }
                let matches = store.state == current
                    && history.position == position
                    && history.entries.map(\.state) == Array(states.dropFirst())
                    && history.entries.map(\.stateBefore) == befores
                    && history.entries.map(\.gap) == gaps
                    && history.initialState == states[0]
                    && seen == expectedSeen
                if !matches {
                    Issue.record("""
                        Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1), limit \(limit): \
                        history and model differ after \(steps.joined(separator: ", ")).
                        store \(store.state), model \(current); seen \(seen), expected \(expectedSeen); \
                        gaps \(history.entries.map(\.gap)), expected \(gaps)
                        """)
                    return
                }
            }
            subscription.cancel()
        }
    }
}

/// Skip (Redux DevTools'): an action turned off, the states after it recomputed with the
/// current reducers, the app showing the recomputed state.
@MainActor
@Suite struct HistorySkipTests {
    @Test func skipping_recomputesTheStatesAfter_andTheApp_thenUnskippingRestoresThem() {
        let store = Store(reducer: hostReducer, state: HostState())
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        let history = History<HostState>()
        history.attach(to: store)
        store.dispatch(Bump())
        reactor.action.send(.decrease)                 // a hosted mutation: entry 2
        store.dispatch(Bump())
        store.dispatch(Retitle(title: "x"))
        let recorded = history.entries.map(\.state)
        var seen: [Int] = []
        let subscription = store.subscribe(\.count) { seen.append($0) }

        history.setSkipped(true, at: 1)
        #expect(history.entries.map(\.state.count) == [0, 0, 1, 1])
        #expect(history.entries.map(\.state.counter.value) == [0, -1, -1, -1])
        #expect(history.entries[0].isSkipped && history.entries[1].stateBefore.count == 0)
        #expect(store.state == history.entries[3].state && seen == [2, 1])   // the app shows it, notified
        #expect(history.replayCheck() == nil)

        history.setSkipped(true, at: 2)                 // the reactor's mutation off too
        #expect(history.entries.map(\.state.counter.value) == [0, 0, 0, 0])
        history.setSkipped(false, at: 1)
        history.setSkipped(false, at: 2)
        #expect(history.entries.map(\.state) == recorded && store.state == recorded[3])
        subscription.cancel()
    }

    @Test func randomSkipsJumpsAndDispatches_matchAFoldOfTheActionsOn() {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 300))) {
            var random = SeededRandom(seed: seed)
            let store = Store(reducer: hostReducer, state: HostState())
            let history = History<HostState>()
            history.attach(to: store)
            var actions: [(action: any Action, isOn: Bool)] = []
            var steps: [String] = []
            for _ in 0..<25 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    history.jump(to: history.entries.count)   // dispatches from the end: no gap
                    let action: any Action = random.chance(70) ? Bump() : Retitle(title: random.pick(["a", "b"]))
                    steps.append("dispatch \(action)")
                    store.dispatch(action)
                    actions.append((action, true))
                case 4..<8 where !actions.isEmpty:
                    let position = Int.random(in: 1...actions.count, using: &random)
                    steps.append("toggle \(position)")
                    actions[position - 1].isOn.toggle()
                    history.setSkipped(!actions[position - 1].isOn, at: position)
                default:
                    let position = Int.random(in: 0...actions.count, using: &random)
                    steps.append("jump \(position)")
                    history.jump(to: position)
                }
                // The model: each state folds the actions that are on.
                var state = HostState()
                var states: [HostState] = []
                for (action, isOn) in actions {
                    if isOn { hostReducer.reduce(&state, action) }
                    states.append(state)
                }
                let matches = history.entries.map(\.state) == states
                    && history.entries.map(\.isSkipped) == actions.map { !$0.isOn }
                    && store.state == history.state(at: history.position)
                    && history.replayCheck() == nil
                if !matches {
                    Issue.record("""
                        Seed \(seed) (rerun with REFLOW_MODEL_SEED=\(seed) REFLOW_MODEL_PROGRAMS=1): after \
                        \(steps.joined(separator: ", ")): states \(history.entries.map(\.state.count)), expected \(states.map(\.count))
                        """)
                    return
                }
            }
        }
    }
}
