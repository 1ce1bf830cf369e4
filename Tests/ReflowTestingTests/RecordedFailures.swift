import Foundation
import Testing
import ReflowTesting

/// One failure a ReflowTesting assertion reported: its whole message and where it points.
struct RecordedFailure: Equatable, CustomStringConvertible {
    var message: String
    var line: Int?
    var fileID: String?

    var description: String { "\(fileID ?? "?"):\(line.map(String.init) ?? "?"): \(message)" }
}

/// Runs `body` and returns the failures it reported, instead of failing the test.
@MainActor
func failures(of body: () async -> Void) async -> [RecordedFailure] {
    let recorded = Recorded()
    await withKnownIssue(isIntermittent: true) {
        await body()
    } matching: { issue in
        recorded.append(RecordedFailure(message: issue.comments.map(\.rawValue).joined(separator: "\n"),
                                        line: issue.sourceLocation?.line,
                                        fileID: issue.sourceLocation?.fileID))
        return true
    }
    return recorded.failures
}

private final class Recorded: @unchecked Sendable {
    // @unchecked: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: [RecordedFailure] = []
    var failures: [RecordedFailure] { lock.withLock { stored } }
    func append(_ failure: RecordedFailure) { lock.withLock { stored.append(failure) } }
}
