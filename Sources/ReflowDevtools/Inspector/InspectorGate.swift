import Foundation
import Reflow
import ReflowCore

/// What a request to the live inspector must show before anything reads or changes the
/// app: a debug server on loopback is reachable by every web page the developer opens.
///
/// - **A token per run**, in the address the app prints, on every request but the bare
///   page (which then holds no state): a page elsewhere cannot guess it.
/// - **The Host it was reached by** is the loopback name and port it listens on, so a name
///   an attacker's DNS points at 127.0.0.1 (DNS rebinding) is refused.
/// - **Changes are `POST`s from its own origin** (`Origin: http://127.0.0.1:PORT`): a form
///   or `no-cors` request from another page carries another origin. A `GET` changes nothing.
/// - **Bodies are bounded by route**, checked before any byte of the body is read.
///
/// Checked on the connection's own thread: a refused request costs the app nothing.
struct InspectorGate: Sendable {
    /// The run's token: 128 random bits, as hex.
    let token: String
    let port: UInt16
    let interface: InspectorInterface

    /// Requests the inspector takes a body for, and how large: an imported history is the
    /// largest thing sent.
    static let importLimit = 64 << 20
    static let commandLimit = 4_096
    /// An action written on the page.
    static let dispatchLimit = 1 << 20

    init(port: UInt16, interface: InspectorInterface) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
            .map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
        self.port = port
        self.interface = interface
    }

    /// The largest body `method` on `path` may carry.
    static func bodyLimit(method: String, path: String) -> Int {
        guard method == "POST" else { return 0 }
        switch path {
        case "/api/import": return importLimit
        case "/api/dispatch": return dispatchLimit
        default: return commandLimit
        }
    }

    /// Whether `request` names the bare page, which is served without the token (and then
    /// without the app's state).
    static func isBarePage(_ request: InspectorRequest) -> Bool {
        request.method == "GET" && (request.path == "/" || request.path == "/index.html")
    }

    /// Whether `request` carries this run's token, in the `X-Reflow-Token` header or the
    /// `token` query item.
    func hasToken(_ request: InspectorRequest) -> Bool {
        guard let given = request.headers["x-reflow-token"] ?? request.query["token"] else { return false }
        // Compared in constant time, so the answer's timing does not tell a right prefix.
        let expected = Array(token.utf8)
        let received = Array(given.utf8)
        guard expected.count == received.count else { return false }
        return zip(expected, received).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The refusal for `request`, or `nil` when it may go on to the app.
    func refusal(of request: InspectorRequest) -> InspectorResponse? {
        guard let host = request.headers["host"], acceptsHost(host) else {
            return .error(403, "This inspector answers at 127.0.0.1:\(port) or localhost:\(port) only (Host was \(request.headers["host"] ?? "missing")).")
        }
        guard Self.isBarePage(request) || hasToken(request) else {
            return .error(403, "Open the inspector's address as the app printed it: it carries this run's token.")
        }
        if request.method != "GET" {
            guard request.headers["origin"] == "http://\(host)" else {
                return .error(403, "Changes are taken only from the inspector's own page (Origin http://\(host)).")
            }
        }
        return nil
    }

    private func acceptsHost(_ host: String) -> Bool {
        // Listening on every interface, the device's addresses are not known here; the
        // token and the Origin check still hold.
        if interface == .allInterfaces { return true }
        return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }
}
