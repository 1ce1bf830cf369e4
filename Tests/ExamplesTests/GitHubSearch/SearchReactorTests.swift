import Reflow
import ReflowTesting
import Testing
@testable import GitHubSearchKit

@MainActor
@Suite struct SearchReactorTests {
    let clock = TestClock()

    /// Pages of two, answered `latency` after they are asked for; searches throttled to one
    /// per 300 ms.
    func makeReactor(latency: Duration = .milliseconds(100)) -> SearchReactor {
        SearchReactor(api: OfflineCatalog(repositories: Fixtures.repositories, pageSize: 2, latency: latency, clock: clock),
                      clock: clock)
    }

    func type(_ text: String, into reactor: SearchReactor) {
        for end in text.indices {
            reactor.action.send(.updateQuery(String(text[...end])))
        }
    }

    @Test func typing_showsTheQueryAtOnce_andSearchesTheFirstAndTheLastOfEachWindow() async {
        let reactor = makeReactor()
        let searched = SignalRecorder(reactor.state.map(\.inFlight).distinctUntilChanged())
        type("swi", into: reactor)
        #expect(reactor.currentState.query == "swi")
        #expect(reactor.currentState.inFlight == "s")          // the first is searched at once
        await clock.advance(by: .milliseconds(100))
        #expect(reactor.currentState.searchedQuery == "s")
        #expect(reactor.currentState.inFlight == nil)
        #expect(reactor.currentState.isBusy)                    // "swi" is still held
        await clock.advance(by: .milliseconds(200))             // the window ends: "swi"
        #expect(reactor.currentState.inFlight == "swi")
        await clock.advance(by: .milliseconds(100))
        #expect(reactor.currentState.results.map(\.fullName) == ["apple/swift", "apple/swift-nio"])
        #expect(!reactor.currentState.isBusy)
        #expect(searched.values == [nil, "s", nil, "swi", nil])
    }

    @Test func aNewSearch_cancelsTheOneInFlight_whoseAnswerNeverShows() async throws {
        let reactor = makeReactor(latency: .milliseconds(500))
        let shown = SignalRecorder(reactor.state.map(\.results).distinctUntilChanged())
        reactor.action.send(.updateQuery("r"))                 // searched at once; would answer at 500
        await clock.advance(by: .milliseconds(10))
        reactor.action.send(.updateQuery("rust"))              // held until the window ends at 300
        await clock.advance(by: .milliseconds(289))
        #expect(reactor.currentState.inFlight == "r")
        #expect(reactor.currentState.lastCancelled == nil)
        await clock.advance(by: .milliseconds(1))
        #expect(reactor.currentState.inFlight == "rust")
        #expect(reactor.currentState.lastCancelled == "r")
        await clock.advance(by: .seconds(1))
        let model = OfflineCatalog(repositories: Fixtures.repositories, pageSize: 2, latency: .zero)
        let rustPage = try model.matches("rust", page: 1).repositories
        let rPage = try model.matches("r", page: 1).repositories
        #expect(rPage != rustPage)
        #expect(shown.values == [[], rustPage], "the cancelled search for r never showed")
    }

    @Test func movingPastTheLastRow_loadsTheNextPage_andMovesOntoIt() async {
        let reactor = makeReactor()
        reactor.action.send(.updateQuery("swift"))
        await clock.advance(by: .milliseconds(100))
        #expect(reactor.currentState.results.count == 2)
        reactor.action.send(.moveDown)
        #expect(reactor.currentState.selection == 1)
        reactor.action.send(.moveDown)
        #expect(reactor.currentState.isLoadingNextPage)
        reactor.action.send(.moveDown)                          // one load at a time
        await clock.advance(by: .milliseconds(100))
        #expect(reactor.currentState.results.count == 4)
        #expect(reactor.currentState.selection == 2)
        reactor.action.send(.moveDown)
        reactor.action.send(.moveDown)
        await clock.advance(by: .milliseconds(100))
        #expect(reactor.currentState.results.map(\.fullName).last == "svdo/ReRxSwift")
        #expect(reactor.currentState.nextPage == nil)
        #expect(reactor.currentState.selection == 4)
        reactor.action.send(.moveDown)                          // the end: nothing to load
        #expect(!reactor.currentState.isLoadingNextPage)
        #expect(reactor.currentState.selection == 4)
        reactor.action.send(.moveUp)
        #expect(reactor.currentState.selection == 3)
    }

