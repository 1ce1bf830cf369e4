import Foundation
import Reflow

final class SearchReactor: Reactor {
    enum Action {
        case updateQuery(String)
        case clear
    }

    enum Mutation: Equatable {
        case setQuery(String)
        case setResults([Product])
        case setSearching(Bool)
    }

    struct State: Equatable {
        var query = ""
        var results: [Product] = []
        var isSearching = false
    }

    enum CancelID { case search }

    let initialState = State()
    private let api: APIClient

    init(api: APIClient) {
        self.api = api
    }

    func transform(action: Signal<Action>) -> Signal<Action> {
        action.debounce(for: .milliseconds(300), clock: ContinuousClock())
    }

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .updateQuery(let query):
            let api = self.api
            return .concat([
                .just(.setQuery(query)),
                .just(.setSearching(true)),
                Effect.run { send in
                    let results = (try? await api.search(query)) ?? []
                    await send(.setResults(results))
                    await send(.setSearching(false))
                }.cancellable(id: CancelID.search, cancelInFlight: true),
            ])
        case .clear:
            return .concat([
                .cancel(id: CancelID.search),
                .just(.setQuery("")),
                .just(.setResults([])),
                .just(.setSearching(false)),
            ])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query): state.query = query
        case .setResults(let results): state.results = results
        case .setSearching(let isSearching): state.isSearching = isSearching
        }
        return state
    }
}
