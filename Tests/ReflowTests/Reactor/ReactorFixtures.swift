import Reflow
import ReflowTesting

// The seed's reactors, shared by the reactor suites.

/// The seed's counter: a delayed increase with a loading flag, and a `@Pulse` alert.
final class CounterReactor: Reactor {
    enum Action: Sendable { case increase, decrease, showAlert(String) }
    enum Mutation: Sendable { case increaseValue, decreaseValue, setLoading(Bool), setAlert(String) }
    struct State: Equatable {
        var value = 0
        var isLoading = false
        @Pulse var alertMessage: String?
    }

    let initialState = State()
    let clock: TestClock

    init(clock: TestClock = TestClock()) {
        self.clock = clock
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .increase:
            return .concat([
                .just(.setLoading(true)),
                .run { [clock] send in
                    try await clock.sleep(for: .milliseconds(500))
                    await send(.increaseValue)
                },
                .just(.setLoading(false)),
            ])
        case .decrease:
            return .just(.decreaseValue)
        case .showAlert(let message):
            return .just(.setAlert(message))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increaseValue: state.value += 1
        case .decreaseValue: state.value -= 1
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .setAlert(let message): state.alertMessage = message
        }
        return state
    }
}

/// A GitHub search API that answers from canned pages after a delay on a test clock.
struct FakeGitHubAPI: Sendable {
    let clock: TestClock
    let delay: Duration
    let pages: [String: [[String]]]
    /// Delays for particular queries, to make an old search answer after a newer one.
    var delays: [String: Duration] = [:]

    /// The repositories for `query` at `page`, and the next page if there is one.
    func search(_ query: String, page: Int) async throws -> (repos: [String], nextPage: Int?) {
        try await clock.sleep(for: delays[query] ?? delay)
        let results = pages[query] ?? []
        guard page - 1 < results.count else { return ([], nil) }
        return (results[page - 1], page < results.count ? page + 1 : nil)
    }
}

/// The seed's GitHub search: a new query cancels the search in flight; the next page
/// loads only when one exists and none is loading.
final class GitHubSearchReactor: Reactor {
    enum Action: Sendable { case updateQuery(String?), loadNextPage }
    enum Mutation: Sendable {
        case setQuery(String?)
        case setRepos([String], nextPage: Int?)
        case appendRepos([String], nextPage: Int?)
        case setLoadingNextPage(Bool)
    }
    struct State: Equatable {
        var query: String?
        var repos: [String] = []
        var nextPage: Int?
        var isLoadingNextPage = false
    }

    let initialState = State()
    let api: FakeGitHubAPI

    init(api: FakeGitHubAPI) {
        self.api = api
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .updateQuery(let query):
            return .concat([
                .just(.setQuery(query)),
                .run { [api] send in
                    guard let query, !query.isEmpty else { return await send(.setRepos([], nextPage: nil)) }
                    let page = try await api.search(query, page: 1)
                    await send(.setRepos(page.repos, nextPage: page.nextPage))
                }
                .cancellable(id: "search", cancelInFlight: true),
            ])
        case .loadNextPage:
            guard !currentState.isLoadingNextPage, let nextPage = currentState.nextPage,
                  let query = currentState.query else { return .none }
            return .concat([
                .just(.setLoadingNextPage(true)),
                .run { [api] send in
                    let page = try await api.search(query, page: nextPage)
                    await send(.appendRepos(page.repos, nextPage: page.nextPage))
                }
                .cancellable(id: "search"),
                .just(.setLoadingNextPage(false)),
            ])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query):
            state.query = query
        case .setRepos(let repos, let nextPage):
            state.repos = repos
            state.nextPage = nextPage
        case .appendRepos(let repos, let nextPage):
            state.repos.append(contentsOf: repos)
            state.nextPage = nextPage
        case .setLoadingNextPage(let isLoading):
            state.isLoadingNextPage = isLoading
        }
        return state
    }
}
