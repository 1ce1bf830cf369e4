import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct SearchReactorSpec {
    let api = APIClient(
        logIn: { name, _ in User(name: name, token: "t") },
        products: { [] },
        search: { query in [Product(id: 9, name: query, price: 1)] }
    )

    @Test func search_setsResults() async {
        let store = TestStore(reducer: shopReducer, state: ShopState())
        let reactor = SearchReactor(api: api)
        store.host(reactor, at: \.search)
        await store.send(ReactorAction<SearchReactor>(.updateQuery("tea")))
        await store.receive(.setQuery("tea"), from: SearchReactor.self) { $0.search.query = "tea" }
        await store.receive(.setSearching(true), from: SearchReactor.self) { $0.search.isSearching = true }
        await store.receive(.setResults([Product(id: 9, name: "tea", price: 1)]), from: SearchReactor.self) {
            $0.search.results = [Product(id: 9, name: "tea", price: 1)]
        }
        await store.receive(.setSearching(false), from: SearchReactor.self) { $0.search.isSearching = false }
        await store.finish()
    }

    @Test func clear_emptiesTheResults() {
        let reactor = SearchReactor(api: api)
        reactor.action.send(.clear)
        #expect(reactor.currentState.query == "")
        #expect(reactor.currentState.results.isEmpty)
    }
}
