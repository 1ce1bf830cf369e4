#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import TestSupport
import Testing

/// A user's mistake stops the program with its message in every build. `precondition`
/// prints nothing when optimized (the process dies of SIGILL, silently), so these run a
/// helper built with `-c release` and read its standard error.
@Suite(.serialized) struct ReleaseBuildMessageTests {
    private static let packageRoot = BuiltProducts.packageRoot

    /// Builds MisuseHelper in release mode, in a scratch directory of its own (so it never
    /// waits on the lock of the build that runs these tests), and returns its path. CI
    /// builds it beforehand, so here it is only brought up to date.
    private static let releaseHelper: Result<URL, HelperBuildError> = {
        let scratch = packageRoot.appendingPathComponent(".build-release-helper")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "-c", "release", "--product", "MisuseHelper",
                           "--package-path", packageRoot.path, "--scratch-path", scratch.path]
        let output = Pipe()
        build.standardOutput = output
        build.standardError = output
        do {
            try build.run()
        } catch {
            return .failure(HelperBuildError(log: "could not start swift build: \(error)"))
        }
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        guard build.terminationStatus == 0 else { return .failure(HelperBuildError(log: log)) }
        return .success(scratch.appendingPathComponent("release/MisuseHelper"))
    }()

    struct HelperBuildError: Error, CustomStringConvertible {
        let log: String
        var description: String { "swift build -c release --product MisuseHelper failed:\n\(log)" }
    }

    /// Runs the helper on one misuse; returns its exit status and standard error.
    private func run(_ misuse: String) throws -> (status: Int32, stopped: Bool, standardError: String) {
        let helper = try Self.releaseHelper.get()
        let process = Process()
        process.executableURL = helper
        process.arguments = [misuse]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, standardError)
    }

    @Test(arguments: [
        ("dispatch-in-reducer", "was called from inside a reducer while it was handling an action of type Trigger"),
        ("state-in-reducer", "Store.state was read from inside a reducer"),
        ("history-limit", "History(limit:) needs room for at least one entry, got 0."),
        ("duplicate-row-ids", "the old list has two rows with id 1"),
        ("entity-at-wrong-id", "the entity assigned at id 2 has id 3"),
        ("element-removed-under-subscription", "read it after the array shrank to 1 element."),
    ])
    func misuse_inAReleaseBuild_stopsWithItsMessage(misuse: String, message: String) throws {
        let result = try run(misuse)
        #expect(result.stopped, "\(misuse): the helper was expected to stop on a trap; it exited with \(result.status)")
        #expect(result.standardError.contains(message), "\(misuse): standard error was:\n\(result.standardError)")
    }
}
#endif
