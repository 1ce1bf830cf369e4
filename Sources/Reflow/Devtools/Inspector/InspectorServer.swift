import Foundation

/// A live inspector being served: the page at ``url``, until ``stop()``.
///
/// Made by ``History/serveInspector(port:interface:title:)``. Keep it for as long as
/// the inspector should answer; releasing it stops it too.
public final class InspectorServer: Sendable {
    /// The port it listens on (the one the system picked, when asked for port 0).
    public let port: UInt16
    /// Where to open the page: `http://127.0.0.1:PORT/` on the loopback interface.
    public let url: URL
    let listener: ListeningSocket
    private let handle: @MainActor @Sendable (InspectorRequest) -> InspectorResponse

    init(interface: InspectorInterface, port: UInt16,
         handle: @escaping @MainActor @Sendable (InspectorRequest) -> InspectorResponse) throws(InspectorServerError) {
        let (socket, boundPort) = try InspectorSocket.listen(address: interface.address, port: port)
        let listener = ListeningSocket(close: socket.close)
        self.listener = listener
        self.port = boundPort
        self.url = URL(string: "http://127.0.0.1:\(boundPort)/")!
        self.handle = handle
        InspectorThreads.start(named: "Reflow inspector") { [handle] in Self.acceptLoop(socket, handle: handle) }
    }

    deinit {
        listener.close()
    }

    /// Stops answering: the port is closed; requests being answered finish.
    public func stop() {
        listener.close()
    }

    private static func acceptLoop(_ listener: InspectorSocket,
                                   handle: @escaping @MainActor @Sendable (InspectorRequest) -> InspectorResponse) {
        while let client = listener.accept() {
            // Each connection on its own: a browser keeps idle connections open.
            InspectorThreads.answer {
                defer { client.close() }
                guard let parsed = InspectorRequest.read(from: client) else { return }
                switch parsed {
                case .failure(let response):
                    client.write(response.bytes)
                case .success(let request):
                    // The history and the store live on the main actor: the request waits
                    // for the main queue to answer it (a connection's own thread, never the
                    // main thread, waits).
                    let response = DispatchQueue.main.sync { MainActor.assumeIsolated { handle(request) } }
                    client.write(response.bytes)
                }
            }
        }
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
    /// device. Anyone who can reach the port can read the app's state and change it.
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
