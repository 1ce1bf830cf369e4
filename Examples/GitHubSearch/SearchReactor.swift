import Reflow

/// The seed's GitHub search as a reactor: a new query cancels the search in flight; the
/// next page loads only when there is one and none is loading.
final class SearchReactor: Reactor {
    enum Action: Sendable { case updateQuery(String), loadNextPage }
    enum Mutation: Sendable {
        case setQuery(String)
        case setResults([String], nextPage: Int?)
        case appendResults([String], nextPage: Int?)
        case setLoadingNextPage(Bool)
    }
    struct State: Equatable {
        var query = ""
        var results: [String] = []
        var nextPage: Int?
        var isLoadingNextPage = false
    }

    let initialState = State()
    let api: CatalogAPI

    init(api: CatalogAPI) {
        self.api = api
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .updateQuery(let query):
            return .concat([
                .just(.setQuery(query)),
                .run { [api] send in
                    let page = try await api.search(query, page: 1)
                    await send(.setResults(page.names, nextPage: page.nextPage))
                }
                .cancellable(id: "search", cancelInFlight: true),
            ])
        case .loadNextPage:
            guard !currentState.isLoadingNextPage, let nextPage = currentState.nextPage else { return .none }
            let query = currentState.query
            return .concat([
                .just(.setLoadingNextPage(true)),
                .run { [api] send in
                    let page = try await api.search(query, page: nextPage)
                    await send(.appendResults(page.names, nextPage: page.nextPage))
                }
                .cancellable(id: "search"),
                .just(.setLoadingNextPage(false)),
            ])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query): state.query = query
        case .setResults(let results, let nextPage): state.results = results; state.nextPage = nextPage
        case .appendResults(let results, let nextPage): state.results += results; state.nextPage = nextPage
        case .setLoadingNextPage(let isLoading): state.isLoadingNextPage = isLoading
        }
        return state
    }
}
