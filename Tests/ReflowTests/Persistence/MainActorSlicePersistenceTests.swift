import Foundation
import Testing
import Reflow

/// A slice whose conformances are main-actor isolated, as every type of an app under
/// Xcode 26's default isolation is: it needs no `nonisolated`, is encoded on the main
/// actor when written, and is still written only when it changed.
struct IsolatedLayout {
    var columns = 2
    var sidebar = true
}

extension IsolatedLayout: @MainActor Codable, @MainActor Equatable {}

struct LayoutAppState {
    var layout = IsolatedLayout()
    var visits = 0
}

struct SetColumns: Action { var columns: Int }
struct Visit: Action {}

@MainActor
@Suite struct MainActorSlicePersistenceTests {
    private let reducer = Reducer<LayoutAppState>
        .on(SetColumns.self) { state, action in state.layout.columns = action.columns }
        .on(Visit.self) { state, _ in state.visits += 1 }

    @Test func anIsolatedSlice_roundTrips_andIsWrittenOnlyWhenItChanged() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let saving = StatePersistence<LayoutAppState>(directory: directory,
                                                      slices: [PersistedSlice(\.layout, file: "layout.json")])
        let store = Store(reducer: reducer, state: saving.restored(LayoutAppState()))
        saving.attach(to: store)
        store.dispatch(SetColumns(columns: 3))
        await saving.flush()
        #expect(saving.writeCount == 1)
        store.dispatch(Visit())                  // the slice did not change
        await saving.flush()
        store.dispatch(SetColumns(columns: 3))   // nor here
        await saving.flush()
        #expect(saving.writeCount == 1)
        store.dispatch(SetColumns(columns: 4))
        await saving.flush()
        #expect(saving.writeCount == 2)

        let restored = StatePersistence<LayoutAppState>(directory: directory,
                                                        slices: [PersistedSlice(\.layout, file: "layout.json")])
            .restored(LayoutAppState())
        #expect(restored.layout.columns == 4 && restored.layout.sidebar)
    }
}
