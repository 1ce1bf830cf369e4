// Either test framework may be missing: a Mac with only the command line tools has no
// XCTest, and an older toolchain no Testing. ReflowTesting reports to those it has.
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where a ReflowTesting assertion was called from.
public struct CallSite: Sendable {
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int

    /// Captures the caller's location; pass the defaults through from public assertions.
    ///
    /// - Parameters:
    ///   - fileID: The caller's `#fileID`.
    ///   - filePath: The caller's `#filePath`.
    ///   - line: The caller's `#line`.
    ///   - column: The caller's `#column`.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Reports a failure to Swift Testing when a Swift Testing test is running, otherwise to
/// XCTest, at the caller's location. Every ReflowTesting failure goes through here.
@MainActor
func reportFailure(_ message: String, at site: CallSite) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
        )
        return
    }
    #endif
    #if canImport(XCTest)
    RunningTestCase.startObserving()
    if RunningTestCase.recordFailure(message, filePath: site.filePath, line: site.line) { return }
    // No running test case known yet (see RunningTestCase): XCTFail takes its file as a
    // StaticString, which a runtime path cannot become, so the location travels in the
    // message (it is the caller's line).
    XCTFail("\(site.filePath):\(site.line): \(message)")
    #else
    // No test framework to tell: say it where a person sees it.
    print("\(site.filePath):\(site.line): error: \(message)")
    #endif
}
