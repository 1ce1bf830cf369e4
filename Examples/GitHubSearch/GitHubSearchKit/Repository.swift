import Reflow
import Foundation

/// A repository as the GitHub search API describes it (the fields this app shows).
public struct Repository: Codable, Equatable, Hashable, Identifiable, Sendable {
    public var fullName: String
    public var description: String?
    public var stars: Int
    public var language: String?
    public var htmlURL: String

    public var id: String { fullName }

    public init(fullName: String, description: String?, stars: Int, language: String?, htmlURL: String? = nil) {
        self.fullName = fullName
        self.description = description
        self.stars = stars
        self.language = language
        self.htmlURL = htmlURL ?? "https://github.com/\(fullName)"
    }

    enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case description
        case stars = "stargazers_count"
        case language
        case htmlURL = "html_url"
    }
}

/// One page of search results.
public struct SearchPage: Equatable, Codable, Sendable {
    public var repositories: [Repository]
    /// How many repositories match in all, as the API counts them.
    public var totalCount: Int
    /// The page to ask for next, or `nil` on the last page.
    public var nextPage: Int?

    public init(repositories: [Repository], totalCount: Int, nextPage: Int?) {
        self.repositories = repositories
        self.totalCount = totalCount
        self.nextPage = nextPage
    }
}

/// Why a search failed, worded for the person who typed the query.
public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 403 or 429: the API's rate limit; `retryAfter` in seconds when the API said.
    case rateLimited(retryAfter: Int?)
    /// 422: the API could not read the query.
    case invalidQuery(String)
    /// The request never got an answer: no network, refused, dropped.
    case unreachable(String)
    /// An answer came that is not what the API sends.
    case malformedResponse(String)
    /// Any other HTTP status.
    case httpStatus(Int)

    public var description: String {
        switch self {
        case .rateLimited(let retryAfter?):
            "GitHub's rate limit is used up; try again in \(retryAfter) s (or run without --live)"
        case .rateLimited(nil):
            "GitHub's rate limit is used up; try again in a minute (or run without --live)"
        case .invalidQuery(let message):
            "cannot search for that: \(message)"
        case .unreachable(let reason):
            "cannot reach GitHub (\(reason)); check the network, or run without --live"
        case .malformedResponse(let reason):
            "GitHub answered with something that is not a search result (\(reason))"
        case .httpStatus(let status):
            "GitHub answered with HTTP \(status)"
        }
    }
}

/// Something that searches repositories a page at a time: the offline catalogue or GitHub.
public protocol RepositorySearching: Sendable {
    /// What the screen says it searches.
    var sourceName: String { get }

    /// Returns page `page` (from 1) of the repositories matching `query`.
    ///
    /// - Throws: ``SearchError``, or `CancellationError` when the task was cancelled.
    func search(_ query: String, page: Int) async throws -> SearchPage
}

/// The repository search as a dependency: GitHub in the app; a test, a preview or the
/// offline demo overrides it (`store.dependencies.repositorySearch = OfflineCatalog.bundled()`,
/// or `withDependencies`). A test that uses it without overriding it fails, naming it.
public enum RepositorySearchKey: DependencyKey {
    public static let liveValue: any RepositorySearching = GitHubClient()
    public static let previewValue: any RepositorySearching = OfflineCatalog.bundled()
}

extension DependencyValues {
    /// What ``SearchReactor`` searches.
    public var repositorySearch: any RepositorySearching {
        get { self[RepositorySearchKey.self] }
        set { self[RepositorySearchKey.self] = newValue }
    }
}

extension SearchPage: CustomStringConvertible, CustomDebugStringConvertible {
    /// Short, for logs and the inspector: the count and the paging, not every repository.
    public var description: String {
        "SearchPage(\(repositories.count) of \(totalCount)\(nextPage.map { ", next page \($0)" } ?? ", last page"))"
    }

    public var debugDescription: String { description }
}
