import Foundation
import Reflow

@MainActor private let mapStateToProps = { (state: HabitsState) in
    PreferencesViewController.Props(
        reminder: String(format: "%02d:00", state.preferences.reminderHour),
        showCompleted: state.preferences.showCompleted
    )
}

@MainActor private let mapDispatchToActions = { (dispatch: @escaping DispatchFunction) in
    PreferencesViewController.Actions(
        setReminderHour: { dispatch(SetReminderHour(hour: $0)) },
        setShowCompleted: { dispatch(SetShowCompleted(show: $0)) },
        close: { dispatch(PresentationAction<Sheet>.dismiss) }
    )
}

final class PreferencesViewController: UIViewController, Connectable {
    struct Props: Equatable {
        let reminder: String
        let showCompleted: Bool
    }

    struct Actions {
        let setReminderHour: (Int) -> Void
        let setShowCompleted: (Bool) -> Void
        let close: () -> Void
    }

    let connection = Connection(store: store, mapStateToProps: mapStateToProps, mapDispatchToActions: mapDispatchToActions)

    let reminderLabel = UILabel()
    let completedSwitch = UISwitch()

    override func viewDidLoad() {
        super.viewDidLoad()
        connection.subscribe(\.reminder) { [weak self] text in
            self?.reminderLabel.text = text
        }
        connection.bind(\.showCompleted, to: completedSwitch, \.isOn)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    func switchChanged() {
        actions.setShowCompleted(completedSwitch.isOn)
    }
}
