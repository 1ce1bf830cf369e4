import GitHubSearchKit

/// A small catalogue whose matches the tests can count by eye.
enum Fixtures {
    static let repositories: [Repository] = [
        Repository(fullName: "apple/swift", description: "The Swift Programming Language", stars: 67_000, language: "C++"),
        Repository(fullName: "apple/swift-nio", description: "Event-driven network framework", stars: 8_000, language: "Swift"),
        Repository(fullName: "ReSwift/ReSwift", description: "Unidirectional Data Flow in Swift", stars: 7_600, language: "Swift"),
        Repository(fullName: "ReactorKit/ReactorKit", description: "A library for reactive Swift applications", stars: 2_700, language: "Swift"),
        Repository(fullName: "svdo/ReRxSwift", description: "RxSwift bindings for ReSwift", stars: 100, language: "Swift"),
        Repository(fullName: "rust-lang/rust", description: "Empowering everyone", stars: 98_000, language: "Rust"),
        Repository(fullName: "BurntSushi/ripgrep", description: "Searches directories for a regex", stars: 49_000, language: "Rust"),
    ]
}
