import Foundation
import Testing
import Reflow
import ReflowTesting

actor SavedHabits {
    var batches: [[Habit]] = []

    func append(_ habits: [Habit]) {
        batches.append(habits)
    }
}

@MainActor
struct HabitsStoreTests {
    @Test func addingAHabitSavesItAfterASecond() async {
        let clock = TestClock()
        let saved = SavedHabits()
        let store = TestStore(reducer: appReducer, state: HabitsState(), middleware: [habitEffects.middleware])
        store.dependencies.continuousClock = clock
        store.dependencies.habitsClient = HabitsClient(fetch: { [] }, save: { await saved.append($0) })

        await store.send(HabitAction.add(name: "  Run ")) {
            $0.habits = [Habit(id: store.state.habits[0].id, name: "Run")]
        }
        await clock.advance(by: .milliseconds(999))
        #expect(await saved.batches.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await store.finish()
        #expect(await saved.batches.map { $0.map(\.name) } == [["Run"]])
    }

    @Test func aBlankHabitIsNotAdded() async {
        let store = TestStore(reducer: appReducer, state: HabitsState(), middleware: [habitEffects.middleware])
        store.dependencies.continuousClock = TestClock()
        store.dependencies.habitsClient = HabitsClient(fetch: { [] }, save: { _ in })
        await store.send(HabitAction.add(name: "   "))
        store.exhaustivity = .off
    }

    @Test func syncFailureShowsTheError() async {
        let store = TestStore(reducer: appReducer, state: HabitsState(), middleware: [habitEffects.middleware])
        store.dependencies.habitsClient = HabitsClient(fetch: { throw ServerError() }, save: { _ in })

        await store.send(SyncRequested()) { $0.isSyncing = true }
        await store.receive(SyncFailed(message: "The server is not reachable")) {
            $0.isSyncing = false
            $0.syncError = "The server is not reachable"
        }
        await store.finish()
    }

    @Test func syncIfNeededSyncsAnEmptyList() async {
        let habit = Habit(id: UUID(), name: "Read", streak: 4)
        let store = TestStore(reducer: appReducer, state: HabitsState(), middleware: [habitEffects.middleware])
        store.dependencies.habitsClient = HabitsClient(fetch: { [habit] }, save: { _ in })

        await store.send(syncIfNeeded())
        await store.receive(SyncRequested()) { $0.isSyncing = true }
        await store.receive(SyncFinished(habits: [habit])) {
            $0.habits = [habit]
            $0.isSyncing = false
        }
        await store.send(syncIfNeeded())
        await store.finish()
    }

    @Test func openingAndClosingAHabit() async {
        let id = UUID()
        var state = HabitsState()
        state.habits = [Habit(id: id, name: "Read")]
        let store = TestStore(reducer: appReducer, state: state)

        await store.send(NavigationAction.push(Route.habit(id))) {
            _ = $0.path.push(.habit(id))
        }
        await store.send(PresentationAction.present(Sheet.preferences)) {
            $0.sheet = .preferences
        }
        await store.send(PresentationAction<Sheet>.dismiss) {
            $0.sheet = nil
        }
        await store.send(NavigationAction<Route>.pop) {
            _ = $0.path.pop()
        }
    }

    @Test func reminderHourStaysInADay() async {
        let store = TestStore(reducer: appReducer, state: HabitsState())
        await store.send(SetReminderHour(hour: 30)) { $0.preferences.reminderHour = 23 }
        await store.send(SetReminderHour(hour: -2)) { $0.preferences.reminderHour = 0 }
    }

    @Test func focusTimerHostedInTheStore() async {
        let clock = TestClock()
        let store = TestStore(reducer: appReducer, state: HabitsState())
        store.host(FocusTimerReactor(clock: clock), at: \.focus)

        await store.send(ReactorAction<FocusTimerReactor>(.start(minutes: 1)))
        await store.receive(.setRunning(true), from: FocusTimerReactor.self) { $0.focus.isRunning = true }
        await store.receive(.setRemaining(60), from: FocusTimerReactor.self) { $0.focus.remaining = 60 }
        await clock.advance(by: .seconds(1))
        await store.receive(.setRemaining(59), from: FocusTimerReactor.self) { $0.focus.remaining = 59 }
        await store.send(ReactorAction<FocusTimerReactor>(.stop))
        await store.receive(.setRunning(false), from: FocusTimerReactor.self) { $0.focus.isRunning = false }
        await store.finish()
    }
}
