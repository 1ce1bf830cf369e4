import Reflow

/// What the search screen shows: everything it needs, and nothing it must work out.
public struct SearchProps: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var name: String
        public var stars: String
        public var language: String
        public var summary: String
    }

    public var query: String
    public var rows: [Row]
    public var selection: Int
    public var status: String
    /// The details screen, when one is pushed over the results.
    public var details: Details?
    public var isBusy: Bool

    /// What the details screen shows: the repository, once the search behind it has found it.
    public struct Details: Equatable, Sendable {
        public var fullName: String
        public var repository: Repository?
        /// Why there is no repository to show: it is being searched, or was not found.
        public var status: String
    }
}

/// What the search screen can do.
public struct SearchActions {
    public var updateQuery: (String) -> Void
    public var moveUp: () -> Void
    public var moveDown: () -> Void
    /// Pushes the details of the repository with this full name.
    public var openDetails: (String) -> Void
    /// Back: pops the top screen.
    public var back: () -> Void
}

/// The app's state as the search screen's props; `source` names what is searched, for the
/// empty screen.
public func searchProps(from state: SearchApp.State, source: String) -> SearchProps {
    var props = searchProps(from: state.search, source: source)
    if case .details(let fullName)? = state.screens.last?.screen {
        let repository = state.search.results.first { $0.fullName.lowercased() == fullName.lowercased() }
        let status = repository != nil ? "" : state.search.isBusy ? "looking for \(fullName)…"
            : state.search.error.map { "⚠ \($0)" } ?? "\(fullName) is not among the results for “\(state.search.searchedQuery)”"
        props.details = SearchProps.Details(fullName: fullName, repository: repository, status: status)
    }
    return props
}

/// The search slice as props, without the screens over it.
public func searchProps(from state: SearchReactor.State, source: String) -> SearchProps {
    SearchProps(
        query: state.query,
        rows: state.results.map { repository in
            SearchProps.Row(name: repository.fullName, stars: "★ \(abbreviated(repository.stars))",
                            language: repository.language ?? "", summary: repository.description ?? "")
        },
        // Within the rows whatever the state holds: a skipped or imported history can leave
        // a selection past the results the recomputed state has.
        selection: state.results.isEmpty ? 0 : min(max(state.selection, 0), state.results.count - 1),
        status: status(of: state, source: source),
        details: nil,
        isBusy: state.isBusy
    )
}

private func status(of state: SearchReactor.State, source: String) -> String {
    if let error = state.error { return "⚠ \(error)" }
    if let query = state.inFlight {
        let cancelled = state.lastCancelled.map { " (cancelled the search for “\($0)”)" } ?? ""
        return "searching “\(query)”…\(cancelled)"
    }
    if state.isLoadingNextPage { return "\(state.results.count) of \(state.totalCount) · loading page \(state.nextPage ?? 0)…" }
    if state.query != state.searchedQuery { return "…" }
    if state.searchedQuery.allSatisfy(\.isWhitespace) { return "type to search the \(source)" }
    if state.results.isEmpty { return "no repository matches “\(state.searchedQuery)”" }
    if state.nextPage != nil {
        return "\(state.results.count) of \(state.totalCount) · ↓ past the last row loads more"
    }
    return "all \(state.totalCount) shown"
}

/// `67600` → `67.6k`, as GitHub shows stars.
func abbreviated(_ count: Int) -> String {
    guard count >= 1000 else { return String(count) }
    let tenths = (count + 50) / 100
    return tenths % 10 == 0 ? "\(tenths / 10)k" : "\(tenths / 10).\(tenths % 10)k"
}

/// Binds the app's state to props, the search's actions to `reactor`, and the navigation to
/// the store's stack.
@MainActor
public func makeSearchConnection(store: Store<SearchApp.State>, reactor: SearchReactor, source: String)
    -> Connection<SearchApp.State, SearchProps, SearchActions> {
    Connection(
        store: store,
        mapStateToProps: { searchProps(from: $0, source: source) },
        mapDispatchToActions: { dispatch in
            SearchActions(
                updateQuery: { reactor.action.send(.updateQuery($0)) },
                moveUp: { reactor.action.send(.moveUp) },
                moveDown: { reactor.action.send(.moveDown) },
                openDetails: { dispatch(NavigationAction.push(SearchApp.Screen.details(fullName: $0))) },
                back: { dispatch(NavigationAction<SearchApp.Screen>.pop) }
            )
        }
    )
}
