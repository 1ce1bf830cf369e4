import ExampleTerminal
import Reflow
import Testing
@testable import GitHubSearchKit

/// The states the live inspector can produce (a skipped page, an imported session, a
/// dispatched query) are shown, never trapped on: the selection is kept within the rows,
/// and text from the state shows its control characters instead of obeying them.
@MainActor
@Suite struct InspectedStateTests {
    private func results(_ count: Int) -> [Repository] {
        (0..<count).map { Fixtures.repositories[$0 % Fixtures.repositories.count] }
    }

    private func screen(showing props: SearchProps) -> SearchScreen {
        let actions = SearchActions(updateQuery: { _ in }, moveUp: {}, moveDown: {}, openDetails: { _ in }, back: {})
        let connection: Connection<SearchApp.State, SearchProps, SearchActions> = Connection(props: props, actions: actions)
        return SearchScreen(connection: connection, source: "catalogue", effects: {}, onFinish: {})
    }

    /// Bug: skipping the three loaded pages after ↓ ×50 left 15 results and selection 50,
    /// and the screen built `first..<min(rows.count, …)` with first past the rows.
    @Test(arguments: [(15, 50), (0, 100), (3, -4)])
    func aSelectionOutsideTheResults_isKeptWithinThem(results count: Int, selection: Int) {
        var state = SearchReactor.State()
        state.results = results(count)
        state.selection = selection
        let props = searchProps(from: state, source: "catalogue")
        #expect(props.selection == (count == 0 ? 0 : min(max(selection, 0), count - 1)))
        let lines = screen(showing: props).frame(size: TerminalSize(columns: 80, rows: 24))
        #expect(lines.count == 24)
        #expect(lines.filter { $0.hasPrefix(">") }.count == (count == 0 ? 0 : 1))
    }

    /// The screen itself draws props whose selection is past its rows (a screen given such
    /// props by hand): no row is marked, nothing traps.
    @Test func propsWithASelectionPastTheRows_drawWithoutAMarkedRow() {
        var state = SearchReactor.State()
        state.results = results(15)
        var props = searchProps(from: state, source: "catalogue")
        props.selection = 50
        let lines = screen(showing: props).frame(size: TerminalSize(columns: 80, rows: 24))
        #expect(lines.count == 24 && !lines.contains { $0.hasPrefix(">") })
    }

    /// A query that carries a terminal's escape sequences (retitle, clear) is drawn with
    /// its control characters visible.
    @Test func controlCharactersInTheState_areShown_notSent() {
        let hostile = "a\u{1B}]2;pwned\u{07}b\u{1B}[2J\u{9B}c\u{7F}"
        #expect(hostile.withVisibleControls == "a␛]2;pwned␇b␛[2J\u{FFFD}c␡")
        #expect("plain ✓ text".withVisibleControls == "plain ✓ text")
        #expect(hostile.withVisibleControls.displayWidth == hostile.unicodeScalars.count)
    }
}
