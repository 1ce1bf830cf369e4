import Reflow

/// The screen moved to Reflow: a `Connection` on the same store, reading only its props
/// and calling only its actions.
@MainActor
final class StatsScreen: Connectable {
    struct Props: Equatable {
        var summary: String
    }

    struct Actions {
        var showOpenOnly: () -> Void
    }

    let connection: Connection<AppState, Props, Actions>

    init(store: Reflow.Store<AppState>, render: @escaping (String) -> Void) {
        connection = Connection(
            store: store,
            mapStateToProps: { state in
                let done = state.todos.filter(\.isDone).count
                return Props(summary: state.isLoading ? "loading…" : "\(done) of \(state.todos.count) done")
            },
            mapDispatchToActions: { dispatch in
                Actions(showOpenOnly: { dispatch(SetFilter(filter: .open)) })
            }
        )
        connection.bind(\.summary, to: render)
        connection.connect()
    }
}
