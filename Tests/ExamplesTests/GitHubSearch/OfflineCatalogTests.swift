import Testing
@testable import GitHubSearchKit

@Suite struct OfflineCatalogTests {
    let catalog = OfflineCatalog(repositories: Fixtures.repositories, pageSize: 2, latency: .zero)

    @Test func theBundledCatalogue_holdsAFewHundredDistinctRepositories() {
        let bundled = OfflineCatalog.bundled()
        #expect(bundled.repositories.count >= 300)
        #expect(Set(bundled.repositories.map(\.fullName)).count == bundled.repositories.count)
        #expect(bundled.repositories.allSatisfy { $0.htmlURL == "https://github.com/\($0.fullName)" })
    }

    @Test func everyWordMustMatch_mostStarredFirst() throws {
        let page = try catalog.matches("swift", page: 1)
        #expect(page.repositories.map(\.fullName) == ["apple/swift", "apple/swift-nio"])
        #expect(page.totalCount == 5)
        #expect(try catalog.matches("swift bindings", page: 1).repositories.map(\.fullName) == ["svdo/ReRxSwift"])
        #expect(try catalog.matches("SWIFT", page: 1).totalCount == 5)
    }

    @Test func pages_coverEveryMatchOnce_andTheLastHasNoNext() throws {
        var names: [String] = []
        var page: Int? = 1
        var pages = 0
        while let current = page {
            let result = try catalog.matches("swift", page: current)
            names += result.repositories.map(\.fullName)
            page = result.nextPage
            pages += 1
        }
        #expect(pages == 3)
        #expect(names == ["apple/swift", "apple/swift-nio", "ReSwift/ReSwift", "ReactorKit/ReactorKit", "svdo/ReRxSwift"])
        #expect(try catalog.matches("swift", page: 4).repositories.isEmpty)
    }

    @Test func languageQualifier_keepsOneLanguage() throws {
        #expect(try catalog.matches("language:rust", page: 1).repositories.map(\.fullName) == ["rust-lang/rust", "BurntSushi/ripgrep"])
        #expect(try catalog.matches("swift language:c++", page: 1).repositories.map(\.fullName) == ["apple/swift"])
    }

    @Test func otherQualifiersAndEmptyQueries_areBadQueries_likeGitHubs422() {
        #expect(throws: SearchError.invalidQuery("stars: works only online; offline, try language:swift or repo:apple/swift")) {
            try catalog.matches("stars:>10", page: 1)
        }
        #expect(throws: SearchError.invalidQuery("the query is empty")) { try catalog.matches("   ", page: 1) }
        #expect(throws: SearchError.invalidQuery("page must be 1 or more")) { try catalog.matches("swift", page: 0) }
    }

    @Test func badCatalogueLines_sayWhichLineAndWhy() {
        #expect(throws: OfflineCatalog.LineError(line: 2, reason: "stars \"many\" is not a whole number")) {
            try OfflineCatalog.parse("a/b|Swift|1|fine\nc/d|Swift|many|bad")
        }
        #expect(throws: OfflineCatalog.LineError(line: 1, reason: "\"nobody\" is not owner/name")) {
            try OfflineCatalog.parse("nobody|Swift|1|x")
        }
        #expect(throws: OfflineCatalog.LineError(line: 1, reason: "expected owner/name|language|stars|description, got \"a/b|Swift\"")) {
            try OfflineCatalog.parse("a/b|Swift")
        }
    }
}
