import Foundation

/// Where persistence keeps its files when the process runs tests: a test that makes a
/// screen also makes the app's file-scope store and its persistence, and must not read or
/// write the app's real files.
///
/// In a test run (XCTest, Swift Testing, `swift test`, Xcode), a directory inside one of
/// the app's own directories (see `appDirectories`) is replaced by the same path under a
/// directory of this process in the temporary directory. Any other directory, such as the
/// temporary one a test of persistence itself passes, is used as given.
enum TestRunDirectory {
    /// Whether this process runs tests. Read the way swift-dependencies reads it: the
    /// environment XCTest and Xcode set, or a test runner's executable or arguments.
    static let isTestRun: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if environment.keys.contains(where: { ["XCTestBundlePath", "XCTestConfigurationFilePath", "XCTestSessionIdentifier"].contains($0) }) {
            return true
        }
        return CommandLine.arguments.contains { argument in
            let name = URL(fileURLWithPath: argument).lastPathComponent
            return argument == "--testing-library" || name.hasSuffix(".xctest")
                || name == "xctest" || name == "swiftpm-testing-helper"
        }
    }()

    /// This process's stand-in for the app's directories, made on first use.
    private static let standIn = FileManager.default.temporaryDirectory
        .appendingPathComponent("reflow-test-run-\(UUID().uuidString)", isDirectory: true)

    /// The app's own directories: persistence there is redirected in a test run. Under
    /// the home directory (an app's container on Apple platforms): `Library` (Application
    /// Support, Caches) and `Documents`; on Linux also the XDG data and cache directories.
    private static let appDirectories: [String] = {
        let environment = ProcessInfo.processInfo.environment
        guard let home = environment["HOME"].map(trimmed), !home.isEmpty else { return [] }
        var directories = ["\(home)/Library", "\(home)/Documents", "\(home)/.local/share", "\(home)/.cache"]
        for key in ["XDG_DATA_HOME", "XDG_CACHE_HOME"] {
            if let path = environment[key].map(trimmed), !path.isEmpty { directories.append(path) }
        }
        return directories
    }()

    /// `path` without a trailing slash.
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The directory to use for `directory` in this process.
    static func resolve(_ directory: URL, isTestRun: Bool = isTestRun) -> URL {
        guard isTestRun else { return directory }
        let path = trimmed(directory.path)
        guard appDirectories.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return directory }
        return standIn.appendingPathComponent(String(path.drop(while: { $0 == "/" })), isDirectory: true)
    }
}
