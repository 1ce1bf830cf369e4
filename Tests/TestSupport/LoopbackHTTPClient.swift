import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 client for servers on 127.0.0.1: sends bytes as given (so a test
/// can send a malformed request too) and reads the answer until the server closes.
/// Runs on a GCD thread, so a main-actor test can await it while the server answers on
/// the main actor.
public enum LoopbackHTTPClient {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
        /// The body as a JSON object (empty when it is not one).
        public var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `method path` with `body` and `headers`, as a well-formed request (its Host is
    /// `127.0.0.1:port` unless `headers` gives another).
    public static func request(_ method: String, _ path: String, body: String = "", port: UInt16,
                               headers: [String: String] = [:]) async throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if headers["Host"] == nil { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        let bytes = head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        return try await send(raw: Array(bytes.utf8), port: port)
    }

    /// Sends `raw` and reads the reply.
    public static func send(raw: [UInt8], port: UInt16) async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchange(raw, port: port) })
            }
        }
    }

    /// Opens a connection and sends the start of a request, never its end: a client that
    /// holds a connection. Close it with ``closeConnection(_:)``.
    public static func openIdleConnection(port: UInt16) throws -> Int32 {
        let descriptor = try connected(port: port)
        let start = Array("GET /api/history HTTP/1.1\r\n".utf8)
        _ = start.withUnsafeBytes { systemSend(descriptor, $0.baseAddress!, start.count, 0) }
        return descriptor
    }

    /// Closes a connection from ``openIdleConnection(port:)``.
    public static func closeConnection(_ descriptor: Int32) {
        close(descriptor)
    }

    private static func connected(port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(descriptor)
            throw Failure(description: "connect to port \(port): errno \(errno)")
        }
        return descriptor
    }

    private static func exchange(_ raw: [UInt8], port: UInt16) throws -> Reply {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < raw.count {
            let result = raw.withUnsafeBytes { systemSend(descriptor, $0.baseAddress! + sent, raw.count - sent, 0) }
            guard result > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += result
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 65_536, 0) }
            if count < 0 { throw Failure(description: "recv: errno \(errno) (no answer within 60 s?)") }
            if count == 0 { break }
            received += buffer.prefix(count)
        }
        guard let headEnd = received.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP head in \(received.count) bytes")
        }
        let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Data(received[headEnd.upperBound...]))
    }
}

#if canImport(Glibc)
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    Glibc.send(descriptor, bytes, count, flags)
}
#elseif canImport(Darwin)
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    Darwin.send(descriptor, bytes, count, flags)
}
#endif
