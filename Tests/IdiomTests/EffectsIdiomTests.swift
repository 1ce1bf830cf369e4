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

@MainActor
@Suite struct EffectsIdiomTests {
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