    @Test func aBadQuery_showsWhy_andANewQueryClearsIt() async {
        let reactor = makeReactor()
        reactor.action.send(.updateQuery("stars:>5"))
        await clock.advance(by: .milliseconds(100))
        #expect(reactor.currentState.error == "cannot search for that: stars: works only online; offline, try language:swift or repo:apple/swift")
        #expect(reactor.currentState.inFlight == nil)
        reactor.action.send(.updateQuery("rust"))              // held until 300
        await clock.advance(by: .milliseconds(200))
        #expect(reactor.currentState.error == nil)
        #expect(reactor.currentState.inFlight == "rust")
    }

    @Test func clearingTheQuery_cancelsTheSearch_andEmptiesTheList() async {
        let reactor = makeReactor(latency: .milliseconds(500))
        let shown = SignalRecorder(reactor.state.map(\.results.count).distinctUntilChanged())
        reactor.action.send(.updateQuery("swift"))             // in flight until 500
        reactor.action.send(.updateQuery(""))                  // held until 300
        await clock.advance(by: .milliseconds(300))
        #expect(reactor.currentState.inFlight == nil)
        await clock.advance(by: .seconds(1))
        #expect(reactor.currentState.results.isEmpty)
        #expect(!reactor.currentState.isBusy)
        #expect(shown.values == [0], "the cancelled search never showed")
    }

    /// Random typing, erasing, paging and waiting; once time has run on, the screen must
    /// show what a fresh search of the last query shows, with as many pages as were loaded
    /// after its last search, and the selection on a row.
    @Test func randomSessions_settleOnTheLastQuerysResults() async {
        let letters = ["s", "w", "i", "f", "t", "r", "e", "a"]
        let model = OfflineCatalog(repositories: Fixtures.repositories, pageSize: 2, latency: .zero)
        for seed in 1...60 {
            var random = SplitMix(seed: UInt64(seed))
            let clock = TestClock()
            let reactor = SearchReactor(
                api: OfflineCatalog(repositories: Fixtures.repositories, pageSize: 2, latency: .milliseconds(100), clock: clock),
                clock: clock)
            var query = ""
            for _ in 0..<random.next(below: 30) {
                switch random.next(below: 6) {
                case 0, 1:
                    query += letters[random.next(below: letters.count)]
                    reactor.action.send(.updateQuery(query))
                case 2:
                    query = String(query.dropLast())
                    reactor.action.send(.updateQuery(query))
                case 3:
                    reactor.action.send(.moveDown)
                case 4:
                    reactor.action.send(.moveUp)
                default:
                    await clock.advance(by: .milliseconds(random.next(below: 400)))
                }
            }
            await clock.advance(by: .seconds(2))
            let state = reactor.currentState
            #expect(state.query == query, "seed \(seed)")
            #expect(!state.isBusy, "seed \(seed)")
            if query.isEmpty {
                #expect(state.results.isEmpty, "seed \(seed)")
                continue
            }
            let pagesShown = max(1, (state.results.count + 1) / 2)
            var expected: [Repository] = []
            for page in 1...pagesShown {
                expected += (try? model.matches(query, page: page).repositories) ?? []
            }
            #expect(state.results == expected, "seed \(seed): \(query)")
            #expect(state.results.isEmpty || state.results.indices.contains(state.selection), "seed \(seed)")
            if let error = state.error {
                #expect(query.contains(":") && error.contains("cannot search"), "seed \(seed)")
            }
        }
    }
}

/// A small seeded generator, so a failing session can be replayed by its seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
