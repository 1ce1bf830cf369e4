import Foundation
import Reflow

let habitReducer = Reducer<HabitsState>
    .on(HabitAction.self) { state, action in
        switch action {
        case .add(let name):
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            state.habits.append(Habit(id: UUID(), name: trimmed))
            state.draftName = ""
            state.sheet = nil
        case .toggle(let id):
            guard let index = state.habits.firstIndex(where: { $0.id == id }) else { return }
            state.habits[index].doneToday.toggle()
            state.habits[index].streak += state.habits[index].doneToday ? 1 : -1
        case .delete(let id):
            state.habits.removeAll { $0.id == id }
        case .rename(let id, let name):
            guard !name.isEmpty, let index = state.habits.firstIndex(where: { $0.id == id }) else { return }
            state.habits[index].name = name
        }
    }
    .on(SetDraftName.self) { state, action in state.draftName = action.name }
    .on(SyncRequested.self) { state, _ in
        state.isSyncing = true
        state.syncError = nil
    }
    .on(SyncFinished.self) { state, action in
        state.habits = action.habits
        state.isSyncing = false
    }
    .on(SyncFailed.self) { state, action in
        state.syncError = action.message
        state.isSyncing = false
    }
    .on(SetReminderHour.self) { state, action in
        state.preferences.reminderHour = min(max(action.hour, 0), 23)
    }
    .on(SetShowCompleted.self) { state, action in state.preferences.showCompleted = action.show }

let appReducer = Reducer<HabitsState>.combine(
    habitReducer,
    .navigation(\.path),
    .presentation(\.sheet)
)
