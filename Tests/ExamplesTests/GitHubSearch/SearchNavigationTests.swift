import ExampleTerminal
import Foundation
import Reflow
import Testing
import GitHubSearchKit
import ReflowDevtools

/// The details are a screen pushed on the app's stack: Enter pushes it, Back (Esc) pops
/// it, and a deep link (`--open owner/name`) is the state with that screen on the stack
/// and the search that finds it behind.
@MainActor
@Suite struct SearchNavigationTests {
    private let catalog = OfflineCatalog.bundled(latency: .zero)

    @Test func enter_pushesTheSelectedRepository_andBack_popsIt_keepingTheResults() async {
        let app = SearchApp.make(api: catalog)
        _ = app.screen.handle(.paste("ripgrep"))                     // one query: searched at once
        await app.screen.waitForEffects()
        #expect(app.screen.props.rows.map(\.name) == ["BurntSushi/ripgrep"])

        _ = app.screen.handle(.enter)
        #expect(app.store.state.screens.screens == [.details(fullName: "BurntSushi/ripgrep")])
        #expect(app.screen.props.details?.repository?.stars == 49_000)
        let shown = app.screen.frame(size: TerminalSize(columns: 80, rows: 24)).joined(separator: "\n")
        #expect(shown.contains("https://github.com/BurntSushi/ripgrep"))

        _ = app.screen.handle(.character("x"))                       // typing is for the results
        #expect(app.store.state.search.query == "ripgrep")
        _ = app.screen.handle(.escape)                                // Back
        #expect(app.store.state.screens.isEmpty)
        #expect(app.screen.props.details == nil)
        #expect(app.store.state.search.query == "ripgrep", "the search behind is as it was")
        _ = app.screen.handle(.escape)                                // now it clears the query
        #expect(app.store.state.search.query == "")
    }

    @Test func enter_onNoResults_pushesNothing() {
        let app = SearchApp.make(api: catalog)
        _ = app.screen.handle(.enter)
        #expect(app.store.state.screens.isEmpty)
    }

    @Test func aDeepLink_startsOnTheDetails_withTheSearchThatFindsThemBehind() async throws {
        let link = try #require(SearchApp.screens(forLink: "/BurntSushi/ripgrep"))
        let app = SearchApp.make(api: catalog, link: link)
        #expect(app.store.state.screens.screens == [.details(fullName: "BurntSushi/ripgrep")])
        #expect(app.screen.props.details?.status == "looking for BurntSushi/ripgrep…")
        await app.screen.waitForEffects()
        #expect(app.screen.props.details?.repository?.fullName == "BurntSushi/ripgrep")

        _ = app.screen.handle(.escape)
        #expect(app.store.state.screens.isEmpty)
        #expect(app.screen.props.query == "repo:BurntSushi/ripgrep")
        #expect(app.screen.props.rows.map(\.name) == ["BurntSushi/ripgrep"])
    }

    @Test func aDeepLinkToARepositoryTheCatalogueLacks_saysSo() async throws {
        let link = try #require(SearchApp.screens(forLink: "nobody/nothing"))
        let app = SearchApp.make(api: catalog, link: link)
        await app.screen.waitForEffects()
        #expect(app.screen.props.details?.status == "nobody/nothing is not among the results for “repo:nobody/nothing”")
    }

    @Test func links_roundTrip_andAPathThatIsNoRepository_isNone() throws {
        let stack = try #require(SearchApp.screens(forLink: "/apple/swift/ReSwift/ReSwift"))
        #expect(stack.screens == [.details(fullName: "apple/swift"), .details(fullName: "ReSwift/ReSwift")])
        #expect(SearchApp.link(to: stack) == "/apple/swift/ReSwift/ReSwift")
        #expect(SearchApp.screens(forLink: SearchApp.link(to: stack))?.screens == stack.screens)
        #expect(SearchApp.screens(forLink: "apple") == nil)
        #expect(SearchApp.screens(forLink: "/apple/swift/extra") == nil)
    }

    @Test func navigationActions_exportAndImport_throughTheInspectorsTypes() throws {
        let types = SearchApp.actionTypes
        let history = History<SearchApp.State>()
        let store = Store(reducer: SearchApp.reducer, state: SearchApp.State())
        history.attach(to: store)
        store.dispatch(NavigationAction.push(SearchApp.Screen.details(fullName: "apple/swift")))
        store.dispatch(NavigationAction<SearchApp.Screen>.pop)
        let exported = try history.exportJSON(actionTypes: types)
        #expect(String(decoding: exported, as: UTF8.self).contains(#""action":{"pop":{}}"#))
        let imported = History<SearchApp.State>()
        try imported.importJSON(exported, actionTypes: types)
        #expect(imported.entries.map(\.state) == history.entries.map(\.state))
        #expect(imported.entries.first?.action as? NavigationAction<SearchApp.Screen>
                == .push(.details(fullName: "apple/swift")))
    }
}
