import Foundation
import Testing
import Reflow

// An app as a newcomer writes it from the docs, before trying any build setting: a
// file-scope store whose settings slice is persisted, a cancellable effect with an id of
// the app's own enum, and plain types with no `nonisolated` anywhere. It must compile in
// every setting .ci/compile-settings builds, with no annotation the app does not need.

struct AppSettings: Codable, Equatable {
    var theme = "light"
    var fontSize = 14
}

struct NewAppState: Equatable {
    var settings = AppSettings()
    var results: [String] = []
}

struct SetTheme: Action { var theme: String }
struct ResultsLoaded: Action { var results: [String] }

enum SearchCancelID { case search }

let newAppReducer = Reducer<NewAppState>
    .on(SetTheme.self) { state, action in state.settings.theme = action.theme }
    .on(ResultsLoaded.self) { state, action in state.results = action.results }

/// Where the settings file lives: a folder of its own under the temporary directory, so
/// the test never touches the app's real Application Support.
let newAppDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("reflow-new-app-\(UUID().uuidString)")

let newAppPersistence = StatePersistence<NewAppState>(
    directory: newAppDirectory,
    slices: [PersistedSlice(\.settings, file: "settings.json")]
)

let newAppStore = Store(reducer: newAppReducer, state: newAppPersistence.restored(NewAppState()))

@MainActor
func searchEffect(_ query: String) -> Effect<any Action> {
    Effect<any Action>.run { send in
        await send(ResultsLoaded(results: [query]))
    }
    .cancellable(id: SearchCancelID.search, cancelInFlight: true)
}

@MainActor
@Suite struct NewAppIdiomTests {
    @Test func aFileScopeStore_restoresItsPersistedSlice_andRunsCancellableEffects() async {
        newAppPersistence.attach(to: newAppStore)
        newAppStore.dispatch(SetTheme(theme: "dark"))
        await newAppPersistence.flush()
        let restored = StatePersistence<NewAppState>(directory: newAppDirectory,
                                                     slices: [PersistedSlice(\.settings, file: "settings.json")])
            .restored(NewAppState())
        #expect(restored.settings.theme == "dark")

        await newAppStore.run(searchEffect("swift")).finish()
        #expect(newAppStore.state.results == ["swift"])
        newAppStore.run(.cancel(id: SearchCancelID.search))
        try? FileManager.default.removeItem(at: newAppDirectory)
    }
}
