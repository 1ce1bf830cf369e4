import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and a port the system picks, answering each request
/// with what `reply` returns for it; one request per connection (`Connection: close`).
final class LoopbackHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
    }

    enum Reply: Sendable {
        case respond(status: Int, headers: [String: String] = [:], body: String)
        /// Closes the connection after reading the request, without answering.
        case drop
    }

    let port: UInt16
    private let listener: Int32
    private let reply: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []

    /// The requests answered so far, in order.
    var requests: [Request] { lock.withLock { received } }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(reply: @escaping @Sendable (Request) -> Reply) throws {
        self.reply = reply
        let (listener, port) = try Self.boundSocket()
        guard listen(listener, 16) == 0 else { throw ServerError("listen: errno \(errno)") }
        self.port = port
        self.listener = listener
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A socket bound to a port of 127.0.0.1 that the system picks, and that port.
    static func boundSocket() throws -> (socket: Int32, port: UInt16) {
        let listener = socket(AF_INET, streamSocketType, 0)
        guard listener >= 0 else { throw ServerError("socket: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ServerError("bind: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }

    /// Runs `body` with a port where nothing listens: bound but not listening, so a
    /// connection is refused, and no server started meanwhile (by a test running in
    /// parallel) can take the port, as it could take a port that was just freed.
    static func withRefusingPort<T>(_ body: (UInt16) async throws -> T) async throws -> T {
        let (socket, port) = try boundSocket()
        defer { close(socket) }
        return try await body(port)
    }

    /// Runs `body` with a port that something listens on (and accepts nothing from).
    static func withListeningPort<T>(_ body: (UInt16) async throws -> T) async throws -> T {
        let (socket, port) = try boundSocket()
        defer { close(socket) }
        guard listen(socket, 1) == 0 else { throw ServerError("listen: errno \(errno)") }
        return try await body(port)
    }

    /// Stops accepting; the accept loop ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            serve(connection)
        }
    }

    private func serve(_ connection: Int32) {
        defer { closeGracefully(connection) }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !data.hasSuffix([13, 10, 13, 10]) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            data += buffer[..<count]
        }
        let head = String(decoding: data, as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, let components = URLComponents(string: String(requestLine[1])) else { return }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let request = Request(
            method: String(requestLine[0]), path: components.path,
            query: Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }),
            headers: headers)
        lock.withLock { received.append(request) }
        guard case .respond(let status, let extraHeaders, let body) = reply(request) else { return }
        let bodyBytes = Array(body.utf8)
        var response = "HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(bodyBytes.count)\r\nConnection: close\r\n"
        for (name, value) in extraHeaders { response += "\(name): \(value)\r\n" }
        let bytes = Array((response + "\r\n").utf8) + bodyBytes
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard result > 0 else { return }
            written += result
        }
    }

    /// Ends the response with a FIN and waits for the client to close its side before the
    /// socket is released: closing at once, with anything unread, answers with a reset,
    /// and a client may then lose the response it was still reading.
    private func closeGracefully(_ connection: Int32) {
        shutdown(connection, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 1024)
        while read(connection, &buffer, buffer.count) > 0 {}
        close(connection)
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

private extension Array where Element == UInt8 {
    func hasSuffix(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
