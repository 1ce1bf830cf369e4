import Foundation
import Reflow
import ReflowDevtools
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// D1: what a live inspector costs the app while a page uses it.
//
// - The longest time the main thread is held while a page of 1,000 recorded entries (a
//   search app's states: a query and a page of 15–60 results) opens, found with a main-actor
//   heartbeat that wakes every millisecond: the longest gap between its wake-ups, against
//   the same heartbeat with no request.
// - An effect's latency (it awaits work on Swift concurrency's pool 20 times) with no
//   client, with 50 idle connections, and with 64 slow ones that send a byte now and then:
//   as ratios to the latency with none, measured in alternating rounds.

private struct SearchState: Equatable {
    var query = ""
    var results: [String] = []
    var selection = 0
}

private struct Typed: Action { var query: String }
private struct Loaded: Action { var results: [String] }
private struct EffectDone: Action {}

private let searchReducer = Reducer<SearchState>
    .on(Typed.self) { state, action in state.query = action.query }
    .on(Loaded.self) { state, action in state.results = action.results }

@MainActor
func inspectorLoadScenario(entries: Int, rounds: Int) async throws {
    // The clients write to connections the server refused and closed: no SIGPIPE for that.
    signal(SIGPIPE, SIG_IGN)
    let store = Store(reducer: searchReducer, state: SearchState())
    let history = History<SearchState>(limit: entries)
    history.attach(to: store)
    for index in 0..<entries {
        if index % 2 == 0 {
            store.dispatch(Typed(query: "query \(index)"))
        } else {
            store.dispatch(Loaded(results: (0..<(15 + index % 46)).map { "owner\($0)/repository-\(index)-\($0) ★\($0 * 37)" }))
        }
    }
    let server = try history.serveInspector()
    let token = server.url.query?.replacingOccurrences(of: "token=", with: "") ?? ""
    let port = server.port

    // The main thread's longest hold while the page opens, and while nothing is asked.
    let idle = await longestMainThreadGap { try? await Task.sleep(for: .milliseconds(300)) }
    var pageBytes = 0
    let opening = await longestMainThreadGap {
        pageBytes = (try? await InspectorLoadClient.get("/?token=\(token)", port: port).count) ?? -1
    }
    print("D1a page of \(entries) entries (\(pageBytes / 1_024) KB): longest main-thread hold \(milliseconds(opening.longest)) "
          + "(\(milliseconds(opening.total)) in all); with no request \(milliseconds(idle.longest))")
    let poll = await longestMainThreadGap {
        _ = try? await InspectorLoadClient.get("/api/history?since=\(entries)&revision=1&token=\(token)", port: port)
    }
    print("D1b a poll with nothing new: longest main-thread hold \(milliseconds(poll.longest))")

    // An effect's latency, by the clients holding connections.
    func effectLatency() async -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        await store.run(.run { send in
            var sum = 0
            for step in 0..<20 {
                sum &+= await Task.detached {
                    var value = step
                    for index in 0..<300_000 { value = (value &* 31 &+ index) % 1_000_003 }
                    return value
                }.value
            }
            if sum != 42 { await send(EffectDone()) }
        }).finish()
        return clock.now - start
    }
    var none: [Duration] = [], idleHeld: [Duration] = [], slowHeld: [Duration] = []
    for _ in 0..<rounds {
        none.append(await effectLatency())
        let idleClients = (0..<50).compactMap { _ in InspectorLoadClient.open(port: port, sending: "GET /api/history HTTP/1.1\r\n") }
        await InspectorLoadClient.awaitRefusals(of: idleClients)
        idleHeld.append(await effectLatency())
        idleClients.forEach { close($0) }
        let slowClients = (0..<64).compactMap { _ in InspectorLoadClient.open(port: port, sending: "G") }
        await InspectorLoadClient.awaitRefusals(of: slowClients)
        for client in slowClients { _ = "E".withCString { send(client, $0, 1, 0) } }
        slowHeld.append(await effectLatency())
        slowClients.forEach { close($0) }
    }
    let base = median(none)
    print("D1c effect latency: none \(milliseconds(base)); 50 idle connections \(ratio(median(idleHeld), base)); "
          + "64 slow connections \(ratio(median(slowHeld), base))")
    withExtendedLifetime((store, history, server)) {}
}

/// Runs `body` while a main-actor heartbeat wakes every millisecond; returns the longest
/// gap between wake-ups beyond the millisecond asked for, and the sum of such gaps.
@MainActor
private func longestMainThreadGap(during body: @MainActor () async -> Void) async -> (longest: Duration, total: Duration) {
    let clock = ContinuousClock()
    final class Flag { var isRunning = true }
    var longest = Duration.zero
    var total = Duration.zero
    let running = Flag()
    let heartbeat = Task { @MainActor in
        var last = clock.now
        while running.isRunning {
            try? await Task.sleep(for: .milliseconds(1))
            let now = clock.now
            let gap = now - last - .milliseconds(1)
            if gap > .milliseconds(2) { total += gap }
            longest = max(longest, gap)
            last = now
        }
    }
    await body()
    running.isRunning = false
    await heartbeat.value
    return (longest, total)
}

private func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
private func milliseconds(_ duration: Duration) -> String { String(format: "%.1f ms", duration.nanoseconds / 1e6) }
private func ratio(_ value: Duration, _ base: Duration) -> String { String(format: "%.2f×", value.nanoseconds / base.nanoseconds) }

/// Requests over plain sockets, on a thread of Dispatch's own (the client must not wait on
/// the main thread the server needs).
private enum InspectorLoadClient {
    static func get(_ path: String, port: UInt16) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                guard let socket = open(port: port, sending: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n") else {
                    return continuation.resume(throwing: CocoaError(.fileReadUnknown))
                }
                defer { close(socket) }
                var received = Data()
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, 65_536, 0) }
                    if count <= 0 { break }
                    received.append(contentsOf: buffer[..<count])
                }
                continuation.resume(returning: received)
            }
        }
    }

    /// Returns once the server has answered the clients over its limit (accepted after the
    /// first 16, in order) and closed them: the load is then steady.
    static func awaitRefusals(of clients: [Int32]) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 1_024)
                for client in clients.dropFirst(16) {
                    while buffer.withUnsafeMutableBytes({ recv(client, $0.baseAddress, 1_024, 0) }) > 0 {}
                }
                continuation.resume()
            }
        }
    }

    static func open(port: UInt16, sending text: String) -> Int32? {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, bytes.count, 0) }
        return socket
    }
}
