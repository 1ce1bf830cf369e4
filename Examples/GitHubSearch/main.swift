import Foundation
import Reflow

// The main example: one store holds the app; the search screen's reactor lives as a slice
// of it; a connection gives the "view" (a terminal printer) props and actions; a logging
// middleware sees every mutation. Runs offline on the catalog it carries.

struct AppState: Equatable {
    var search = SearchReactor.State()
    var searchesStarted = 0
}

struct SearchStarted: Action {}

/// What the results screen shows, and what it can do.
struct ResultsProps: Equatable {
    var title: String
    var rows: [String]
    var footer: String
}

struct ResultsActions {
    var search: (String) -> Void
    var loadMore: () -> Void
}

/// Stands in for a view: prints whatever it is bound to.
@MainActor
final class TerminalScreen {
    var title = "" { didSet { print("\n== \(title) ==") } }
    var rows: [String] = [] { didSet { for (index, row) in rows.enumerated() { print("  \(index + 1). \(row)") } } }
    var footer = "" { didSet { if !footer.isEmpty { print("  [\(footer)]") } } }
}

@MainActor
func runExample() async throws {
    let catalog = try Catalog.decode(Catalog.bundledJSON)
    let api = CatalogAPI(repositories: catalog.repositories, latency: .milliseconds(30))
    var log: [String] = []
    let logger = Middleware<AppState> { _, action, next in
        log.append("\(action)")
        next(action)
    }
    let store = Store(
        reducer: Reducer<AppState>.on(SearchStarted.self) { state, _ in state.searchesStarted += 1 },
        state: AppState(),
        middleware: [logger]
    )
    // `--record FILE`: keep the session's history, traced, and write it as an inspector page.
    let history = History<AppState>()
    if recordPath != nil {
        history.isTracing = true
        history.attach(to: store)
    }
    let reactor = SearchReactor(api: api)
    store.host(reactor, at: \.search)

    let connection = Connection(
        store: store,
        slice: \.search,
        mapSliceToProps: { search in
            ResultsProps(
                title: search.query.isEmpty ? "Search" : "Results for \"\(search.query)\"",
                rows: search.results,
                footer: search.isLoadingNextPage ? "loading…" : (search.nextPage == nil ? "" : "more available")
            )
        },
        mapDispatchToActions: { dispatch in
            ResultsActions(
                search: { query in
                    dispatch(SearchStarted())
                    reactor.action.send(.updateQuery(query))
                },
                loadMore: { reactor.action.send(.loadNextPage) }
            )
        }
    )
    let screen = TerminalScreen()
    connection.bind(\.title, to: screen, \.title)
    connection.bind(\.rows, to: screen, \.rows)
    connection.bind(\.footer, to: screen, \.footer)
    connection.connect()

    connection.actions.search("sw")
    connection.actions.search("swift")           // cancels the "sw" search in flight
    await waitFor { reactor.currentState.results.count > 0 }
    connection.actions.loadMore()
    await waitFor { !reactor.currentState.isLoadingNextPage }
    connection.actions.loadMore()
    await waitFor { !reactor.currentState.isLoadingNextPage }

    print("\nThe store saw \(log.count) actions, among them:")
    for entry in log.prefix(4) { print("  \(entry)") }
    print("Searches started: \(store.state.searchesStarted)")
    connection.disconnect()
    if let recordPath {
        try history.inspectorHTML(title: "GitHubSearch session")
            .write(to: URL(fileURLWithPath: recordPath), atomically: true, encoding: .utf8)
        print("Recorded \(history.entries.count) actions to \(recordPath); open it in a browser.")
    }
}

/// The file `--record FILE` names, if given.
let recordPath: String? = {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--record"), flag + 1 < arguments.count else { return nil }
    return arguments[flag + 1]
}()

@MainActor
func waitFor(_ condition: () -> Bool) async {
    for _ in 0..<500 where !condition() {
        try? await Task.sleep(for: .milliseconds(5))
    }
}

do {
    try await runExample()
} catch {
    print("The example could not start: \(error)")
}
