import Foundation
import Reflow

struct Habit: Equatable, Identifiable, Codable {
    let id: UUID
    var name: String
    var streak = 0
    var doneToday = false
}

struct Preferences: Codable, Equatable {
    var reminderHour = 9
    var showCompleted = true
}

enum Route: Equatable {
    case habit(UUID)
    case stats
}

enum Sheet: Equatable, Identifiable {
    case newHabit
    case preferences

    var id: Self { self }
}

struct HabitsState: Equatable {
    var habits: [Habit] = []
    var preferences = Preferences()
    var draftName = ""
    var isSyncing = false
    var syncError: String?
    var path = ScreenStack<Route>()
    var sheet: Sheet?
    var focus = FocusTimerReactor.State()
}

enum HabitAction: Action, Equatable {
    case add(name: String)
    case toggle(id: UUID)
    case delete(id: UUID)
    case rename(id: UUID, name: String)
}

struct SetDraftName: Action, Equatable { var name: String }
struct SyncRequested: Action, Equatable {}
struct SyncFinished: Action, Equatable { var habits: [Habit] }
struct SyncFailed: Action, Equatable { var message: String }
struct SetReminderHour: Action, Equatable { var hour: Int }
struct SetShowCompleted: Action, Equatable { var show: Bool }
