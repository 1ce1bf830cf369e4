import XCTest
import Reflow
import ReflowTesting

/// ReflowTesting's failures reach XCTest when no Swift Testing test is running: a suite
/// written with XCTestCase gets them at the assertion's line.
final class XCTestReportingTests: XCTestCase {
    private var reported: [String] = []

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        reported.append(issue.compactDescription)
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        reported.append(description)
    }
    #endif

    @MainActor
    func testTestStoreFailure_isReportedToXCTest_withItsLocation() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        let line = #line + 1
        await store.send(UsernameChanged(text: "ann"))
        XCTAssertEqual(reported.count, 1)
        let message = reported.first ?? ""
        XCTAssertTrue(message.contains("\(#filePath):\(line): State after sending UsernameChanged(text: \"ann\") is not as expected."),
                      message)
        XCTAssertTrue(message.contains("+ .username: \"ann\""), message)
    }
}
