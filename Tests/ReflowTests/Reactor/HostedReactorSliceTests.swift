import Reflow
import Testing
import ReflowDevtools

/// A hosted reactor's mutation is reduced into its slice at the slice's offset when the
/// slice is stored inline, and through its key path otherwise; directly when nothing else
/// must see it, through the general path with middleware or devtools. Every way must give
/// the state the reactor's `reduce` gives.
@MainActor
@Suite struct HostedReactorSliceTests {
    final class TallyReactor: Reactor {
        enum Action: Sendable { case add(Int), rename(String) }
        struct State: Equatable { var total = 0; var label = "start"; var history: [Int] = [] }
        let initialState = State()
        func reduce(state: State, mutation: Action) -> State {
            var state = state
            switch mutation {
            case .add(let amount): state.total += amount; state.history.append(amount)
            case .rename(let label): state.label = label
            }
            return state
        }
    }

    final class Holder { var tally = TallyReactor.State() }
    struct Nested: Equatable { var flag = false; var tally = TallyReactor.State() }
    struct AppState {
        var before = 1
        var inline = TallyReactor.State()
        var nested = Nested()
        var list = [TallyReactor.State(), TallyReactor.State()]
        var holder = Holder()
        var after = "after"
    }

    struct Touch: Action { var value: Int }
    static let reducer = Reducer<AppState>.on(Touch.self) { state, touch in state.before = touch.value }

    enum Place: CaseIterable { case inline, nested, element, throughClass }

    static func keyPath(_ place: Place) -> WritableKeyPath<AppState, TallyReactor.State> {
        switch place {
        case .inline: \.inline
        case .nested: \.nested.tally
        case .element: \.list[1]
        case .throughClass: \.holder.tally
        }
    }

    @Test(arguments: Place.allCases)
    func mutations_reachTheSlice_whereverItIs(place: Place) {
        let slice = Self.keyPath(place)
        #expect((MemoryLayout<AppState>.offset(of: slice) != nil) == (place == .inline || place == .nested))
        let store = Store(reducer: Self.reducer, state: AppState())
        let reactor = TallyReactor()
        store.host(reactor, at: slice)
        var seen: [Int] = []
        let subscription = store.subscribe(slice) { seen.append($0.total) }
        reactor.action.send(.add(2))
        reactor.action.send(.rename("two"))
        store.dispatch(Touch(value: 9))
        reactor.action.send(.add(3))
        #expect(store.state[keyPath: slice] == TallyReactor.State(total: 5, label: "two", history: [2, 3]))
        #expect(reactor.currentState == store.state[keyPath: slice])
        #expect(store.state.before == 9 && store.state.after == "after")
        #expect(seen == [0, 2, 2, 5])                        // the rename changed the slice too
        subscription.cancel()
    }

    @Test func withMiddlewareOrHistory_theGeneralPathGivesTheSameState() {
        var logged: [String] = []
        let logging = Middleware<AppState> { _, action, next in
            logged.append("\(action)")
            next(action)
        }
        let store = Store(reducer: Self.reducer, state: AppState(), middleware: [logging])
        let history = History<AppState>()
        history.attach(to: store)
        let reactor = TallyReactor()
        store.host(reactor, at: \.nested.tally)
        reactor.action.send(.add(4))
        reactor.action.send(.add(1))
        #expect(store.state.nested.tally.total == 5)
        #expect(logged.count == 2 && logged[0].contains("add(4)"))
        #expect(history.entries.count == 2)
    }

    @Test func aMutationSentFromASubscriber_isReducedAfterTheCurrentOne() {
        let store = Store(reducer: Self.reducer, state: AppState())
        let reactor = TallyReactor()
        store.host(reactor, at: \.inline)
        var totals: [Int] = []
        let subscription = store.subscribe(\.inline.total) { total in
            totals.append(total)
            if total == 1 { reactor.action.send(.add(10)) }   // during the notification
        }
        reactor.action.send(.add(1))
        #expect(totals == [0, 1, 11])
        #expect(store.state.inline.history == [1, 10])
        subscription.cancel()
    }

