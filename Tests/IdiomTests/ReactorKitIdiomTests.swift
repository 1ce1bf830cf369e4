import Testing
import Reflow
import ReflowTesting

// ReactorKit's README, in Swift 6 language mode: a reactor that declares Action, Mutation,
// State, initialState, mutate and reduce and nothing else, and a view that adopts
// ReactorView, is bound by assigning `reactor`, sends actions and binds state.

final class ProfileViewReactor: Reactor {
    // Plain enums, as ReactorKit's README declares them: under Xcode 26's default isolation
    // their `Equatable` conformances are main-actor isolated, which is where they are used.
    enum Action: Equatable {
        case refreshFollowingStatus(Int)
        case follow(Int)
    }

    enum Mutation: Equatable {
        case setFollowing(Bool)
    }

    struct State: Equatable {
        var isFollowing = false
    }

    let initialState = State()

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .refreshFollowingStatus(let userID):
            return .run { send in await send(.setFollowing(userID.isMultiple(of: 2))) }
        case .follow:
            return .just(.setFollowing(true))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setFollowing(let isFollowing):
            state.isFollowing = isFollowing
        }
        return state
    }
}

/// Stands in for a button: a class with `isSelected`.
final class Button {
    var isSelected = false
}

@MainActor
final class ProfileViewController: ReactorView {
    var bag = SubscriptionBag()
    let followButton = Button()
    var userID = 7

    func bind(reactor: ProfileViewReactor) {
        // State (Reactor -> View)
        reactor.state.map(\.isFollowing).distinctUntilChanged()
            .bind(to: followButton, \.isSelected)
            .store(in: bag)
    }

    // Action (View -> Reactor)
    func followTapped() {
        reactor?.action.send(.follow(userID))
    }
}

/// A store whose slice a ReactorKit reactor lives in, with a view model whose actions reach
/// the reactor through `Dispatch` only.
struct ProfileAppState: Equatable {
    var profile = ProfileViewReactor.State()
}

struct ProfileActions {
    let follow: (Int) -> Void
}

@MainActor let profileActions = { (dispatch: Dispatch) in
    ProfileActions(follow: { dispatch(ReactorAction<ProfileViewReactor>(.follow($0))) })
}

@MainActor
@Suite struct ReactorKitIdiomTests {
    @Test func readmeView_boundByAssignment_tapFollows() {
        let view = ProfileViewController()
        view.reactor = ProfileViewReactor()
        #expect(view.followButton.isSelected == false)
        view.followTapped()
        #expect(view.followButton.isSelected)
        #expect(view.reactor?.currentState.isFollowing == true)
    }

    @Test func readmeReactor_asyncMutation_arrivesOnTheMainActor() async {
        let reactor = ProfileViewReactor()
        let following = reactor.state.map(\.isFollowing).values
        reactor.action.send(.refreshFollowingStatus(4))
        var seen: [Bool] = []
        for await isFollowing in following {
            seen.append(isFollowing)
            if isFollowing { break }
        }
        #expect(seen == [false, true])
    }

    @Test func readmeView_stubbedReactor_recordsActions() {
        let reactor = ProfileViewReactor()
        reactor.isStubEnabled = true
        let view = ProfileViewController()
        view.reactor = reactor
        view.followTapped()
        #expect(reactor.stub.actions == [.follow(7)])
        reactor.stub.state = ProfileViewReactor.State(isFollowing: true)
        #expect(view.followButton.isSelected)
    }

    @Test func hostedReactor_viewModelActionsGoThroughDispatch() {
        let reactor = ProfileViewReactor()
        let store = Store(reducer: Reducer<ProfileAppState> { _, _ in }, state: ProfileAppState())
        store.host(reactor, at: \.profile)
        let connection = Connection(store: store, slice: \.profile.isFollowing, mapSliceToProps: { $0 },
                                    mapDispatchToActions: profileActions)
        connection.connect()
        connection.actions.follow(1)
        #expect(connection.props == true && reactor.currentState.isFollowing)
    }

    @Test func hostedReactor_inATestStore_mutationsAssertedByValue() async {
        let store = TestStore(reducer: Reducer<ProfileAppState> { _, _ in }, state: ProfileAppState())
        store.host(ProfileViewReactor(), at: \.profile)
        await store.send(ReactorAction<ProfileViewReactor>(.refreshFollowingStatus(2)))
        await store.receive(.setFollowing(true), from: ProfileViewReactor.self) { $0.profile.isFollowing = true }
        await store.finish()
    }
}
