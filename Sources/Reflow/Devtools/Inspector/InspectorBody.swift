import Foundation

/// Strict reads of a command's JSON body: what `JSONDecoder` lets through (a position of
/// `3.0`, garbage where no body was expected) is refused, so a command acts only on the
/// body it documents.
enum InspectorBody {
    /// The commands that take no arguments.
    static let commandsWithoutArguments: Set = ["/api/step-back", "/api/step-forward", "/api/pause", "/api/resume", "/api/commit"]

    /// The integer field `name` of a JSON object body, written as an integer (`3`, not
    /// `3.0` or `"3"`); `nil` otherwise.
    static func integer(_ name: String, in body: Data) -> Int? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let number = object[name] as? NSNumber,
              let value = Int(exactly: number.doubleValue) else { return nil }
        // JSONSerialization reads `3.0` as a floating-point number and `true` as a char,
        // and its number says which (an `is Bool` check is true of every number on Linux).
        let type = String(cString: number.objCType)
        guard !["d", "f", "c"].contains(type) else { return nil }
        return value
    }

    /// Whether `body` is empty, or an empty JSON object.
    static func isEmpty(_ body: Data) -> Bool {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return true }
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return false }
        return object.isEmpty
    }
}
