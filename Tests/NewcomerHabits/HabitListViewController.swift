import Foundation
import Reflow

final class HabitListViewController: UIViewController, Connectable {
    struct Row: Equatable {
        var id: UUID
        var text: String
        var done: Bool
    }

    struct Props: Equatable {
        var rows: [Row]
        var isSyncing: Bool
        var errorText: String?
        var summary: String
    }

    struct Actions {
        var toggle: (UUID) -> Void
        var delete: (UUID) -> Void
        var open: (UUID) -> Void
        var sync: () -> Void
        var addTapped: () -> Void
        var preferencesTapped: () -> Void
    }

    let connection = Connection(
        store: store,
        mapStateToProps: HabitListViewController.mapStateToProps,
        mapDispatchToActions: HabitListViewController.mapDispatchToActions
    )

    let summaryLabel = UILabel()
    let errorLabel = UILabel()
    let spinner = UIActivityIndicatorView()
    private(set) var rows: [Row] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        connection.bind(\.summary, to: summaryLabel, \.text)
        connection.bind(\.errorText, to: errorLabel, \.text)
        connection.bind(\.isSyncing) { [weak self] isSyncing in
            if isSyncing {
                self?.spinner.startAnimating()
            } else {
                self?.spinner.stopAnimating()
            }
        }
        connection.bind(\.rows) { [weak self] rows in
            self?.rows = rows
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    func didSelectRow(at index: Int) {
        actions.open(rows[index].id)
    }

    func pullToRefresh() {
        actions.sync()
    }

    static func mapStateToProps(_ state: HabitsState) -> Props {
        let visible = state.preferences.showCompleted ? state.habits : state.habits.filter { !$0.doneToday }
        let done = state.habits.filter(\.doneToday).count
        return Props(
            rows: visible.map { Row(id: $0.id, text: "\($0.name) (\($0.streak))", done: $0.doneToday) },
            isSyncing: state.isSyncing,
            errorText: state.syncError,
            summary: "\(done) of \(state.habits.count) done"
        )
    }

    static func mapDispatchToActions(_ dispatch: Dispatch) -> Actions {
        Actions(
            toggle: { dispatch(HabitAction.toggle(id: $0)) },
            delete: { dispatch(HabitAction.delete(id: $0)) },
            open: { dispatch(NavigationAction.push(Route.habit($0))) },
            sync: { dispatch(SyncRequested()) },
            addTapped: { dispatch(PresentationAction.present(Sheet.newHabit)) },
            preferencesTapped: { dispatch(PresentationAction.present(Sheet.preferences)) }
        )
    }
}
