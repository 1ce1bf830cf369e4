import Foundation
import Testing
import GitHubSearchKit

/// The live client against a real HTTP server on loopback, speaking GitHub's search API.
@Suite struct GitHubClientTests {
    static func item(_ name: String, stars: Int) -> String {
        #"{"full_name": "\#(name)", "description": "about \#(name)", "stargazers_count": \#(stars), "language": "Swift", "html_url": "https://github.com/\#(name)"}"#
    }

    @Test func aPage_isDecoded_andTheLinkHeaderGivesTheNextPage() async throws {
        let server = try LoopbackHTTPServer { request in
            let page = Int(request.query["page"] ?? "") ?? 0
            let base = "http://127.0.0.1/search/repositories?q=swift&per_page=2"
            switch page {
            case 1:
                return .respond(status: 200, headers: ["Link": #"<\#(base)&page=2>; rel="next", <\#(base)&page=2>; rel="last""#],
                                body: #"{"total_count": 3, "incomplete_results": false, "items": [\#(Self.item("a/one", stars: 3)), \#(Self.item("b/two", stars: 2))]}"#)
            default:
                return .respond(status: 200, headers: ["Link": #"<\#(base)&page=1>; rel="prev", <\#(base)&page=1>; rel="first""#],
                                body: #"{"total_count": 3, "incomplete_results": false, "items": [\#(Self.item("c/three", stars: 1))]}"#)
            }
        }
        defer { server.stop() }
        let client = GitHubClient(baseURL: server.baseURL, pageSize: 2)
        let first = try await client.search("swift", page: 1)
        #expect(first.repositories.map(\.fullName) == ["a/one", "b/two"])
        #expect(first.repositories[0] == Repository(fullName: "a/one", description: "about a/one", stars: 3, language: "Swift"))
        #expect(first.totalCount == 3)
        #expect(first.nextPage == 2)
        let second = try await client.search("swift", page: 2)
        #expect(second.repositories.map(\.fullName) == ["c/three"])
        #expect(second.nextPage == nil)
        let requests = server.requests
        #expect(requests.map(\.path) == ["/search/repositories", "/search/repositories"])
        #expect(requests.map { $0.query["q"] } == ["swift", "swift"])
        #expect(requests.map { $0.query["per_page"] } == ["2", "2"])
        #expect(requests.first?.headers["accept"] == "application/vnd.github+json")
    }

    @Test func a403_isTheRateLimit_withTheWaitFromItsHeaders() async throws {
        let reset = Int(Date().timeIntervalSince1970) + 120
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "\(reset)"],
                     body: #"{"message": "API rate limit exceeded"}"#)
        }
        defer { server.stop() }
        let asked = Int(Date().timeIntervalSince1970)
        let error = await #expect(throws: SearchError.self) {
            try await GitHubClient(baseURL: server.baseURL).search("swift", page: 1)
        }
        let answered = Int(Date().timeIntervalSince1970)
        guard case .rateLimited(let retryAfter?) = error else {
            Issue.record("expected the rate limit with a wait, got \(String(describing: error))")
            return
        }
        // The wait until the reset, as of when the answer came (a loaded machine may take
        // seconds to answer).
        #expect((reset - answered - 1...reset - asked).contains(retryAfter), "\(retryAfter)")
        #expect(error?.description.hasPrefix("GitHub's rate limit is used up; try again in") == true)
    }

    @Test func a422_isABadQuery_withGitHubsReason() async throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(status: 422, body: #"{"message": "Validation Failed", "errors": [{"message": "The search is longer than 256 characters."}]}"#)
        }
        defer { server.stop() }
        await #expect(throws: SearchError.invalidQuery("The search is longer than 256 characters.")) {
            try await GitHubClient(baseURL: server.baseURL).search(String(repeating: "x", count: 300), page: 1)
        }
    }

    @Test func aDroppedConnection_isUnreachable() async throws {
        let server = try LoopbackHTTPServer { _ in .drop }
        defer { server.stop() }
        let error = await #expect(throws: SearchError.self) {
            try await GitHubClient(baseURL: server.baseURL).search("swift", page: 1)
        }
        guard case .unreachable = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("run without --live") == true)
    }

    @Test func noServerAtAll_isUnreachable() async throws {
        let error = try await LoopbackHTTPServer.withRefusingPort { port in
            await #expect(throws: SearchError.self) {
                try await GitHubClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!).search("swift", page: 1)
            }
        }
        guard case .unreachable = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
    }

    @Test func malformedJSON_saysWhatIsWrong() async throws {
        let server = try LoopbackHTTPServer { request in
            request.query["q"] == "cut"
                ? .respond(status: 200, body: #"{"total_count": 1, "items": [{"full_name": "#)
                : .respond(status: 200, body: #"{"total_count": 1, "items": [{"full_name": "a/b"}]}"#)
        }
        defer { server.stop() }
        let client = GitHubClient(baseURL: server.baseURL)
        let cut = await #expect(throws: SearchError.self) { try await client.search("cut", page: 1) }
        guard case .malformedResponse = cut else {
            Issue.record("expected malformed, got \(String(describing: cut))")
            return
        }
        await #expect(throws: SearchError.malformedResponse("no \"stargazers_count\" field")) {
            try await client.search("fields", page: 1)
        }
    }

    @Test func otherStatuses_areNamed() async throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 503, body: "") }
        defer { server.stop() }
        await #expect(throws: SearchError.httpStatus(503)) {
            try await GitHubClient(baseURL: server.baseURL).search("swift", page: 1)
        }
    }

    @Test func linkHeaders_withoutNext_orWithOddSpacing() {
        #expect(LinkHeader.nextPage(#"<https://api.github.com/search/repositories?q=a&page=3>;rel="next""#) == 3)
        #expect(LinkHeader.nextPage(#"<https://x/?page=9>; rel="last", <https://x/?page=4>; rel="next""#) == 4)
        #expect(LinkHeader.nextPage(#"<https://x/?page=1>; rel="prev""#) == nil)
        #expect(LinkHeader.nextPage("garbage") == nil)
    }
}
