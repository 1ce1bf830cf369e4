import Testing
import Reflow
import ReflowTesting

// Effects started by actions, as an app declares them: at file scope beside the reducer,
// one handler a closure and one a static function, with an API client of closures. It must
// compile in every setting .ci/compile-settings builds, with no annotation.

struct ShopItem: Equatable {
    var id: Int
    var name: String
}

struct CatalogState: Equatable {
    var items: [ShopItem] = []
    var isLoading = false
}

struct LoadCatalog: Action, Equatable {}
struct CatalogLoaded: Action, Equatable { var items: [ShopItem] }

struct CatalogClient {
    var load: @Sendable () async -> [String]
}

let catalogReducer = Reducer<CatalogState>
    .on(LoadCatalog.self) { state, _ in state.isLoading = true }
    .on(CatalogLoaded.self) { state, action in
        state.items = action.items
        state.isLoading = false
    }

enum CatalogEffects {
    static func load(_ action: LoadCatalog, _ state: CatalogState) -> Effect<any Action> {
        .none
    }
}

/// Effects at file scope, as reducers are declared.
let loggingEffects = Effects<CatalogState>.on(CatalogLoaded.self) { action, state in
    print("loaded", action.items.count, "now", state.items.count)
    return .none
}

func catalogEffects(client: CatalogClient) -> Effects<CatalogState> {
    let effects = Effects<CatalogState>
        .on(LoadCatalog.self) { _, _ in
            .run { send in
                let names = await client.load()
                let items = names.enumerated().map { ShopItem(id: $0.offset, name: $0.element) }
                await send(CatalogLoaded(items: items))
            }
            .cancellable(id: "catalog", cancelInFlight: true)
        }
        .on(LoadCatalog.self, CatalogEffects.load)
    return Effects.combine(effects, loggingEffects)
}

// Dependencies as an app declares them: a client of closures, a key with a live value,
// a property of DependencyValues; read with @Dependency in a handler, a thunk and a reactor.
struct PriceClient {
    var price: @Sendable (Int) async -> Int
}

enum PriceClientKey: DependencyKey {
    static let liveValue = PriceClient(price: { $0 * 100 })
    static let testValue = PriceClient(price: { _ in 0 })
}

extension DependencyValues {
    var priceClient: PriceClient {
        get { self[PriceClientKey.self] }
        set { self[PriceClientKey.self] = newValue }
    }
}

struct PriceItem: Action, Equatable { var id: Int }
struct Priced: Action, Equatable { var cents: Int }
struct RefreshTapped: Action, Equatable {}

let pricingReducer = Reducer<CatalogState>
    .on(Priced.self) { state, action in state.items.append(ShopItem(id: action.cents, name: "priced")) }

let pricingEffects = Effects<CatalogState>
    .on(PriceItem.self) { action, _ in
        @Dependency(\.priceClient) var client
        return .run { [client] send in
            await send(Priced(cents: await client.price(action.id)))
        }
    }
    .on(RefreshTapped.self) { _, _ in
        @Dependency(\.continuousClock) var clock
        return Effect<any Action>.just(Priced(cents: 1))
            .throttle(id: "refresh", for: .seconds(1), clock: clock)
    }

func priceFirstItem() -> Thunk<CatalogState> {
    Thunk { dispatch, getState in
        guard let first = getState()?.items.first else { return }
        dispatch(PriceItem(id: first.id))
    }
}

final class PriceReactor: Reactor {
    enum Action { case price(Int) }
    enum Mutation { case setCents(Int) }
    struct State: Equatable { var cents = 0 }
    let initialState = State()
    @Dependency(\.priceClient) var client

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .price(let id):
            return .run { [client] send in await send(.setCents(await client.price(id))) }
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setCents(let cents): return State(cents: cents)
        }
    }
}

@MainActor
@Suite struct EffectsIdiomTests {
    @Test func aThunkAndAnEffect_useTheTestStoresDependency() async {
        let store = TestStore(reducer: pricingReducer, state: CatalogState(items: [ShopItem(id: 3, name: "tea")]),
                              middleware: [pricingEffects.middleware])
        let clock = TestClock()
        store.dependencies.priceClient = PriceClient(price: { $0 * 2 })
        store.dependencies.continuousClock = clock
        await store.send(priceFirstItem())
        await store.receive(PriceItem(id: 3))
        await store.receive(Priced(cents: 6)) { $0.items.append(ShopItem(id: 6, name: "priced")) }
        await store.send(RefreshTapped())
        await store.receive(Priced(cents: 1)) { $0.items.append(ShopItem(id: 1, name: "priced")) }
        await clock.advance(by: .milliseconds(999))
        await store.send(RefreshTapped())    // inside the throttle's second: dropped
        await clock.advance(by: .milliseconds(1))
        await store.send(RefreshTapped())    // the second is over
        await store.receive(Priced(cents: 1)) { $0.items.append(ShopItem(id: 1, name: "priced")) }
        await clock.run()
        await store.finish()
    }

    @Test func aReactor_usesTheDependencyItIsGiven() async {
        let clock = TestClock()  // drives the effect's work in the test
        let reactor = withDependencies { $0.priceClient = PriceClient(price: { $0 + 1 }) } operation: {
            PriceReactor()
        }
        withDependencies { $0.priceClient = PriceClient(price: { $0 + 1 }) } operation: {
            reactor.action.send(.price(41))
        }
        await clock.settle()
        #expect(reactor.currentState.cents == 42)
    }

    @Test func loadingTheCatalog_throughATestStore() async {
        let effects = catalogEffects(client: CatalogClient(load: { ["tea"] }))
        let store = TestStore(reducer: catalogReducer, state: CatalogState(), middleware: [effects.middleware])
        await store.send(LoadCatalog()) { $0.isLoading = true }
        await store.receive(CatalogLoaded(items: [ShopItem(id: 0, name: "tea")])) {
            $0.items = [ShopItem(id: 0, name: "tea")]
            $0.isLoading = false
        }
        await store.finish()
    }
}
