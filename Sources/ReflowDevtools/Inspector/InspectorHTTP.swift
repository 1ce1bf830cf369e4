import Foundation
import Reflow
import ReflowCore

/// One HTTP/1.1 request to the live inspector.
struct InspectorRequest: Sendable, Equatable {
    var method: String
    var path: String
    var query: [String: String]
    /// The headers, by lowercased name.
    var headers: [String: String] = [:]
    var body: Data
    /// Whether it carried the run's token (set by the gate): the bare page holds the app's
    /// state only then.
    var hasToken = false
    /// Which request this is, numbered by the server as connections arrive: work done over
    /// several turns (an import) belongs to one request.
    var serial = 0

    /// The request, marked as carrying the token or not.
    func withToken(_ hasToken: Bool) -> InspectorRequest {
        var request = self
        request.hasToken = hasToken
        return request
    }

    /// Reads one request from `socket`: the head, then `Content-Length` bytes of body, all
    /// before `deadline`.
    ///
    /// The head alone (its body empty) goes to `gate` first: a request it refuses is
    /// answered with its refusal before any more of the body is read than arrived with the
    /// head (at most one 16 KB read). Then a body longer than `bodyLimit` says for the
    /// request's method and path is refused, again before it is read. `nil` when the peer
    /// sent nothing parseable (it is answered 400, or dropped).
    static func read(from socket: InspectorSocket, before deadline: ContinuousClock.Instant,
                     gate: (InspectorRequest) -> InspectorResponse?,
                     bodyLimit: (_ method: String, _ path: String) -> Int) -> Result<InspectorRequest, InspectorResponse>? {
        var bytes: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let chunk = socket.read(upTo: 16_384, before: deadline)
            if chunk.isEmpty { return bytes.isEmpty ? nil : .failure(.error(400, "The request ended before its headers did.")) }
            bytes += chunk
            headEnd = bytes.firstRange(of: separator)?.lowerBound
            if headEnd == nil && bytes.count > 65_536 { return .failure(.error(431, "The request's headers are too large.")) }
        }
        let head = String(decoding: bytes[..<headEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            return .failure(.error(400, "Not an HTTP/1.1 request line."))
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.error(400, "A header line has no colon.")) }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop(while: \.isWhitespace))
        }
        let length: Int
        if let declared = headers["content-length"] {
            guard let value = Int(declared), value >= 0 else { return .failure(.error(400, "Content-Length is not a number.")) }
            length = value
        } else {
            guard headers["transfer-encoding"] == nil else {
                return .failure(.error(411, "Send the body with a Content-Length; chunked bodies are not read."))
            }
            length = 0
        }
        let target = requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let method = String(requestLine[0])
        let path = percentDecoded(target[0])
        var query: [String: String] = [:]
        for item in target.count > 1 ? target[1].split(separator: "&") : [] {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[percentDecoded(pair[0])] = pair.count > 1 ? percentDecoded(pair[1]) : ""
        }
        var request = InspectorRequest(method: method, path: path, query: query, headers: headers, body: Data())
        if let refusal = gate(request) { return .failure(refusal) }
        let limit = bodyLimit(method, path)
        guard length <= limit else {
            return .failure(.error(413, "\(method) \(path) takes a body of at most \(limit) bytes; this one has \(length)."))
        }
        var body = Array(bytes[(headEnd! + separator.count)...])
        while body.count < length {
            let chunk = socket.read(upTo: min(1 << 20, length - body.count), before: deadline)
            if chunk.isEmpty { return .failure(.error(408, "The body did not arrive, whole, in time.")) }
            body += chunk
        }
        request.body = Data(body.prefix(length))
        return .success(request)
    }

    /// `text` with `+` as a space and `%XX` as the byte it encodes (invalid escapes kept).
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
               let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
               let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = utf8.index(after: low)
                continue
            }
            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The live inspector's answer to a request.
struct InspectorResponse: Sendable, Error, Equatable {
    var status: Int
    var contentType: String
    /// The body in pieces, joined on the connection's thread: a page of many encoded steps
    /// leaves the main thread without being copied there.
    var bodyParts: [Data]
    var extraHeaders: [String: String] = [:]

    init(status: Int, contentType: String, body: Data) {
        self.init(status: status, contentType: contentType, bodyParts: [body])
    }

    init(status: Int, contentType: String, bodyParts: [Data]) {
        self.status = status
        self.contentType = contentType
        self.bodyParts = bodyParts
    }

    /// The whole body.
    var body: Data { bodyParts.count == 1 ? bodyParts[0] : Data(bodyParts.joined()) }

    /// A JSON answer.
    static func json(_ object: [String: Any], status: Int = 200) -> InspectorResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return InspectorResponse(status: status, contentType: "application/json; charset=utf-8", body: data)
    }

    /// An error, as JSON: `{"error": message}`.
    static func error(_ status: Int, _ message: String) -> InspectorResponse {
        json(["error": message], status: status)
    }

    /// The bytes on the wire; one response per connection. Every answer refuses to be
    /// framed by another page and to be sniffed as another type.
    var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(bodyParts.reduce(0) { $0 + $1.count })\r\n"
        head += "Cache-Control: no-store\r\nConnection: close\r\n"
        head += "X-Frame-Options: DENY\r\nContent-Security-Policy: frame-ancestors 'none'\r\n"
        head += "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        var bytes = Array((head + "\r\n").utf8)
        for part in bodyParts { bytes.append(contentsOf: part) }
        return bytes
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 403: "Forbidden"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
