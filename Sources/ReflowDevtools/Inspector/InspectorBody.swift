import Foundation
import Reflow
import ReflowCore

/// Strict reads of a command's JSON body: what `JSONDecoder` lets through (a position of
/// `3.0`, garbage where no body was expected) is refused, so a command acts only on the
/// body it documents.
enum InspectorBody {
    /// The commands that take no arguments.
    static let commandsWithoutArguments: Set = ["/api/step-back", "/api/step-forward", "/api/pause", "/api/resume", "/api/commit"]

    /// The integer field `position` of a JSON object body, written as an integer (`3`, not
    /// `3.0`, `3e0`, `true` or `"3"`); `nil` otherwise.
    static func position(in body: Data) -> Int? {
        // JSONDecoder reads `3.0` and `3e0` as the Int 3: it checks the JSON and the type,
        // and the number as written is checked here.
        guard let value = (try? JSONDecoder().decode(PositionField.self, from: body))?.position else { return nil }
        return writesIntegers(after: Array(#""position""#.utf8), in: Array(body)) ? value : nil
    }

    /// Whether `body` is empty, or an empty JSON object.
    static func isEmpty(_ body: Data) -> Bool {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return true }
        return (try? JSONDecoder().decode([String: Bool].self, from: body))?.isEmpty == true
    }

    /// Whether every `key` followed by a colon in `bytes` has a value written with an
    /// optional minus and digits only.
    private static func writesIntegers(after key: [UInt8], in bytes: [UInt8]) -> Bool {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var start = 0
        while let found = bytes[start...].firstRange(of: key) {
            start = found.upperBound
            var index = found.upperBound
            while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
            index += 1
            while index < bytes.count, whitespace.contains(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { return false }
            guard index == bytes.count || whitespace.contains(bytes[index])
                    || bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "}") else { return false }
        }
        return true
    }

    private struct PositionField: Decodable { var position: Int }
}
