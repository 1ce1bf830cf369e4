import Foundation

/// One HTTP/1.1 request to the live inspector.
struct InspectorRequest: Sendable, Equatable {
    var method: String
    var path: String
    var query: [String: String]
    var body: Data

    /// The most a request may be: an imported history is the largest thing sent.
    static let maximumSize = 64 << 20

    /// Reads one request from `socket`: the head, then `Content-Length` bytes of body.
    /// `nil` when the peer sent nothing parseable (it is answered 400, or dropped).
    static func read(from socket: InspectorSocket) -> Result<InspectorRequest, InspectorResponse>? {
        var bytes: [UInt8] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let chunk = socket.read(upTo: 16_384)
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
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length: Int
        if let declared = headers["content-length"] {
            guard let value = Int(declared), value >= 0 else { return .failure(.error(400, "Content-Length is not a number.")) }
            length = value
        } else {
            length = 0
        }
        guard length <= maximumSize else { return .failure(.error(413, "The body is larger than \(maximumSize >> 20) MB.")) }
        var body = Array(bytes[(headEnd! + separator.count)...])
        while body.count < length {
            let chunk = socket.read(upTo: min(1 << 20, length - body.count))
            if chunk.isEmpty { return .failure(.error(400, "The body ended before Content-Length bytes.")) }
            body += chunk
        }
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return .success(InspectorRequest(method: String(requestLine[0]), path: components?.path ?? target,
                                         query: query, body: Data(body.prefix(length))))
    }
}

/// The live inspector's answer to a request.
struct InspectorResponse: Sendable, Error, Equatable {
    var status: Int
    var contentType: String
    var body: Data
    var extraHeaders: [String: String] = [:]

    /// A JSON answer.
    static func json(_ object: [String: Any], status: Int = 200) -> InspectorResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return InspectorResponse(status: status, contentType: "application/json; charset=utf-8", body: data)
    }

    /// An error, as JSON: `{"error": message}`.
    static func error(_ status: Int, _ message: String) -> InspectorResponse {
        json(["error": message], status: status)
    }

    /// The bytes on the wire; one response per connection.
    var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nConnection: close\r\n"
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + Array(body)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
