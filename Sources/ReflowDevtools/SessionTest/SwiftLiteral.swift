import Foundation
import Reflow
import ReflowCore

/// Writes a value as Swift source that rebuilds it, found with `Mirror`: what a test written
/// from a recorded session sends and asserts.
///
/// Structs are written with their memberwise initializer (`Repository(name: "a", stars: 3)`),
/// enums as their cases (`.select(2)`), collections, optionals and tuples as literals, and
/// `Date`, `URL`, `UUID`, `Data` and `Duration` with their initializers. What `Mirror` cannot
/// rebuild (a class instance, a type declared inside a function or `private`, a case of an
/// enum whose `description` hides the case name) is refused with a ``SessionTestError``
/// that names it, never written wrong.
struct SwiftLiteral {
    /// The module under test: its names are written without it (the test imports it).
    let testedModule: String
    /// Every other module a written type name came from; the test imports each.
    private(set) var modules: Set<String> = []

    init(testedModule: String) {
        self.testedModule = testedModule
    }

    /// `value` as an expression. With `typed`, an enum case is written with its type
    /// (`Filter.all`), for places without a type context, such as an `any Action` argument.
    mutating func write(_ value: Any, typed: Bool = false) throws(SessionTestError) -> String {
        if let pulse = value as? any PulseReflecting { return try write(pulse.pulsedValue, typed: typed) }
        if let scalar = Self.scalar(value) { return scalar }
        if let foundation = Self.foundation(value) {
            modules.insert("Foundation")
            return foundation
        }
        if let range = value as? any SessionTestRange { return try range.written(by: &self) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return try write(wrapped, typed: typed)
        case .collection:
            return Self.list(try mirror.children.map { child throws(SessionTestError) in try write(child.value) })
        case .set:
            return Self.list(try mirror.children.map { child throws(SessionTestError) in try write(child.value) }.sorted())
        case .dictionary:
            var pairs: [String] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                pairs.append(try write(pair[0].value) + ": " + write(pair[1].value))
            }
            return pairs.isEmpty ? "[:]" : Self.list(pairs.sorted())
        case .tuple:
            return "(" + (try arguments(mirror)) + ")"
        case .enum:
            return try enumCase(value, mirror, typed: typed)
        case .struct:
            let qualified = String(reflecting: type(of: value))
            guard !qualified.hasPrefix("Swift."), !qualified.hasPrefix("Foundation.") else {
                throw SessionTestError("\(qualified) has no memberwise initializer a test could call; keep it out of recorded actions and state, or store what it holds in plain fields.")
            }
            return try typeName(of: value) + "(" + (try arguments(mirror)) + ")"
        case .class:
            throw SessionTestError("\(type(of: value)) is a class: a test cannot rebuild its instance from a literal. Keep state and actions in value types.")
        default:
            throw SessionTestError("\(type(of: value)) cannot be written as Swift source (\(String(reflecting: value))).")
        }
    }

    /// The name to write for `value`'s type, with the tested module's and Swift's prefixes
    /// taken off; every other module it names is remembered, to be imported.
    mutating func typeName(of value: Any) throws(SessionTestError) -> String {
        try typeName(type(of: value))
    }

    mutating func typeName(_ type: Any.Type) throws(SessionTestError) -> String {
        let qualified = String(reflecting: type)
        guard !qualified.contains("(unknown context") else {
            throw SessionTestError("\(type) is declared inside a function or is private: a test cannot name it. Declare it at file or type level, internal or public.")
        }
        // Each dotted path in the name (`A.B<C.D, E>`) starts with its module.
        var written = ""
        var atPathStart = true
        var index = qualified.startIndex
        while index < qualified.endIndex {
            let character = qualified[index]
            if atPathStart, character.isLetter || character == "_" {
                let end = qualified[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? qualified.endIndex
                let identifier = String(qualified[index..<end])
                if end < qualified.endIndex, qualified[end] == "." {
                    if identifier != testedModule && identifier != "Swift" { modules.insert(identifier); written += identifier + "." }
                    index = qualified.index(after: end)
                } else {
                    written += identifier
                    index = end
                }
                atPathStart = false
                continue
            }
            written.append(character)
            atPathStart = "<, ([:".contains(character)
            index = qualified.index(after: index)
        }
        return written
    }

    /// `[a, b]` on one line when it is short, otherwise one element per line, indented.
    static func list(_ elements: [String]) -> String {
        let line = "[" + elements.joined(separator: ", ") + "]"
        guard line.count > 100 || line.contains("\n") else { return line }
        return "[\n" + elements.map { indented($0) + ",\n" }.joined() + "]"
    }

    /// `text` with each of its lines indented one level.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// `label: value, …` of a struct's stored properties or a tuple's elements.
    private mutating func arguments(_ mirror: Mirror) throws(SessionTestError) -> String {
        var written: [String] = []
        for child in mirror.children {
            var label = child.label ?? ""
            if label.hasPrefix("_") {
                // A property wrapper's storage: its initializer takes the wrapped value.
                guard child.value is any PulseReflecting else {
                    throw SessionTestError("\(label.dropFirst()) is wrapped in \(type(of: child.value)), which a test cannot rebuild; only @Pulse is written.")
                }
                label.removeFirst()
            }
            let value = try write(child.value)
            written.append(label.isEmpty || label.hasPrefix(".") ? value : "\(label): \(value)")
        }
        return written.joined(separator: ", ")
    }

    private mutating func enumCase(_ value: Any, _ mirror: Mirror, typed: Bool) throws(SessionTestError) -> String {
        let prefix = typed ? try typeName(of: value) : ""
        guard let payload = mirror.children.first, let name = payload.label else {
            // A case without a payload prints as its name, unless a description replaces it.
            guard !(value is any CustomStringConvertible || value is any CustomDebugStringConvertible) else {
                throw SessionTestError("\(type(of: value)) has a custom description, which hides the case's name; a test cannot write \(value). Give the case a payload or drop the description.")
            }
            return prefix + "." + String(describing: value)
        }
        let inner = Mirror(reflecting: payload.value)
        let arguments = inner.displayStyle == .tuple ? try self.arguments(inner) : try write(payload.value)
        return prefix + ".\(name)(\(arguments))"
    }

    private static func scalar(_ value: Any) -> String? {
        switch value {
        case let string as String: return quoted(string)
        case let string as Substring: return quoted(String(string))
        case let character as Character: return quoted(String(character))
        case let bool as Bool: return bool ? "true" : "false"
        case let number as any BinaryInteger: return "\(number)"
        case let number as Double: return floatingPoint(number.description, isNaN: number.isNaN, isInfinite: number.isInfinite, sign: number.sign)
        case let number as Float: return floatingPoint(number.description, isNaN: number.isNaN, isInfinite: number.isInfinite, sign: number.sign)
        default: return nil
        }
    }

    private static func floatingPoint(_ description: String, isNaN: Bool, isInfinite: Bool, sign: FloatingPointSign) -> String {
        if isNaN { return ".nan" }
        if isInfinite { return sign == .minus ? "-.infinity" : ".infinity" }
        return description
    }

    private static func foundation(_ value: Any) -> String? {
        switch value {
        case let date as Date: return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
        // A URL prints as its absolute string.
        case let url as URL: return "URL(string: \(quoted(String(describing: url))))!"
        case let uuid as UUID: return "UUID(uuidString: \(quoted(uuid.uuidString)))!"
        case let data as Data: return "Data(\(data.map { Int($0) }))"
        case let duration as Duration:
            let (seconds, attoseconds) = duration.components
            return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
        default: return nil
        }
    }

    /// A string literal that means `string`: quotes, backslashes and control characters
    /// escaped, everything else as it is.
    static func quoted(_ string: String) -> String {
        var written = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "\n": written += "\\n"
            case "\r": written += "\\r"
            case "\t": written += "\\t"
            case "\0": written += "\\0"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator:
                written += "\\u{\(String(scalar.value, radix: 16))}"
            default: written.unicodeScalars.append(scalar)
            }
        }
        return written + "\""
    }
}

/// `Range` and `ClosedRange`, written as `a..<b` and `a...b`.
private protocol SessionTestRange {
    func written(by literal: inout SwiftLiteral) throws(SessionTestError) -> String
}

extension Range: SessionTestRange {
    fileprivate func written(by literal: inout SwiftLiteral) throws(SessionTestError) -> String {
        "(" + (try literal.write(lowerBound)) + "..<" + (try literal.write(upperBound)) + ")"
    }
}

extension ClosedRange: SessionTestRange {
    fileprivate func written(by literal: inout SwiftLiteral) throws(SessionTestError) -> String {
        "(" + (try literal.write(lowerBound)) + "..." + (try literal.write(upperBound)) + ")"
    }
}
