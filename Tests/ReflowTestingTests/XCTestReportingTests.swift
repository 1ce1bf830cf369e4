import XCTest
import Reflow
@testable import ReflowTesting

/// ReflowTesting's failures reach XCTest when no Swift Testing test is running: a suite
/// written with XCTestCase gets them at the assertion's line.
final class XCTestReportingTests: XCTestCase {
    /// The failures recorded while `isCapturing`; other failures (this test's own
    /// assertions) go to XCTest as usual.
    private var reported: [(message: String, filePath: String, line: Int)] = []
    private var isCapturing = false

    override class func setUp() {
        super.setUp()
        // What a test store does on first use; done before this class's test cases start,
        // so that observation sees them start.
        MainActor.assumeIsolated { RunningTestCase.startObserving() }
    }

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard isCapturing else { return super.record(issue) }
        let location = issue.sourceCodeContext.location
        reported.append((issue.compactDescription, location?.fileURL.path ?? "", location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard isCapturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        reported.append((description, filePath, lineNumber))
    }
    #endif

    @MainActor
    func testTestStoreFailure_isReportedToXCTest_withItsLocation() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        isCapturing = true
        let line = #line + 1
        await store.send(UsernameChanged(text: "ann"))
        isCapturing = false
        XCTAssertEqual(reported.count, 1)
        let failure = reported.first ?? ("", "", 0)
        // At the caller's line, as XCTest's own assertions are.
        XCTAssertEqual(failure.filePath, #filePath)
        XCTAssertEqual(failure.line, line)
        XCTAssertTrue(failure.message.hasPrefix("State after sending UsernameChanged(text: \"ann\") is not as expected."),
                      failure.message)
        XCTAssertTrue(failure.message.contains("+ .username: \"ann\""), failure.message)
    }
}
