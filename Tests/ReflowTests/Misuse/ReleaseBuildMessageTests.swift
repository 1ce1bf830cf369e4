#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import TestSupport
import Testing

/// A user's mistake stops the program with its message in every build. `precondition`
/// prints nothing when optimized (the process dies of SIGILL, silently), so these run a
/// helper built with `-c release` and read its standard error.
///
/// A release build takes minutes on two cores, so the test run never builds it: CI builds
/// it beforehand (`.ci/run`), and a run without an up-to-date helper skips these tests and
/// says which command builds it.
@Suite(.serialized, .enabled(if: ReleaseHelper.isUpToDate, """
    the release-built MisuseHelper is missing or older than the sources; build it with \
    `swift build -c release --product MisuseHelper --scratch-path .build-release-helper`
    """))
struct ReleaseBuildMessageTests {
    /// Runs the helper on one misuse; returns its exit status and standard error.
    private func run(_ misuse: String) throws -> (status: Int32, stopped: Bool, standardError: String) {
        let process = Process()
        process.executableURL = ReleaseHelper.url
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
/// MisuseHelper as `.ci/run` builds it with `-c release`.
private enum ReleaseHelper {
    static let url = BuiltProducts.packageRoot
        .appendingPathComponent(".build-release-helper/release/MisuseHelper")

    /// Whether the helper exists and is newer than every source it is built from (Reflow's
    /// and its own), so that a stale helper never tests old code.
    static var isUpToDate: Bool {
        let files = FileManager.default
        guard let built = (try? files.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date else {
            return false
        }
        for folder in ["Sources/ReflowUnsafe", "Sources/ReflowCore", "Sources/Reflow", "Tests/MisuseHelper"] {
            let root = BuiltProducts.packageRoot.appendingPathComponent(folder)
            guard let walk = files.enumerator(at: root, includingPropertiesForKeys: [.contentModificationDateKey]) else {
                return false
            }
            for case let file as URL in walk where file.pathExtension == "swift" {
                let changed = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
                if let changed, changed > built { return false }
            }
        }
        return true
    }
}
#endif
