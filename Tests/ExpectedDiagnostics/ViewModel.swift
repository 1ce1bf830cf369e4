import Reflow

// A one-file view model written as the README writes one. Each case in this folder is
// this file with one mistake, marked `// MISTAKE`; .ci/expected-diagnostics type-checks
// each and checks where the errors land (see that script).

struct TodoState: Equatable {
    var title = "Groceries"
    var todos: [String] = []
}

struct AddTodo: Action { var text: String }

let todoReducer = Reducer<TodoState>.on(AddTodo.self) { state, action in state.todos.append(action.text) }

let todoStore = Store(reducer: todoReducer, state: TodoState())

struct TodoProps: Equatable {
    var title: String
    var count: Int
}

struct TodoActions {
    var add: (String) -> Void
}

func mapStateToProps(_ state: TodoState) -> TodoProps {
    TodoProps(title: state.title, count: state.todos.count)
}

func mapDispatchToActions(_ dispatch: Dispatch) -> TodoActions {
    TodoActions(add: { dispatch(AddTodo(text: $0)) })
}

final class Label { var text: String? }

@MainActor final class TodoViewModel: Connectable {
    let connection = Connection(store: todoStore,
                                mapStateToProps: mapStateToProps,
                                mapDispatchToActions: mapDispatchToActions)
    let label = Label()

    func viewDidLoad() {
        connection.bind(\.title, to: label, \.text)
        connection.bind(\.count) { print($0) }
    }
}
