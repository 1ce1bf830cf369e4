import Foundation
import Reflow

let habitEffects = Effects<HabitsState>
    .on(SyncRequested.self) { _, _ in
        @Dependency(\.habitsClient) var client
        return .run { send in
            do {
                let habits = try await client.fetch()
                await send(SyncFinished(habits: habits))
            } catch {
                await send(SyncFailed(message: error.localizedDescription))
            }
        }
        .cancellable(id: "sync", cancelInFlight: true)
    }
    .on(HabitAction.self) { _, state in
        @Dependency(\.habitsClient) var client
        @Dependency(\.continuousClock) var clock
        let habits = state.habits
        return Effect<any Action>.run { _ in
            try await client.save(habits)
        }
        .debounce(id: "save", for: .seconds(1), clock: clock)
    }

func syncIfNeeded() -> Thunk<HabitsState> {
    Thunk { dispatch, getState in
        guard let state = getState(), !state.isSyncing, state.habits.isEmpty else { return }
        dispatch(SyncRequested())
    }
}
