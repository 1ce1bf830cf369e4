import Reflow
import Testing
import ReflowDevtools

/// A hosted reactor's `Equatable` slice, stored inline, is not read by a notification
/// after reductions that cannot have written it, as a key-path subscription is not; a
/// slice that is not `Equatable` is published on every notification, as documented.
@MainActor
@Suite struct HostedSliceFootprintTests {
    /// Counts the comparisons of the slices that hold it.
    final class ComparisonCount: @unchecked Sendable {
        var count = 0
    }

    struct Tally: Equatable, Sendable {
        var total = 0
        let comparisons: ComparisonCount

        static func == (lhs: Tally, rhs: Tally) -> Bool {
            lhs.comparisons.count += 1
            return lhs.total == rhs.total
        }
    }

    final class TallyReactor: Reactor {
        enum Action: Sendable { case add(Int) }
        let initialState: Tally
        init(comparisons: ComparisonCount) { initialState = Tally(comparisons: comparisons) }
        func reduce(state: Tally, mutation: Action) -> Tally {
            var state = state
            if case .add(let amount) = mutation { state.total += amount }
            return state
        }
    }

    /// A slice that is not `Equatable`.
    struct Log: Sendable { var lines: [String] = [] }

    final class LogReactor: Reactor {
        enum Action: Sendable { case write(String) }
        let initialState = Log()
        func reduce(state: Log, mutation: Action) -> Log {
            var state = state
            if case .write(let line) = mutation { state.lines.append(line) }
            return state
        }
    }

    struct AppState {
        var title = ""
        var tally: Tally
        var log = Log()
    }

    struct Retitle: Action { var title: String }
    struct AddToTally: Action { var amount: Int }
    struct RetitleEverywhere: Action { var title: String }

    /// Scoped: the store knows what each action writes.
    static let scoped = Reducer<AppState>.combine(
        Reducer<String>.on(Retitle.self) { title, action in title = action.title }.scope(\AppState.title),
        Reducer<Tally>.on(AddToTally.self) { tally, action in tally.total += action.amount }.scope(\AppState.tally),
        // Unscoped: it may write anything.
        Reducer<AppState>.on(RetitleEverywhere.self) { state, action in state.title = action.title }
    )

    @Test func aReductionElsewhere_doesNotReadTheSlice_anUnscopedOneDoes() {
        let comparisons = ComparisonCount()
        let store = Store(reducer: Self.scoped, state: AppState(tally: Tally(comparisons: comparisons)))
        let titles = store.subscribe(\.title) { _ in }   // a key-path subscription: the store follows footprints
        let reactor = TallyReactor(comparisons: comparisons)
        store.host(reactor, at: \.tally)
        var totals: [Int] = []
        let subscription = reactor.state.subscribe { totals.append($0.total) }

        comparisons.count = 0
        store.dispatch(Retitle(title: "a"))
        store.dispatch(Retitle(title: "b"))
        #expect(comparisons.count == 0)

        store.dispatch(RetitleEverywhere(title: "c"))
        #expect(comparisons.count > 0)
        #expect(totals == [0])

        store.dispatch(AddToTally(amount: 2))   // the store's reducer writes the slice
        reactor.action.send(.add(3))             // and so does the reactor
        #expect(totals == [0, 2, 5])
        #expect(reactor.currentState.total == 5)
        titles.cancel()
        subscription.cancel()
    }

    /// What the store knows was written comes from reducers; time travel and a batch that
    /// mixes writes elsewhere with the slice's own say "anything, or this too".
    @Test func timeTravelAndBatches_publishTheSliceWhenItChanged() {
        let comparisons = ComparisonCount()
        let store = Store(reducer: Self.scoped, state: AppState(tally: Tally(comparisons: comparisons)))
        let titles = store.subscribe(\.title) { _ in }
        let reactor = TallyReactor(comparisons: comparisons)
        store.host(reactor, at: \.tally)
        let history = History<AppState>()
        history.attach(to: store)
        var totals: [Int] = []
        let subscription = reactor.state.subscribe { totals.append($0.total) }

        store.batch {
            store.dispatch(Retitle(title: "a"))
            reactor.action.send(.add(4))
            store.dispatch(Retitle(title: "b"))
        }
        #expect(totals == [0, 4])
        history.jump(to: 0)                    // back before the batch: the slice was 0
        #expect(totals == [0, 4, 0])
        #expect(reactor.currentState.total == 0)
        history.jump(to: history.entries.count)
        #expect(totals == [0, 4, 0, 4])
        titles.cancel()
        subscription.cancel()
    }

    @Test func aSliceThatIsNotEquatable_isPublishedOnEveryNotification() {
        let store = Store(reducer: Self.scoped, state: AppState(tally: Tally(comparisons: ComparisonCount())))
        let titles = store.subscribe(\.title) { _ in }
        let reactor = LogReactor()
        store.host(reactor, at: \.log)
        var published = 0
        let subscription = reactor.state.subscribe { _ in published += 1 }
        store.dispatch(Retitle(title: "a"))
        store.dispatch(Retitle(title: "b"))
        #expect(published == 3)
        reactor.action.send(.write("x"))
        #expect(published == 4)
        titles.cancel()
        subscription.cancel()
    }

    @Test func aSliceNotRead_isNotInTheTrace() {
        let store = Store(reducer: Self.scoped, state: AppState(tally: Tally(comparisons: ComparisonCount())))
        let titles = store.subscribe(\.title) { _ in }
        let reactor = TallyReactor(comparisons: ComparisonCount())
        store.host(reactor, at: \.tally)
        let history = History<AppState>()
        history.isTracing = true
        history.attach(to: store)
        store.dispatch(Retitle(title: "a"))
        store.dispatch(AddToTally(amount: 1))
        #expect(history.entries[0].trace?.evaluated == ["subscription 1 (\\AppState.title)"])
        #expect(history.entries[1].trace?.evaluated == ["subscription 2 (TallyReactor's slice)"])
        #expect(history.entries[1].trace?.fired == ["subscription 2 (TallyReactor's slice)"])
        titles.cancel()
    }
}
