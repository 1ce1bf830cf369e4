import Reflow
import ReflowReSwift

// ReSwiftTodo: a ReSwift app that builds against ReflowReSwift with only its imports
// changed (AppState.swift, Middleware.swift, TodoListScreen.swift), plus one screen
// moved to a Reflow Connection (StatsScreen.swift). Runs offline with the todos it carries.
//
//   swift run ReSwiftTodo

@MainActor
func runTodoApp() async {
    let store = ReflowReSwift.Store<AppState>(
        reducer: appReducer,
        state: nil,
        middleware: [loggingMiddleware(into: { print("  log:", $0) }), createThunkMiddleware()]
    )

    // The old screen subscribes the ReSwift way...
    let list = TodoListScreen { lines in
        print("list:")
        for line in lines { print("  " + line) }
    }
    store.subscribe(list) { $0.select(\.visibleTodos) }

    // ...and the new one connects to the same store, underneath.
    let stats = StatsScreen(store: store.reflowStore) { print("stats:", $0) }

    await withCheckedContinuation { (loaded: CheckedContinuation<Void, Never>) in
        store.dispatch(loadTodos(onLoaded: { loaded.resume() }))
    }
    store.dispatch(AddTodo(title: "Ship it"))
    store.dispatch(ToggleTodo(id: 1))
    print("filter: open only")
    stats.actions.showOpenOnly()                       // the list shows the open todos
    store.unsubscribe(list)
}

await runTodoApp()
