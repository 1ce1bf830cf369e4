import Reflow
import ReflowCore

// The live inspector's threads: blocking socket calls must not run on Swift concurrency's
// pool (a blocked pool thread starves the app's tasks), so they get threads of their own
// where sockets exist. Elsewhere there is no server (`InspectorSocket.listen` throws), and
// nothing to run.
#if canImport(Glibc) || canImport(Darwin)
import Foundation

enum InspectorThreads {
    /// Runs `body` on a new thread named `name`: the accept loop, for the server's life,
    /// and each connection, for its request and answer.
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}
#else
enum InspectorThreads {
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {}
}
#endif
