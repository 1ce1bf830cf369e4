import Foundation
import Testing
import Reflow
import ReflowTesting

@MainActor
struct HabitListViewControllerSpec {
    @Test func showsTheSummaryAndTheSpinner() {
        let vc = HabitListViewController()
        vc.loadViewIfNeeded()
        vc.props = HabitListViewController.Props(rows: [], isSyncing: true, errorText: nil, summary: "1 of 2 done")
        #expect(vc.summaryLabel.text == "1 of 2 done")
        #expect(vc.spinner.isAnimating)
    }

    @Test func selectingARowOpensIt() {
        let vc = HabitListViewController()
        vc.loadViewIfNeeded()
        var opened: [UUID] = []
        vc.actions = HabitListViewController.Actions(
            toggle: { _ in }, delete: { _ in }, open: { opened.append($0) },
            sync: {}, addTapped: {}, preferencesTapped: {}
        )
        let id = UUID()
        vc.props = HabitListViewController.Props(
            rows: [.init(id: id, text: "Read (0)", done: false)], isSyncing: false, errorText: nil, summary: "")
        vc.didSelectRow(at: 0)
        #expect(opened == [id])
    }

    @Test func completedHabitsCanBeHidden() {
        var state = HabitsState()
        state.habits = [Habit(id: UUID(), name: "Read", streak: 1, doneToday: true),
                        Habit(id: UUID(), name: "Run")]
        state.preferences.showCompleted = false
        let props = HabitListViewController.mapStateToProps(state)
        #expect(props.rows.map(\.text) == ["Run (0)"])
        #expect(props.summary == "1 of 2 done")
    }

    @Test func followsATestStore() {
        let vc = HabitListViewController()
        let testStore = Store(reducer: appReducer, state: HabitsState())
        vc.connection.store = testStore
        vc.loadViewIfNeeded()
        vc.viewWillAppear(false)
        testStore.dispatch(HabitAction.add(name: "Walk"))
        #expect(vc.rows.map(\.text) == ["Walk (0)"])
        #expect(vc.summaryLabel.text == "0 of 1 done")
        vc.actions.toggle(vc.rows[0].id)
        #expect(vc.summaryLabel.text == "1 of 1 done")
        vc.viewDidDisappear(false)
    }

    @Test func addAsksForTheSheet() {
        let recorder = DispatchRecorder()
        HabitListViewController.mapDispatchToActions(recorder.dispatch).addTapped()
        #expect(recorder.actions(of: PresentationAction<Sheet>.self) == [.present(.newHabit)])
    }
}

@MainActor
struct HabitDetailViewControllerSpec {
    @Test func aBlankNameIsRefused() {
        let id = UUID()
        var state = HabitsState()
        state.habits = [Habit(id: id, name: "Read")]
        let testStore = Store(reducer: appReducer, state: state)
        let vc = HabitDetailViewController(habitID: id)
        vc.connection.store = testStore
        vc.loadViewIfNeeded()
        vc.viewWillAppear(false)
        #expect(vc.nameField.text == "Read")

        vc.nameField.text = ""
        vc.nameFieldEditingChanged()
        #expect(vc.nameField.text == "Read")

        vc.nameField.text = "Read more"
        vc.nameFieldEditingChanged()
        #expect(testStore.state.habits[0].name == "Read more")
        #expect(vc.streakLabel.text == "0 days")
    }
}

@MainActor
struct PreferencesViewControllerSpec {
    @Test func theReminderIsClamped() {
        let testStore = Store(reducer: appReducer, state: HabitsState())
        let vc = PreferencesViewController()
        vc.connection.store = testStore
        vc.loadViewIfNeeded()
        vc.viewWillAppear(false)
        #expect(vc.reminderLabel.text == "09:00")
        vc.actions.setReminderHour(30)
        #expect(vc.reminderLabel.text == "23:00")
        #expect(vc.completedSwitch.isOn)
    }

    @Test func recordsWhatChanged() {
        let testStore = Store(reducer: appReducer, state: HabitsState())
        let vc = PreferencesViewController()
        vc.connection.store = testStore
        let recorder = PropsRecorder(vc.connection)
        recorder.record(\.reminder)
        recorder.record(\.showCompleted)
        recorder.removeAll()
        vc.connection.connect()
        testStore.dispatch(SetShowCompleted(show: false))
        #expect(recorder.takeEmissions() == [#"\.showCompleted: false"#])
    }
}
