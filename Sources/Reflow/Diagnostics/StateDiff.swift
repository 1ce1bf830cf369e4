/// A minimal, readable difference between two values, found with `Mirror`.
///
/// Shared by `ReflowTesting` (failure messages) and ``Middleware/logging(name:log:)``. It
/// walks nested structs, classes, tuples, arrays, dictionaries, optionals and enums with
/// payloads, and reports only the leaves that differ, each with its path:
///
/// ```swift
/// StateDiff.lines(from: old, to: new)
/// // ["− .user.name: \"ann\"", "+ .user.name: \"bob\""]
/// ```
public enum StateDiff {
    /// The legend that goes with the `−`/`+` lines.
    public static let legend = "(Expected: −, Actual: +)"

    /// The lines that differ between `old` (−) and `new` (+), or an empty array when the
    /// two print the same.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Returns: One line per changed leaf, `− path: old` then `+ path: new`; empty when
    ///   the two print the same.
    public static func lines(from old: Any, to new: Any) -> [String] {
        var lines: [String] = []
        diff(old, new, path: "", into: &lines)
        return lines
    }

    /// The paths of the leaves that differ, each once, in order (`.user.name`).
    package static func changedPaths(from old: Any, to new: Any) -> [String] {
        var seen = Set<String>()
        return lines(from: old, to: new).compactMap { line in
            // "− .path: value" / "+ .path: value"
            let body = line.dropFirst(2)
            guard let colon = body.firstIndex(of: ":") else { return nil }
            let path = String(body[..<colon])
            return seen.insert(path).inserted ? path : nil
        }
    }

    /// ``lines(from:to:)`` joined into an indented block, or `nil` when nothing differs.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Returns: The changed lines, indented, or `nil` when nothing differs.
    public static func render(from old: Any, to new: Any) -> String? {
        let lines = lines(from: old, to: new)
        return lines.isEmpty ? nil : lines.map { "  " + $0 }.joined(separator: "\n")
    }

    private static func diff(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
        // A `@Pulse` shows as its value; an assignment of an equal value as "pulsed", not
        // as the wrapper's counter.
        if let old = old as? any PulseReflecting, let new = new as? any PulseReflecting {
            let before = lines.count
            diff(old.pulsedValue, new.pulsedValue, path: path, into: &lines)
            if lines.count == before, old.assignmentCount != new.assignmentCount {
                lines.append("± \(path): \(describe(new.pulsedValue)) (assigned again)")
            }
            return
        }
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)
        switch (oldMirror.displayStyle, newMirror.displayStyle) {
        case (.optional, .optional):
            switch (oldMirror.children.first, newMirror.children.first) {
            case (nil, nil): return
            case let (oldValue?, newValue?): diff(oldValue.value, newValue.value, path: path, into: &lines)
            default: leaf(old, new, path: path, into: &lines)
            }
        case (.collection, .collection), (.set, .set):
            let oldItems = oldMirror.children.map(\.value)
            let newItems = newMirror.children.map(\.value)
            if oldMirror.displayStyle == .set {
                leafIfDifferent(old, new, path: path, into: &lines)
                return
            }
            for index in 0..<min(oldItems.count, newItems.count) {
                diff(oldItems[index], newItems[index], path: path + "[\(index)]", into: &lines)
            }
            for index in newItems.count..<max(oldItems.count, newItems.count) {
                lines.append("− \(path)[\(index)]: \(describe(oldItems[index]))")
            }
            for index in oldItems.count..<max(oldItems.count, newItems.count) {
                lines.append("+ \(path)[\(index)]: \(describe(newItems[index]))")
            }
        case (.dictionary, .dictionary):
            let oldEntries = entries(oldMirror)
            let newEntries = entries(newMirror)
            for key in (Set(oldEntries.keys).union(newEntries.keys)).sorted() {
                switch (oldEntries[key], newEntries[key]) {
                case let (oldValue?, newValue?): diff(oldValue, newValue, path: path + "[\(key)]", into: &lines)
                case let (oldValue?, nil): lines.append("− \(path)[\(key)]: \(describe(oldValue))")
                case let (nil, newValue?): lines.append("+ \(path)[\(key)]: \(describe(newValue))")
                case (nil, nil): break
                }
            }
        case (.enum, .enum):
            let oldCase = oldMirror.children.first
            let newCase = newMirror.children.first
            if let oldCase, let newCase, oldCase.label == newCase.label {
                diff(oldCase.value, newCase.value, path: path + ".\(oldCase.label ?? "")", into: &lines)
            } else {
                leafIfDifferent(old, new, path: path, into: &lines)
            }
        case (.struct, .struct), (.class, .class), (.tuple, .tuple):
            let oldChildren = Array(oldMirror.children)
            let newChildren = Array(newMirror.children)
            guard oldChildren.count == newChildren.count, !oldChildren.isEmpty else {
                return leafIfDifferent(old, new, path: path, into: &lines)
            }
            for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
                let label = (oldChild.label ?? ".\(index)").replacingUnderscorePrefix()
                diff(oldChild.value, newChild.value, path: path + "." + label, into: &lines)
            }
        default:
            leafIfDifferent(old, new, path: path, into: &lines)
        }
    }

    private static func entries(_ mirror: Mirror) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            result[describe(pair[0].value)] = pair[1].value
        }
        return result
    }

    private static func leafIfDifferent(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
        if describe(old) != describe(new) { leaf(old, new, path: path, into: &lines) }
    }

    private static func leaf(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
        let place = path.isEmpty ? "" : path + ": "
        lines.append("− \(place)\(describe(old))")
        lines.append("+ \(place)\(describe(new))")
    }

    private static func describe(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        return String(reflecting: value)
    }
}

private extension String {
    /// Property wrappers store `_name`; show the name the user wrote.
    func replacingUnderscorePrefix() -> String {
        hasPrefix("_") ? String(dropFirst()) : self
    }
}
