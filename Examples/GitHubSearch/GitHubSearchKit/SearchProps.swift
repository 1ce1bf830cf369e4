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
    /// The repository to show in full, when the details are open.
    public var details: Repository?
    public var isBusy: Bool
}

/// What the search screen can do.
public struct SearchActions {
    public var updateQuery: (String) -> Void
    public var moveUp: () -> Void
    public var moveDown: () -> Void
    public var openSelected: () -> Void
    public var closeDetails: () -> Void
}

/// The search slice as props; `source` names what is searched, for the empty screen.
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
        details: state.showsDetails && state.results.indices.contains(state.selection) ? state.results[state.selection] : nil,
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

/// Binds the search slice of `store` to props, and the screen's actions to `reactor`.
@MainActor
public func makeSearchConnection<AppState>(store: Store<AppState>, slice: KeyPath<AppState, SearchReactor.State>,
                                           reactor: SearchReactor, source: String)
    -> Connection<AppState, SearchProps, SearchActions> {
    Connection(
        store: store,
        slice: slice,
        mapSliceToProps: { searchProps(from: $0, source: source) },
        mapDispatchToActions: { _ in
            SearchActions(
                updateQuery: { reactor.action.send(.updateQuery($0)) },
                moveUp: { reactor.action.send(.moveUp) },
                moveDown: { reactor.action.send(.moveDown) },
                openSelected: { reactor.action.send(.openSelected) },
                closeDetails: { reactor.action.send(.closeDetails) }
            )
        }
    )
}
