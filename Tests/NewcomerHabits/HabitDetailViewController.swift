import Foundation
import Reflow

final class HabitDetailViewController: UIViewController, Connectable {
    struct Props: Equatable {
        var name: String
        var streak: String
        var isDone: Bool
    }

    struct Actions {
        var rename: (String) -> Void
        var toggle: () -> Void
        var back: () -> Void
    }

    let habitID: UUID
    let connection: Connection<HabitsState, Props, Actions>

    let nameField = UITextField()
    let streakLabel = UILabel()
    let doneButton = UIButton()
    private var name: TwoWayBinding<String>?

    init(habitID: UUID) {
        self.habitID = habitID
        connection = Connection(
            store: store,
            mapStateToProps: { state in
                let habit = state.habits.first { $0.id == habitID }
                return Props(name: habit?.name ?? "",
                             streak: "\(habit?.streak ?? 0) days",
                             isDone: habit?.doneToday ?? false)
            },
            mapDispatchToActions: { dispatch in
                Actions(
                    rename: { dispatch(HabitAction.rename(id: habitID, name: $0)) },
                    toggle: { dispatch(HabitAction.toggle(id: habitID)) },
                    back: { dispatch(NavigationAction<Route>.pop) }
                )
            }
        )
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        connection.bind(\.name, to: nameField, \.text)
        connection.bind(\.streak, to: streakLabel, \.text)
        connection.bind(\.isDone) { [weak self] done in
            self?.doneButton.isEnabled = !done
        }
        name = connection.twoWayBinding(\.name, send: { [habitID] in HabitAction.rename(id: habitID, name: $0) })
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    func nameFieldEditingChanged() {
        name?.value = nameField.text ?? ""
        nameField.text = name?.value
    }
}
