import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Searches GitHub's API (`GET /search/repositories`) over `URLSession`.
///
/// Paging follows the `Link` header's `rel="next"`, as GitHub documents; failures become
/// ``SearchError``s that say what to do: 403/429 is the rate limit, 422 a query GitHub
/// cannot read, no answer at all is the network, and a body that is not a search result is
/// malformed.
public struct GitHubClient: RepositorySearching {
    public let baseURL: URL
    public let pageSize: Int
    private let session: URLSession

    public var sourceName: String { "GitHub (\(baseURL.host ?? baseURL.absoluteString))" }

    /// A client for the API at `baseURL` (GitHub's by default; a local server in tests).
    public init(baseURL: URL = URL(string: "https://api.github.com")!, pageSize: Int = 15,
                session: URLSession = URLSession(configuration: .ephemeral)) {
        self.baseURL = baseURL
        self.pageSize = pageSize
        self.session = session
    }

    /// The request for one page.
    public func request(for query: String, page: Int) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent("search/repositories"),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "q", value: query),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(pageSize)),
        ]
        var request = URLRequest(url: components.url!, timeoutInterval: 15)
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue("Reflow-GitHubSearch-example", forHTTPHeaderField: "User-Agent")
        return request
    }

    public func search(_ query: String, page: Int) async throws -> SearchPage {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request(for: query, page: page))
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            throw SearchError.unreachable(Self.reason(error))
        }
        try Task.checkCancellation()
        guard let http = response as? HTTPURLResponse else {
            throw SearchError.malformedResponse("not an HTTP response")
        }
        return try Self.page(from: data, status: http.statusCode, headers: http.allHeaderFields)
    }

    /// Reads a response: the page for 200, the matching ``SearchError`` otherwise.
    public static func page(from data: Data, status: Int, headers: [AnyHashable: Any]) throws(SearchError) -> SearchPage {
        func header(_ name: String) -> String? {
            headers.first { ($0.key as? String)?.lowercased() == name.lowercased() }?.value as? String
        }
        switch status {
        case 200:
            let body: SearchResponse
            do {
                body = try JSONDecoder().decode(SearchResponse.self, from: data)
            } catch {
                throw SearchError.malformedResponse(reason(error))
            }
            return SearchPage(repositories: body.items, totalCount: body.totalCount,
                              nextPage: header("Link").flatMap(LinkHeader.nextPage))
        case 403, 429:
            let now = Int(Date().timeIntervalSince1970)
            let retryAfter = header("Retry-After").flatMap { Int($0) }
                ?? header("X-RateLimit-Reset").flatMap { Int($0) }.map { max(0, $0 - now) }
            throw SearchError.rateLimited(retryAfter: retryAfter)
        case 422:
            let message = (try? JSONDecoder().decode(APIMessage.self, from: data))?.text
            throw SearchError.invalidQuery(message ?? "the query is not valid")
        default:
            throw SearchError.httpStatus(status)
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as URLError: error.localizedDescription.isEmpty ? "error \(error.code.rawValue)" : error.localizedDescription
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\" field"
        case DecodingError.typeMismatch(_, let context): "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "\(error)"
        }
    }

    private struct SearchResponse: Decodable {
        var totalCount: Int
        var items: [Repository]
        enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case items
        }
    }

    /// GitHub's error body: `{"message": ..., "errors": [{"message": ...}]}`.
    private struct APIMessage: Decodable {
        struct Detail: Decodable { var message: String? }
        var message: String?
        var errors: [Detail]?
        var text: String? {
            let details = (errors ?? []).compactMap(\.message)
            return details.isEmpty ? message : details.joined(separator: "; ")
        }
    }
}

/// Reads GitHub's `Link` header: `<https://api.github.com/...&page=2>; rel="next", <...>; rel="last"`.
public enum LinkHeader {
    /// The `page` of the `rel="next"` link, or `nil` when there is none.
    public static func nextPage(_ header: String) -> Int? {
        for link in header.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 2, parts.dropFirst().contains("rel=\"next\""),
                  parts[0].hasPrefix("<"), parts[0].hasSuffix(">"),
                  let components = URLComponents(string: String(parts[0].dropFirst().dropLast())),
                  let page = components.queryItems?.first(where: { $0.name == "page" })?.value
            else { continue }
            return Int(page)
        }
        return nil
    }
}
