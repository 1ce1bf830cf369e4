import Foundation
import Reflow

let persistence = StatePersistence<HabitsState>(
    directory: FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        .appendingPathComponent("Habits"),
    slices: [
        PersistedSlice(\.habits, file: "habits.json"),
        PersistedSlice(\.preferences, file: "preferences.json", version: 1),
    ]
)

let store = Store(
    reducer: appReducer,
    state: persistence.restored(HabitsState()),
    middleware: [.logging(), habitEffects.middleware]
)

@MainActor let focusTimer = FocusTimerReactor()

@MainActor func applicationDidFinishLaunching() {
    persistence.attach(to: store)
    store.host(focusTimer, at: \.focus)
    store.dispatch(syncIfNeeded())
}
