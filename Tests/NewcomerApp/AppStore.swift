import Foundation
import Reflow

let persistence = StatePersistence<ShopState>(
    directory: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("Shop"),
    slices: [PersistedSlice(\.settings, file: "settings.json")]
)

let appStore = Store(
    reducer: shopReducer,
    state: persistence.restored(ShopState()),
    middleware: [apiMiddleware(api: .live), .logging()]
)

@MainActor let searchReactor = SearchReactor(api: .live)

@MainActor func startApp() {
    persistence.attach(to: appStore)
    appStore.host(searchReactor, at: \.search)
    appStore.dispatch(CatalogAction.load)
}
