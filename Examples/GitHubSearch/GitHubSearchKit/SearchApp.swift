import ExampleTerminal
import Foundation
import Reflow
import ReflowDevtools

/// The app: one store, the search reactor hosted as its `search` slice, the screens pushed
/// over the results as a stack in the state, a connection for the screen, and (with
/// `--record`) a history written as an inspector page at the end, or (with `--inspect`)
/// served live while it runs.
@MainActor
public enum SearchApp {
    /// The whole app's state: the search, and the screens pushed over its results.
    public struct State: Equatable, Codable {
        public var search = SearchReactor.State()
        public var screens = ScreenStack<Screen>()
        public init() {}
    }

    /// A screen pushed over the search results.
    public enum Screen: Equatable, Codable, Sendable {
        /// One repository in full, found among the search's results by its name.
        case details(fullName: String)
    }

    /// The app's reducer: the navigation of its stack (the search is the hosted reactor's).
    public static let reducer = Reducer<State>.navigation(\.screens)

    /// The stack a deep link's path opens: `/apple/swift` is that repository's details.
    ///
    /// - Parameter path: `owner/name`, with or without a leading `/`.
    /// - Returns: The stack, or `nil` when the path is not `owner/name`.
    public static func screens(forLink path: String) -> ScreenStack<Screen>? {
        ScreenStack(path: path) { components in
            guard components.count >= 2 else { return nil }
            defer { components.removeFirst(2) }
            return .details(fullName: "\(components[components.startIndex])/\(components[components.startIndex + 1])")
        }
    }

    /// The deep link to `stack`: `/apple/swift` for that repository's details.
    public static func link(to stack: ScreenStack<Screen>) -> String {
        stack.path { screen in
            switch screen {
            case .details(let fullName): fullName.split(separator: "/").map(String.init)
            }
        }
    }

    /// Builds the running app over `api`.
    ///
    /// - Parameters:
    ///   - api: What to search: ``OfflineCatalog`` or ``GitHubClient``.
    ///   - clock: The clock of the throttle.
    ///   - recordPath: Where to write the session's inspector page when the screen finishes.
    ///   - inspectPort: Where to serve the live inspector while the app runs (`--inspect`).
    ///   - testPath: Where to write a Swift Testing file that replays the session when the
    ///     screen finishes (`--write-test`).
    ///   - link: A deep link (`--open owner/name`): the app starts on that repository's
    ///     details, with a search for it behind them (Back shows it).
    /// - Returns: The screen, connected, and the store.
    public static func make(api: any RepositorySearching, clock: any Clock<Duration> = ContinuousClock(),
                            recordPath: String? = nil, inspectPort: UInt16? = nil,
                            testPath: String? = nil, link: ScreenStack<Screen>? = nil) -> (screen: SearchScreen, store: Store<State>) {
        var state = State()
        if let link { state.screens = link }
        let store = Store(reducer: reducer, state: state)
        let history = History<State>()
        if recordPath != nil || inspectPort != nil || testPath != nil {
            history.isTracing = true
            history.attach(to: store)
        }
        let inspector = inspectPort.map {
            LiveInspection.start(history, port: $0, title: "GitHubSearch", actionTypes: actionTypes, testSetup: sessionTestSetup)
        }
        // The search and its clock are the store's dependencies; the reactor is made with them.
        store.dependencies.repositorySearch = api
        store.dependencies.continuousClock = clock
        let reactor = withDependencies { $0 = store.dependencies } operation: { SearchReactor() }
        store.host(reactor, at: \.search)
        // A deep link builds the state: its screens are on the stack already, and the search
        // behind them is the one that finds what they show.
        if let link, case .details(let fullName)? = link.screens.last {
            reactor.action.send(.updateQuery("repo:\(fullName)"))
        }
        let connection = makeSearchConnection(store: store, reactor: reactor, source: api.sourceName)
        let screen = SearchScreen(connection: connection, source: api.sourceName,
                                  effects: { await store.waitForEffects() }) {
            inspector?.stop()
            if let testPath {
                RecordingDestination.write(sessionTest(of: history), to: URL(fileURLWithPath: testPath),
                                           actions: history.entries.count, next: "it replays the session through TestStore")
            }
            guard let recordPath else { return }
            RecordingDestination.write(history.inspectorHTML(title: "GitHubSearch session"), to: URL(fileURLWithPath: recordPath),
                                       actions: history.entries.count)
        }
        return (screen, store)
    }

    /// What the inspector's page exports, imports and dispatches: the search reactor's
    /// actions, as a view sends them (`{"action": {"updateQuery": {"_0": "rust"}}}` searches
    /// for "rust"), its mutations, which are what the history records, and the navigation
    /// (`{"action": {"pop": {}}}` goes back).
    public static var actionTypes: ActionTypes {
        var types = ActionTypes()
        types.register(ReactorAction<SearchReactor>.self, as: "SearchReactor.Action")
        types.register(ReactorMutation<SearchReactor>.self, as: "SearchReactor.Mutation")
        types.register(NavigationAction<Screen>.self, as: "Navigation")
        return types
    }

    /// How a test written from a session builds the app: its store's reducer, its state, and
    /// the search reactor on its slice (its `mutate`, and so the catalogue, never runs in
    /// that test: the recorded mutations are replayed).
    public static let sessionTestSetup = SessionTestSetup(
        module: "GitHubSearchKit", reducer: "SearchApp.reducer", state: State(), writtenAs: "SearchApp.State()",
        hosting: [HostedReactorSource("SearchReactor(api: OfflineCatalog.bundled(), clock: ContinuousClock())", at: "\\.search")])

    /// The session as a Swift Testing file, or a comment that says why it cannot be one.
    static func sessionTest(of history: History<State>) -> String {
        do {
            return try history.testSource(sessionTestSetup)
        } catch {
            return "// The session could not be written as a test: \(error)\n"
        }
    }

    /// The script run when standard input is closed: a search, a cancellation, paging and
    /// the details of a result.
    public static let demoScript = """
        # "s" is searched at once; "swift" when the 300 ms throttle window ends, cancelling "s"
        type sw
        type ift
        sleep 320
        wait
        # past the last of the 15 rows: the next page loads and the selection moves onto it
        key down 15
        wait
        # Enter pushes the details screen; Esc (Back) pops it, then clears the query
        key enter
        key esc
        key esc
        type language:rust
        wait
        key esc
        type stars:>1000
        wait
        quit
        """
}
