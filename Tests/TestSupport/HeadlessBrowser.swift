#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation

/// A headless Chromium, if this machine has one (`.ci/run` installs Debian's `chromium`).
public enum HeadlessBrowser {
    public static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }()

    /// One browser at a time: a test run on two cores starts several browser tests at once,
    /// and two Chromiums beside hundreds of parallel tests starve each other past the
    /// time limit (seen in CI under load). A serial GCD queue, so an async test does not
    /// hold a thread of Swift concurrency's pool while it waits.
    private static let queue = DispatchQueue(label: "reflow.tests.headless-browser")

    /// Loads `url` in the browser, lets its scripts run (and their requests finish) for up
    /// to `virtualTimeBudget` milliseconds of the page's time, and returns the DOM it ends
    /// with.
    public static func dumpDOM(_ url: URL, virtualTimeBudget: Int = 2_000, arguments: [String] = []) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result {
                    try run(url, virtualTimeBudget: virtualTimeBudget, output: arguments + ["--dump-dom"])
                })
            }
        }
    }

    /// Loads `url` and saves a screenshot of `width` × `height` pixels at `file`.
    public static func screenshot(_ url: URL, to file: URL, width: Int = 1_400, height: Int = 900) async throws {
        _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            queue.async {
                continuation.resume(with: Result {
                    try run(url, virtualTimeBudget: 2_000, output: ["--window-size=\(width),\(height)", "--screenshot=\(file.path)"])
                })
            }
        }
    }

    /// Runs the browser; a browser that hangs is ended and started once more with a fresh
    /// profile (headless Chromium occasionally never exits after a dump under heavy load),
    /// and a second hang fails the test.
    private static func run(_ url: URL, virtualTimeBudget: Int, output: [String]) throws -> String {
        do {
            return try runOnce(url, virtualTimeBudget: virtualTimeBudget, output: output)
        } catch BrowserHang.timedOut {
            do {
                return try runOnce(url, virtualTimeBudget: virtualTimeBudget, output: output)
            } catch BrowserHang.timedOut {
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "chromium did not finish \(url) within \(timeLimit) s, twice"])
            }
        }
    }

    private enum BrowserHang: Error { case timedOut }
    private static let timeLimit = 90

    private static func runOnce(_ url: URL, virtualTimeBudget: Int, output: [String]) throws -> String {
        guard let path else { throw CocoaError(.executableNotLoadable) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-chromium-\(UUID().uuidString)")
        let profile = scratch.appendingPathComponent("profile")
        let printed = scratch.appendingPathComponent("stdout")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Standard output goes to a file, not a pipe: Chromium's helpers (the crash handler
        // above all) inherit it and may outlive the browser, and reading a pipe to its end
        // then waits for them. Only the browser's own exit is awaited.
        _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
        let sink = try FileHandle(forWritingTo: printed)
        defer { try? sink.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-crash-reporter",
                             "--user-data-dir=\(profile.path)", "--virtual-time-budget=\(virtualTimeBudget)"]
            + output + [url.absoluteString]
        process.standardOutput = sink
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // A browser that hangs is ended after the time limit (SIGTERM, then SIGKILL) instead
        // of stalling the suite.
        if exited.wait(timeout: .now() + .seconds(timeLimit)) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            throw BrowserHang.timedOut
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "chromium exited with \(process.terminationStatus)"])
        }
        return String(decoding: try Data(contentsOf: printed), as: UTF8.self)
    }
}
#endif
