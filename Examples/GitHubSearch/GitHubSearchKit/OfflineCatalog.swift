/// Searches the repositories the app carries, paged as the GitHub search API pages, after a
/// delay like a network's, so that cancellation and paging can be seen offline.
///
/// Like GitHub, every word of the query must appear in the name, the description or the
/// language; `language:NAME` keeps one language, `repo:OWNER/NAME` one repository; any other
/// `qualifier:` is a bad query, as a 422 is; results come most-starred first.
public struct OfflineCatalog: RepositorySearching {
    public let repositories: [Repository]
    public let pageSize: Int
    public let latency: Duration
    private let clock: any Clock<Duration>

    public var sourceName: String { "offline catalogue, \(repositories.count) repositories" }

    /// A catalogue over `repositories`, answering after `latency` on `clock`.
    public init(repositories: [Repository], pageSize: Int = 15, latency: Duration = .milliseconds(350),
                clock: any Clock<Duration> = ContinuousClock()) {
        precondition(pageSize > 0, "OfflineCatalog pageSize must be at least 1")
        self.repositories = repositories
        self.pageSize = pageSize
        self.latency = latency
        self.clock = clock
    }

    /// The catalogue the app carries.
    public static func bundled(pageSize: Int = 15, latency: Duration = .milliseconds(350),
                               clock: any Clock<Duration> = ContinuousClock()) -> OfflineCatalog {
        // The bundled lines are checked by a test, so a bad one is a build defect, not input.
        let repositories = try! parse(CatalogData.lines)
        return OfflineCatalog(repositories: repositories, pageSize: pageSize, latency: latency, clock: clock)
    }

    /// A catalogue line that cannot be read.
    public struct LineError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "catalogue line \(line): \(reason)" }
    }

    /// Reads `owner/name|language|stars|description` lines.
    ///
    /// - Throws: ``LineError`` for the first line with a missing field, a name without an
    ///   owner, or stars that are not a whole number.
    public static func parse(_ text: String) throws(LineError) -> [Repository] {
        var repositories: [Repository] = []
        for (offset, line) in text.split(separator: "\n").enumerated() {
            let fields = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4 else {
                throw LineError(line: offset + 1, reason: "expected owner/name|language|stars|description, got \"\(line)\"")
            }
            guard fields[0].split(separator: "/").count == 2 else {
                throw LineError(line: offset + 1, reason: "\"\(fields[0])\" is not owner/name")
            }
            guard let stars = Int(fields[2]), stars >= 0 else {
                throw LineError(line: offset + 1, reason: "stars \"\(fields[2])\" is not a whole number")
            }
            repositories.append(Repository(
                fullName: String(fields[0]),
                description: fields[3].isEmpty ? nil : String(fields[3]),
                stars: stars,
                language: fields[1].isEmpty ? nil : String(fields[1])
            ))
        }
        return repositories
    }

    public func search(_ query: String, page: Int) async throws -> SearchPage {
        try await clock.sleep(for: latency)
        return try matches(query, page: page)
    }

    /// The page without the delay.
    public func matches(_ query: String, page: Int) throws(SearchError) -> SearchPage {
        guard page >= 1 else { throw SearchError.invalidQuery("page must be 1 or more") }
        var words: [String] = []
        var language: String?
        var fullName: String?
        for term in query.split(whereSeparator: \.isWhitespace) {
            if let colon = term.firstIndex(of: ":") {
                let value = String(term[term.index(after: colon)...]).lowercased()
                switch term[..<colon].lowercased() {
                case "language": language = value
                case "repo": fullName = value
                case let qualifier:
                    throw SearchError.invalidQuery("\(qualifier): works only online; offline, try language:swift or repo:apple/swift")
                }
            } else {
                words.append(term.lowercased())
            }
        }
        guard !words.isEmpty || language != nil || fullName != nil else { throw SearchError.invalidQuery("the query is empty") }
        let found = repositories
            .filter { repository in
                if let language, repository.language?.lowercased() != language { return false }
                if let fullName, repository.fullName.lowercased() != fullName { return false }
                let text = "\(repository.fullName) \(repository.description ?? "") \(repository.language ?? "")".lowercased()
                return words.allSatisfy { text.contains($0) }
            }
            .sorted { ($0.stars, $1.fullName) > ($1.stars, $0.fullName) }
        let start = (page - 1) * pageSize
        let end = min(start + pageSize, found.count)
        return SearchPage(
            repositories: start < end ? Array(found[start..<end]) : [],
            totalCount: found.count,
            nextPage: end < found.count ? page + 1 : nil
        )
    }
}
