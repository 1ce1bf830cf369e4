import Foundation
import Reflow
import ReflowCore

/// A live inspector being served: the page at ``url``, until ``stop()``.
///
/// Made by ``History/serveInspector(port:interface:title:testSetup:)``. Keep it for as long as
/// the inspector should answer; releasing it stops it too.
public final class InspectorServer: Sendable {
    /// The port it listens on (the one the system picked, when asked for port 0).
    public let port: UInt16
    /// Where to open the page: `http://127.0.0.1:PORT/?token=…` on the loopback
    /// interface. The token is this run's: every request but the bare page needs it.
    public let url: URL
    let listener: ListeningSocket
    let gate: InspectorGate

    /// The most connections answered at once; more are answered 503 at once.
    static let connectionLimit = 16
    /// How long a client has to send its whole request, unless the server is made with
    /// another deadline (tests that hold connections idle on a loaded machine).
    static let requestDeadline: Duration = .seconds(10)

    init(interface: InspectorInterface, port: UInt16, requestDeadline: Duration = requestDeadline,
         handle: @escaping @MainActor @Sendable (InspectorRequest) -> InspectorResponse?) throws(InspectorServerError) {
        let (socket, boundPort) = try InspectorSocket.listen(address: interface.address, port: port)
        let listener = ListeningSocket(close: socket.close)
        let gate = InspectorGate(port: boundPort, interface: interface)
        self.listener = listener
        self.gate = gate
        self.port = boundPort
        self.url = URL(string: "http://127.0.0.1:\(boundPort)/?token=\(gate.token)")!
        InspectorThreads.start(named: "Reflow inspector") {
            Self.acceptLoop(socket, gate: gate, requestDeadline: requestDeadline, handle: handle)
        }
    }

    deinit {
        listener.close()
    }

    /// Stops answering: the port is closed; requests being answered finish.
    public func stop() {
        listener.close()
    }

    private static func acceptLoop(_ listener: InspectorSocket, gate: InspectorGate, requestDeadline: Duration,
                                   handle: @escaping @MainActor @Sendable (InspectorRequest) -> InspectorResponse?) {
        let connections = ConnectionCount(limit: connectionLimit)
        var serial = 0
        while let client = listener.accept() {
            serial += 1
            guard connections.enter() else {
                client.write(InspectorResponse.error(503, "The inspector answers \(connectionLimit) connections at once; try again.").bytes)
                client.close()
                continue
            }
            // Each connection on a thread of its own, never on Swift concurrency's pool:
            // a slow or idle client must not delay the app's tasks.
            InspectorThreads.start(named: "Reflow inspector connection") { [serial] in
                defer {
                    client.close()
                    connections.leave()
                }
                let deadline = ContinuousClock.now.advanced(by: requestDeadline)
                // The gate decides on the head: a refused request's body is never read.
                guard let parsed = InspectorRequest.read(from: client, before: deadline, gate: gate.refusal(of:),
                                                         bodyLimit: InspectorGate.bodyLimit(method:path:)) else { return }
                switch parsed {
                case .failure(let response):
                    client.write(response.bytes)
                case .success(let request):
                    // The history and the store live on the main actor: the request waits
                    // for the main queue to answer it (a connection's own thread, never the
                    // main thread, waits). The answer may take several turns there (`nil`:
                    // not ready), so the app runs between them; a client that left gets no
                    // more work done for it.
                    var request = request.withToken(gate.hasToken(request))
                    request.serial = serial
                    while !client.peerHasClosed {
                        if let response = DispatchQueue.main.sync(execute: { MainActor.assumeIsolated { handle(request) } }) {
                            client.write(response.bytes)
                            return
                        }
                    }
                }
            }
        }
    }
}

/// The connections being answered, bounded.
///
/// Shared by the accept loop (`enter`) and each connection's thread (`leave`). Not for
/// speed: a lock-guarded counter, since `Mutex` needs macOS 15 and iOS 18.
/// `InspectorGateTests` holds the limit's worth of connections and checks that the next is
/// refused and that requests are answered again once they close.
private final class ConnectionCount: @unchecked Sendable {
    // @unchecked: invariant, `count` is read and written only under `lock`.
    private let lock = NSLock()
    private var count = 0
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more connection, unless the limit is reached.
    func enter() -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        lock.withLock { count -= 1 }
    }
}

/// The server's listening socket, closed once: by `stop()` or by the server's release,
/// whichever comes first (closing a descriptor twice could close another file that reused
/// its number meanwhile).
final class ListeningSocket: @unchecked Sendable {
    // @unchecked: `isClosed` is read and written only under `lock`.
    private let closeSocket: @Sendable () -> Void
    private let lock = NSLock()
    private var isClosed = false

    /// - Parameter close: Closes the socket; called at most once.
    init(close: @escaping @Sendable () -> Void) {
        self.closeSocket = close
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        isClosed = true
        closeSocket()
    }
}

/// Where a live inspector listens.
public enum InspectorInterface: Sendable, Equatable {
    /// 127.0.0.1 only: reachable from this machine (or this simulator's Mac) alone. The
    /// default.
    case loopback
    /// Every IPv4 interface: reachable from other machines on the network, for an app on a
    /// device. The Host header is not checked then (the device's addresses are not known);
    /// the token and the Origin check still are, but the token travels in clear text:
    /// anyone on the network who sees it can read the app's state and change it.
    case allInterfaces

    var address: UInt32 {
        switch self {
        case .loopback: 0x7F00_0001
        case .allInterfaces: 0
        }
    }
}

/// Why a live inspector could not start.
public enum InspectorServerError: Error, Equatable, CustomStringConvertible {
    /// Another program listens on the port.
    case portInUse(UInt16)
    /// A system call failed, with its `errno`.
    case system(String, Int32)
    /// This platform has no sockets the inspector knows.
    case unsupportedPlatform

    public var description: String {
        switch self {
        case .portInUse(let port): "Port \(port) is in use; pass another port, or 0 to let the system pick one."
        case .system(let call, let code): "The inspector's \(call)() failed with errno \(code)."
        case .unsupportedPlatform: "The live inspector needs POSIX sockets (Linux, macOS, iOS, tvOS, watchOS, visionOS)."
        }
    }
}
