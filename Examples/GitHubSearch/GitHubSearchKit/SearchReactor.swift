import Reflow

/// The search screen's logic, written the ReactorKit way and hosted as a slice of the app's
/// store. The details of a repository are a screen pushed on the app's stack, not part of
/// the search (``SearchApp/Screen``).
///
/// - Typing updates the query at once; the search itself is throttled to one per 300 ms
///   (the last query of a window is searched when it ends), in ``transform(action:)``.
/// - A new search cancels the one in flight, and the state remembers which it cancelled.
/// - Moving down from the last row loads the next page, when there is one and nothing else
///   is loading; the selection moves onto the first new row when it arrives.
public final class SearchReactor: Reactor {
    public enum Action: Sendable, Equatable, Codable {
        /// The text field changed.
        case updateQuery(String)
        /// Searches now; sent by ``transform(action:)`` after the throttle, not by views.
        case search(String)
        case moveUp
        case moveDown
    }

    public enum Mutation: Sendable, Equatable, Codable {
        case setQuery(String)
        case startSearch(String)
        case clearResults(query: String)
        case setResults(SearchPage, query: String)
        case startNextPage
        case appendResults(SearchPage)
        case fail(String)
        case select(Int)
    }

    public struct State: Equatable, Codable, Sendable {
        /// The text in the search field.
        public var query = ""
        /// The query the results are for (or are being loaded for).
        public var searchedQuery = ""
        /// The query being searched now, if any.
        public var inFlight: String?
        /// The search the last new one cancelled, if it cancelled one.
        public var lastCancelled: String?
        public var results: [Repository] = []
        public var totalCount = 0
        public var nextPage: Int?
        public var isLoadingNextPage = false
        public var selection = 0
        public var error: String?

        public init() {}

        /// Whether something will still change the results: a search or page in flight, or
        /// a query typed but not searched yet (the throttle holds it).
        public var isBusy: Bool { inFlight != nil || isLoadingNextPage || query != searchedQuery }
    }

    public let initialState = State()
    private let api: any RepositorySearching
    private let clock: any Clock<Duration>
    private let throttleInterval: Duration

    /// A reactor that searches `api`, throttling searches to one per `throttle` on `clock`;
    /// by default both are the dependencies in force where it is made
    /// (`DependencyValues.repositorySearch` and `.continuousClock`).
    public init(api: (any RepositorySearching)? = nil, clock: (any Clock<Duration>)? = nil,
                throttle: Duration = .milliseconds(300)) {
        self.api = api ?? DependencyValues.current.repositorySearch
        self.clock = clock ?? DependencyValues.current.continuousClock
        self.throttleInterval = throttle
    }

    public func transform(action: Signal<Action>) -> Signal<Action> {
        let searches = action
            .compactMap { action -> Action? in
                guard case .updateQuery(let query) = action else { return nil }
                return .search(query)
            }
            .throttle(for: throttleInterval, clock: clock, latest: true)
        return action.merge(with: searches)
    }

    public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .updateQuery(let query):
            return .just(.setQuery(query))
        case .search(let query) where query.allSatisfy(\.isWhitespace):
            return .concat(.cancel(id: SearchID()), .just(.clearResults(query: query)))
        case .search(let query):
            return .concat(.just(.startSearch(query)), load(query, page: 1) { .setResults($0, query: query) })
        case .moveUp:
            return .just(.select(max(0, currentState.selection - 1)))
        case .moveDown:
            let state = currentState
            if state.selection < state.results.count - 1 { return .just(.select(state.selection + 1)) }
            guard let nextPage = state.nextPage, !state.isLoadingNextPage, state.inFlight == nil else { return .none }
            return .concat(.just(.startNextPage), load(state.searchedQuery, page: nextPage) { .appendResults($0) })
        }
    }

    /// Loads a page; a newer search or page load cancels it.
    private func load(_ query: String, page: Int, _ mutation: @escaping @Sendable (SearchPage) -> Mutation) -> Effect<Mutation> {
        Effect.run { [api] send in
            do {
                await send(mutation(try await api.search(query, page: page)))
            } catch let error as SearchError {
                await send(.fail(error.description))
            }
        }
        .cancellable(id: SearchID(), cancelInFlight: true)
    }

    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query):
            state.query = query
        case .startSearch(let query):
            state.lastCancelled = state.inFlight
            state.inFlight = query
            state.searchedQuery = query
            state.isLoadingNextPage = false
            state.error = nil
        case .clearResults(let query):
            state = State()
            state.query = query
            state.searchedQuery = query
        case .setResults(let page, let query):
            guard query == state.inFlight else { break }    // a cancelled search's answer
            state.inFlight = nil
            state.results = page.repositories
            state.totalCount = page.totalCount
            state.nextPage = page.nextPage
            state.selection = 0
        case .startNextPage:
            state.isLoadingNextPage = true
            state.error = nil
        case .appendResults(let page):
            guard state.isLoadingNextPage else { break }
            let movesOn = state.selection == state.results.count - 1 && !page.repositories.isEmpty
            state.results += page.repositories
            state.totalCount = page.totalCount
            state.nextPage = page.nextPage
            state.isLoadingNextPage = false
            if movesOn { state.selection += 1 }
        case .fail(let message):
            state.error = message
            state.inFlight = nil
            state.isLoadingNextPage = false
        case .select(let index):
            state.selection = index
        }
        return state
    }
}

/// The id of the one search or page load that may be in flight.
struct SearchID: Hashable, Sendable {}
