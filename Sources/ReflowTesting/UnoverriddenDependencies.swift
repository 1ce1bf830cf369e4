import Reflow

/// Where a dependency used in a test without being overridden is reported, once
/// ReflowTesting is in use: at the running test, as a failure (without it, Reflow stops
/// the test process with the same message).
@MainActor
enum UnoverriddenDependencies {
    static func reportAtTheRunningTest() {
        guard DependencyValues.unoverriddenReporter == nil else { return }
        DependencyValues.unoverriddenReporter = { message in reportFailure(message, at: CallSite()) }
    }
}
