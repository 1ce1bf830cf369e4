import Foundation

/// The repositories the example searches, carried with it so it runs offline.
struct Catalog: Decodable {
    struct Repository: Decodable, Equatable, Sendable {
        var name: String
        var stars: Int
    }

    var repositories: [Repository]

    /// Reads the catalog from JSON; bad data is an error that says what is wrong.
    static func decode(_ json: String) throws(CatalogError) -> Catalog {
        do {
            return try JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
        } catch {
            throw CatalogError(reason: "the bundled catalog is not valid: \(error)")
        }
    }

    static let bundledJSON = """
    {"repositories": [
      {"name": "apple/swift", "stars": 67000},
      {"name": "apple/swift-nio", "stars": 8000},
      {"name": "apple/swift-collections", "stars": 3800},
      {"name": "apple/swift-async-algorithms", "stars": 3100},
      {"name": "apple/swift-argument-parser", "stars": 3400},
      {"name": "pointfreeco/swift-composable-architecture", "stars": 12800},
      {"name": "ReactorKit/ReactorKit", "stars": 2700},
      {"name": "ReSwift/ReSwift", "stars": 7600},
      {"name": "svdo/ReRxSwift", "stars": 100},
      {"name": "vapor/vapor", "stars": 24800},
      {"name": "swiftlang/swift-format", "stars": 2600},
      {"name": "swiftlang/swift-syntax", "stars": 3300}
    ]}
    """
}

struct CatalogError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// A search API over the catalog: pages of three, after a short delay, like a network.
struct CatalogAPI: Sendable {
    let repositories: [Catalog.Repository]
    let latency: Duration

    func search(_ query: String, page: Int) async throws -> (names: [String], nextPage: Int?) {
        try await Task.sleep(for: latency)
        let matches = repositories
            .filter { $0.name.localizedCaseInsensitiveContains(query) }
            .sorted { $0.stars > $1.stars }
            .map(\.name)
        let pageSize = 3
        let start = (page - 1) * pageSize
        guard start < matches.count else { return ([], nil) }
        let end = min(start + pageSize, matches.count)
        return (Array(matches[start..<end]), end < matches.count ? page + 1 : nil)
    }
}
