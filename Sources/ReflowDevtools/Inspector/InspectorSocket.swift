import Reflow
import ReflowCore

// The live inspector's sockets: the POSIX calls, which differ in small ways between
// Glibc and Darwin (SOCK_STREAM is an enum case on Glibc, an Int32 on Darwin). Platforms
// with neither have no live inspector: `listen` throws.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket of the live inspector: its file descriptor and the calls made on it.
struct InspectorSocket: Sendable {
    let descriptor: Int32

    /// A listening socket bound to `port` (0: one the system picks) of the IPv4 address
    /// `address` (host byte order: `0x7F00_0001` is 127.0.0.1), and the port it got.
    static func listen(address: UInt32, port: UInt16) throws(InspectorServerError) -> (InspectorSocket, UInt16) {
        #if canImport(Glibc) || canImport(Darwin)
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        #if canImport(Darwin)
        socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr = in_addr(s_addr: address.bigEndian)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let error = errno
            _ = systemClose(descriptor)
            throw error == EADDRINUSE ? .portInUse(port) : .system("bind", error)
        }
        // A deep queue: a browser opens several connections at once, and connections over
        // the server's cap are answered 503 at once rather than reset.
        guard systemListen(descriptor, 128) == 0 else {
            let error = errno
            _ = systemClose(descriptor)
            throw .system("listen", error)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (InspectorSocket(descriptor: descriptor), UInt16(bigEndian: socketAddress.sin_port))
        #else
        throw .unsupportedPlatform
        #endif
    }

    /// The next connection, or `nil` once the socket was closed.
    func accept() -> InspectorSocket? {
        #if canImport(Glibc) || canImport(Darwin)
        while true {
            #if canImport(Glibc)
            let client = Glibc.accept(descriptor, nil, nil)
            #else
            let client = Darwin.accept(descriptor, nil, nil)
            #endif
            if client >= 0 {
                // A client that connects and sends nothing (a browser's preconnect) is
                // dropped when one read has waited 5 s, rather than holding a thread; a
                // client that keeps sending slowly is bounded by the request's deadline
                // (`InspectorServer.requestDeadline`, 10 s).
                var timeout = timeval(tv_sec: 5, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                #if canImport(Darwin)
                var yes: Int32 = 1  // a peer that goes away must not kill the app with SIGPIPE
                setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                #endif
                return InspectorSocket(descriptor: client)
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
        #else
        return nil
        #endif
    }

    /// Up to `count` bytes, or an empty array at the end of the stream, a timeout or an
    /// error. Waits no later than `deadline`: a client that sends a byte a second cannot
    /// keep a connection past the request's deadline.
    func read(upTo count: Int, before deadline: ContinuousClock.Instant) -> [UInt8] {
        #if canImport(Glibc) || canImport(Darwin)
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return [] }
        let microseconds = max(1, left.components.attoseconds / 1_000_000_000_000)
        var timeout = timeval(tv_sec: .init(left.components.seconds), tv_usec: .init(microseconds))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: count)
        let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
        return received > 0 ? Array(buffer.prefix(received)) : []
        #else
        return []
        #endif
    }

    /// Whether the peer closed its end: work for a client that left is dropped.
    var peerHasClosed: Bool {
        #if canImport(Glibc) || canImport(Darwin)
        var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return false }
        if probe.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
        #else
        return true
        #endif
    }

    /// Sends all of `bytes`; returns `false` when the peer went away.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc) || canImport(Darwin)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags) }
            if result <= 0 { return false }
            sent += result
        }
        return true
        #else
        return false
        #endif
    }

    /// Closes the socket; a thread blocked in `accept` on it returns.
    func close() {
        #if canImport(Glibc) || canImport(Darwin)
        shutdown(descriptor, Int32(SHUT_RDWR))
        _ = systemClose(descriptor)
        #endif
    }
}

// Free functions, so the names do not resolve to `InspectorSocket`'s own methods.
#if canImport(Glibc)
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(descriptor, backlog) }
private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
#elseif canImport(Darwin)
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(descriptor, backlog) }
private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
#endif
