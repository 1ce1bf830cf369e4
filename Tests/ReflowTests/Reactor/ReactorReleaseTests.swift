import Testing
@testable import Reflow
@testable import ReflowCore

/// A released reactor stops deterministically, with no timer: at once where Reflow can
/// see the release, otherwise at the next operation that could observe it.
@MainActor
@Suite struct ReactorReleaseTests {
    private let reducer = Reducer<ReleaseAppState>
        .on(SetUserName.self) { state, action in state.user = action.name }
        .on(Bump.self) { state, _ in state.other += 1 }

    /// Bug: a released reactor's subjects, pipeline and the store signal merged in
    /// `transform(mutation:)` lived on until a background sweep, indefinitely in a quiet app.
    /// It stops when the merged signal next delivers (no sweep on the dispatch path).
    @Test func releasedReactorWithMergedStoreSignal_isStoppedByItsNextDelivery() {
        let store = Store(reducer: reducer, state: ReleaseAppState())
        weak var weakSubject: ActionSubject<GreetingReactor.Action>?
        weak var weakReactor: GreetingReactor?
        var reactor: GreetingReactor? = GreetingReactor(store: store)
        weakReactor = reactor
        weakSubject = reactor!.action
        #expect(reactor!.currentState == "hello ann")
        store.dispatch(SetUserName(name: "bob"))
        #expect(reactor!.currentState == "hello bob")
        #expect(store.subscriptionCount == 1)
        reactor = nil
        #expect(weakReactor == nil)
        store.dispatch(SetUserName(name: "cy"))  // the merged signal delivers
        #expect(weakSubject == nil)
        #expect(store.subscriptionCount == 0)
    }

    @Test func releasedReactor_subscriptionCountAloneStopsIt() {
        let store = Store(reducer: reducer, state: ReleaseAppState())
        var reactor: GreetingReactor? = GreetingReactor(store: store)
        #expect(reactor?.currentState == "hello ann")  // its pipeline is built on first use
        #expect(store.subscriptionCount == 1)
        reactor = nil
        #expect(store.subscriptionCount == 0)
        _ = reactor
    }

    @Test func releasedStandaloneReactor_isStoppedWhenTheNextReactorIsCreated() {
        weak var weakSubject: ActionSubject<EchoReactor.Action>?
        var reactor: EchoReactor? = EchoReactor()
        reactor!.action.send(1)
        weakSubject = reactor!.action
        weak var core: AnyObject?
        core = ReactorCores.keptCore(of: reactor!)
        reactor = nil
        let next = EchoReactor()
        next.action.send(2)
        #expect(weakSubject == nil)
        #expect(core == nil)
        #expect(next.currentState == [2])
    }

    @Test func releasedStandaloneReactor_isStoppedByTheNextStoreOrSubscription() {
        weak var weakSubject: ActionSubject<EchoReactor.Action>?
        var reactor: EchoReactor? = EchoReactor()
        reactor!.action.send(1)
        weakSubject = reactor!.action
        reactor = nil
        #expect(weakSubject != nil)  // nothing Reflow ran could see the release yet
        let store = Store(reducer: reducer, state: ReleaseAppState())
        #expect(weakSubject == nil)

        var other: EchoReactor? = EchoReactor()
        other!.action.send(2)
        weakSubject = other!.action
        other = nil
        let subscription = store.subscribe(\.other) { _ in }
        #expect(weakSubject == nil)
        _ = (subscription, reactor)
    }

    @Test func reactorReleasedByItsView_isStoppedAtOnce() {
        weak var weakSubject: ActionSubject<EchoReactor.Action>?
        var view: EchoView? = EchoView()
        view!.reactor = EchoReactor()
        weakSubject = view!.reactor!.action
        view = nil
        #expect(weakSubject == nil)

        let other = EchoView()
        other.reactor = EchoReactor()
        weakSubject = other.reactor!.action
        other.reactor = EchoReactor()   // replacing it releases the first
        #expect(weakSubject == nil)
    }

    @Test func stoppedHostedReactor_leavesTheStoreAtOnce() {
        struct HostState: Equatable { var slice: [Int] = [] }
        let store = Store(reducer: .empty, state: HostState())
        var reactor: EchoReactor? = EchoReactor()
        weak let weakReactor = reactor
        store.host(reactor!, at: \.slice)
        reactor!.action.send(3)
        #expect(store.state.slice == [3])
        #expect(store.subscriptionCount == 1)
        reactor = nil
        #expect(weakReactor != nil)          // the store owns it
        store.stopHosting(weakReactor!)
        #expect(weakReactor == nil)
        #expect(store.subscriptionCount == 0)
        #expect(store.state.slice == [3])   // the slice stays
    }

    /// Memory never grows with the number of reactors ever created.
    @Test func manyReactorsCreatedAndReleased_leaveAtMostOneCore() {
        let store = Store(reducer: reducer, state: ReleaseAppState())
        let before = ReactorCores.runningCount
        for index in 0..<300 {
            let reactor = GreetingReactor(store: store)
            #expect(reactor.currentState == "hello ann", "reactor \(index)")
        }
        store.dispatch(Bump())
        #expect(ReactorCores.runningCount == before)
        #expect(store.subscriptionCount == 0)
    }
}

/// Greets the store's user: a store signal merged into its mutations, as the README shows.
private final class GreetingReactor: Reactor {
    enum Action: Sendable { case wave }
    enum Mutation: Sendable { case setUser(String) }
    let initialState = ""
    let store: Store<ReleaseAppState>

    init(store: Store<ReleaseAppState>) {
        self.store = store
    }

    func mutate(action: Action) -> Effect<Mutation> { .none }

    func transform(mutation: Signal<Mutation>) -> Signal<Mutation> {
        mutation.merge(with: store.signal(\.user).map(Mutation.setUser))
    }

    func reduce(state: String, mutation: Mutation) -> String {
        switch mutation {
        case .setUser(let name): "hello \(name)"
        }
    }
}

private struct ReleaseAppState: Equatable { var user = "ann"; var other = 0 }
private struct SetUserName: Action { var name: String }
private struct Bump: Action {}

private final class EchoReactor: Reactor {
    typealias Action = Int
    let initialState: [Int] = []
    func reduce(state: [Int], mutation: Int) -> [Int] { state + [mutation] }
}

private final class EchoView: ReactorView {
    var bag = SubscriptionBag()
    func bind(reactor: EchoReactor) {
        reactor.state.subscribe { _ in }.store(in: bag)
    }
}