    /// Random mutations of several hosted reactors (inline, nested, array element, through
    /// a class), store actions, batches and middleware, against the reactors' own reduce
    /// applied to a copy of the state. Each reactor's `state` must have emitted once per
    /// notification that changed its slice, ending on the slice (as its `transform(state:)`
    /// shows it: some reactors pass states through, which the store delivers directly;
    /// others map them, which goes through the signal).
    @Test func randomPrograms_matchTheReducedModel() {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 600))) {
            var random = SeededRandom(seed: seed)
            let middleware = random.chance(30)
                ? [Middleware<AppState> { _, action, next in next(action) }] : []
            let store = Store(reducer: Self.reducer, state: AppState(), middleware: middleware)
            var model = AppState()
            model.holder = store.state.holder            // the class is shared, as in the store
            let modelReducer = TallyReactor()
            let hosted = Place.allCases.map { place in HostedUnderTest(place: place, labelled: random.chance(50), in: store) }
            var holderModel = TallyReactor.State()
            func expectedSlice(_ slice: WritableKeyPath<AppState, TallyReactor.State>) -> TallyReactor.State {
                slice == \AppState.holder.tally ? holderModel : model[keyPath: slice]
            }
            var expectedEmissions = hosted.map { _ in 1 }   // each emits the slice when subscribed
            for step in 0..<40 {
                let before = hosted.map { expectedSlice($0.slice) }
                let target = random.pick(hosted)
                let mutation: TallyReactor.Action = random.chance(70) ? .add(Int.random(in: 1...9, using: &random)) : .rename("s\(step)")
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    let value = Int.random(in: 0...99, using: &random)
                    store.dispatch(Touch(value: value))
                    model.before = value
                case 1:
                    store.batch {
                        target.send(mutation)
                        target.send(mutation)
                    }
                    for _ in 0..<2 { apply(mutation, at: target.slice, to: &model, holder: &holderModel, using: modelReducer) }
                default:
                    target.send(mutation)
                    apply(mutation, at: target.slice, to: &model, holder: &holderModel, using: modelReducer)
                }
                for (index, reactor) in hosted.enumerated() {
                    let expected = expectedSlice(reactor.slice)
                    if expected != before[index] { expectedEmissions[index] += 1 }
                    #expect(store.state[keyPath: reactor.slice] == expected, "seed \(seed), step \(step)")
                    #expect(reactor.currentState() == expected, "seed \(seed), step \(step)")
                    #expect(reactor.emitted.last == reactor.shown(expected), "seed \(seed), step \(step), \(reactor.place)")
                    #expect(reactor.emitted.count == expectedEmissions[index], "seed \(seed), step \(step), \(reactor.place)")
                }
                #expect(store.state.before == model.before, "seed \(seed), step \(step)")
            }
        }
    }

    /// Its `transform(state:)` maps states, so its state goes through the signal, not
    /// straight from the store.
    final class LabelledTallyReactor: Reactor {
        typealias Action = TallyReactor.Action
        typealias State = TallyReactor.State
        let initialState = State()
        func reduce(state: State, mutation: Action) -> State { TallyReactor().reduce(state: state, mutation: mutation) }
        func transform(state: Signal<State>) -> Signal<State> { state.map(Self.shown) }
        static func shown(_ state: State) -> State {
            var shown = state
            shown.label = "shown " + state.label
            return shown
        }
    }

    /// One hosted reactor of the model test, of either kind, and what its `state` emitted.
    @MainActor final class HostedUnderTest {
        let place: Place
        let slice: WritableKeyPath<AppState, TallyReactor.State>
        let send: (TallyReactor.Action) -> Void
        let currentState: () -> TallyReactor.State
        let shown: (TallyReactor.State) -> TallyReactor.State
        var emitted: [TallyReactor.State] = []
        private var subscription: SubscriptionHandle?

        init(place: Place, labelled: Bool, in store: Store<AppState>) {
            self.place = place
            slice = HostedReactorSliceTests.keyPath(place)
            if labelled {
                let reactor = LabelledTallyReactor()
                store.host(reactor, at: slice)
                send = { reactor.action.send($0) }
                currentState = { reactor.currentState }
                shown = LabelledTallyReactor.shown
                subscription = reactor.state.subscribe { [unowned self] in emitted.append($0) }
            } else {
                let reactor = TallyReactor()
                store.host(reactor, at: slice)
                send = { reactor.action.send($0) }
                currentState = { reactor.currentState }
                shown = { $0 }
                subscription = reactor.state.subscribe { [unowned self] in emitted.append($0) }
            }
        }
    }

    private func apply(_ mutation: TallyReactor.Action, at slice: WritableKeyPath<AppState, TallyReactor.State>,
                       to model: inout AppState, holder: inout TallyReactor.State, using reactor: TallyReactor) {
        if slice == \AppState.holder.tally {
            holder = reactor.reduce(state: holder, mutation: mutation)
        } else {
            model[keyPath: slice] = reactor.reduce(state: model[keyPath: slice], mutation: mutation)
        }
    }
}
