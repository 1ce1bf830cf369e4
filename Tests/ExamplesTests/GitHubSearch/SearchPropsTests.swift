import Testing
import GitHubSearchKit

@Suite struct SearchPropsTests {
    func state(_ change: (inout SearchReactor.State) -> Void) -> SearchReactor.State {
        var state = SearchReactor.State()
        change(&state)
        return state
    }

    @Test func rows_showNameStarsLanguageAndSummary() {
        let props = searchProps(from: state {
            $0.query = "swift"; $0.searchedQuery = "swift"
            $0.results = Array(Fixtures.repositories.prefix(2)); $0.totalCount = 5; $0.nextPage = 2
        }, source: "test")
        #expect(props.rows.map(\.name) == ["apple/swift", "apple/swift-nio"])
        #expect(props.rows.map(\.stars) == ["★ 67k", "★ 8k"])
        #expect(props.rows[0].language == "C++")
        #expect(props.status == "2 of 5 · ↓ past the last row loads more")
        #expect(!props.isBusy)
    }

    @Test func status_followsTheSearch() {
        #expect(searchProps(from: SearchReactor.State(), source: "shelf").status == "type to search the shelf")
        #expect(searchProps(from: state { $0.query = "sw" }, source: "").status == "…")
        #expect(searchProps(from: state { $0.query = "sw" }, source: "").isBusy)
        let searching = searchProps(from: state {
            $0.query = "swift"; $0.searchedQuery = "swift"; $0.inFlight = "swift"; $0.lastCancelled = "s"
        }, source: "")
        #expect(searching.status == "searching “swift”… (cancelled the search for “s”)")
        #expect(searching.isBusy)
        #expect(searchProps(from: state { $0.query = "zz"; $0.searchedQuery = "zz" }, source: "").status
                == "no repository matches “zz”")
        #expect(searchProps(from: state { $0.error = "offline" }, source: "").status == "⚠ offline")
        #expect(searchProps(from: state {
            $0.query = "a"; $0.searchedQuery = "a"; $0.results = Fixtures.repositories; $0.totalCount = 7
        }, source: "").status == "all 7 shown")
    }

    @Test func details_showThePushedRepository_foundAmongTheResults() {
        var app = SearchApp.State()
        app.search = state { $0.query = "re"; $0.searchedQuery = "re"; $0.results = Fixtures.repositories }
        #expect(searchProps(from: app, source: "").details == nil, "no screen pushed")
        app.screens.push(.details(fullName: "reswift/reswift"))
        let details = searchProps(from: app, source: "").details
        #expect(details?.fullName == "reswift/reswift")
        #expect(details?.repository?.fullName == "ReSwift/ReSwift", "names are found whatever their case")
    }

    @Test func details_sayWhyThereIsNoRepository() {
        var app = SearchApp.State()
        app.screens.push(.details(fullName: "apple/swift"))
        app.search = state { $0.query = "repo:apple/swift"; $0.searchedQuery = "repo:apple/swift"; $0.inFlight = "repo:apple/swift" }
        #expect(searchProps(from: app, source: "").details?.status == "looking for apple/swift…")
        app.search.inFlight = nil
        #expect(searchProps(from: app, source: "").details?.status == "apple/swift is not among the results for “repo:apple/swift”")
        app.search.error = "offline"
        #expect(searchProps(from: app, source: "").details?.status == "⚠ offline")
        #expect(searchProps(from: app, source: "").details?.repository == nil)
    }
}
