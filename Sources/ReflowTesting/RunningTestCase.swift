// XCTest reports a failure at a runtime location only through the running test case
// (`XCTFail` takes its file as a `StaticString`, which a forwarded `#filePath` is not), and
// neither XCTest says which test case is running: an observer keeps it. Darwin records an
// `XCTIssue` with a source location; swift-corelibs-xctest, `recordFailure(inFile:atLine:)`.
// Where neither applies, `reportFailure` falls back to `XCTFail` with the location in the
// message.
#if canImport(XCTest)
import Foundation
import XCTest

#if canImport(ObjectiveC) || os(Linux) || os(Windows) || os(Android)
/// Keeps the XCTest test case that is running, so that a failure can be recorded on it at
/// the caller's line.
///
/// Observation starts the first time ReflowTesting is used in a process (a test store or a
/// failure): from the next test case on, failures land on the caller's line; within the
/// test case that was running when it started, they fall back to `XCTFail`.
final class RunningTestCase: NSObject, XCTestObservation, @unchecked Sendable {
    // @unchecked: XCTest calls the observer and runs the test on threads of its choosing;
    // `current` is read and written only under `lock`.
    private let lock = NSLock()
    private var current: XCTestCase?

    private static let shared = RunningTestCase()
    /// Registers `shared` with XCTest the first time it is read: a lazily initialized
    /// constant runs its initializer once, so no flag is kept.
    @MainActor private static let observing: Void = XCTestObservationCenter.shared.addTestObserver(shared)

    /// Starts observing test cases; later calls do nothing. On the main actor, where a
    /// test store is made (Xcode's SDK may isolate the observation center there).
    @MainActor static func startObserving() {
        _ = observing
    }

    /// The running test case, once observation has seen it start.
    static var testCase: XCTestCase? {
        shared.lock.lock()
        defer { shared.lock.unlock() }
        return shared.current
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.lock()
        current = testCase
        lock.unlock()
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.lock()
        if current === testCase { current = nil }
        lock.unlock()
    }

    /// Records `message` as a failure of the running test case at `filePath`:`line`;
    /// returns `false` when no test case is known to be running.
    static func recordFailure(_ message: String, filePath: String, line: Int) -> Bool {
        guard let testCase else { return false }
        #if canImport(ObjectiveC)
        let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: line)
        let issue = XCTIssue(type: .assertionFailure, compactDescription: message,
                             sourceCodeContext: XCTSourceCodeContext(location: location))
        testCase.record(issue)
        #else
        testCase.recordFailure(withDescription: message, inFile: filePath, atLine: line, expected: true)
        #endif
        return true
    }
}
#else
/// No known way to reach the running test case here: failures go through `XCTFail`.
enum RunningTestCase {
    @MainActor static func startObserving() {}
    static func recordFailure(_ message: String, filePath: String, line: Int) -> Bool { false }
}
#endif
#endif
