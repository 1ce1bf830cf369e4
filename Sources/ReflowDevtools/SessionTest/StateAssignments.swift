import Reflow
import ReflowCore

/// The assignments that turn one state into the next, as Swift statements on `$0`: what
/// a test written from a recorded session asserts after each action.
///
/// It walks both states with `Mirror` and assigns the deepest places that changed, so the
/// closure reads as what the action did (`$0.search.query = "swift"`), not as the whole
/// state: struct fields one by one, array elements by index when the count is the same,
/// `+=` for elements appended and `prefix` for elements removed at the end,
/// dictionary entries by key, and a struct inside an optional through `?`. Enums, sets and
/// the rest are assigned whole.
struct StateAssignments {
    private var literal: SwiftLiteral
    private(set) var statements: [String] = []

    init(literal: SwiftLiteral) {
        self.literal = literal
    }

    /// The modules the written values named, for the test's imports.
    var modules: Set<String> { literal.modules }

    /// The statements so far, leaving none.
    mutating func takeStatements() -> [String] {
        defer { statements = [] }
        return statements
    }

    /// `value` as an expression (see ``SwiftLiteral/write(_:typed:)``).
    mutating func write(_ value: Any, typed: Bool = false) throws(SessionTestError) -> String {
        try literal.write(value, typed: typed)
    }

    /// A type's name as the test writes it.
    mutating func typeName(_ type: Any.Type) throws(SessionTestError) -> String {
        try literal.typeName(type)
    }

    /// Appends the statements that make `old` into `new` at `place`.
    mutating func assign(from old: Any, to new: Any, at place: String) throws(SessionTestError) {
        guard Self.differ(old, new) else { return }
        if let new = new as? any ScreenStackAssigning { return try new.assign(from: old, at: place, into: &self) }
        if let old = old as? any PulseReflecting, let new = new as? any PulseReflecting {
            return try assign(from: old.pulsedValue, to: new.pulsedValue, at: place)
        }
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)
        switch (oldMirror.displayStyle, newMirror.displayStyle) {
        case (.struct, .struct) where !Self.isLibraryType(new):
            let oldChildren = Array(oldMirror.children)
            let newChildren = Array(newMirror.children)
            guard oldChildren.count == newChildren.count, !newChildren.isEmpty,
                  let labels = Self.assignableLabels(newChildren) else { break }
            for (label, (oldChild, newChild)) in zip(labels, zip(oldChildren, newChildren)) {
                try assign(from: oldChild.value, to: newChild.value, at: place + "." + label)
            }
            return
        case (.optional, .optional):
            if let oldWrapped = oldMirror.children.first?.value, let newWrapped = newMirror.children.first?.value,
               Mirror(reflecting: newWrapped).displayStyle == .struct, !Self.isLibraryType(newWrapped) {
                return try assign(from: oldWrapped, to: newWrapped, at: place + "?")
            }
        case (.collection, .collection):
            let oldItems = oldMirror.children.map(\.value)
            let newItems = newMirror.children.map(\.value)
            if oldItems.count == newItems.count {
                for index in newItems.indices {
                    try assign(from: oldItems[index], to: newItems[index], at: place + "[\(index)]")
                }
                return
            }
            if oldItems.count < newItems.count, !zip(oldItems, newItems).contains(where: Self.differ) {
                let added = try newItems[oldItems.count...].map { item throws(SessionTestError) in try literal.write(item) }
                statements.append("\(place) += " + SwiftLiteral.list(added))
                return
            }
            if newItems.count < oldItems.count, !zip(oldItems, newItems).contains(where: Self.differ) {
                // Kept to the first elements rather than `removeLast(n)`: on a state that
                // has fewer than n (the reducer changed since the session), the test fails
                // with a diff instead of trapping.
                statements.append("\(place) = .init(\(place).prefix(\(newItems.count)))")
                return
            }
        case (.dictionary, .dictionary):
            let oldEntries = try entries(oldMirror)
            let newEntries = try entries(newMirror)
            for key in Set(oldEntries.keys).union(newEntries.keys).sorted() {
                switch (oldEntries[key], newEntries[key]) {
                case let (oldValue?, newValue?): try assign(from: oldValue, to: newValue, at: "\(place)[\(key)]!")
                case (_?, nil): statements.append("\(place)[\(key)] = nil")
                case let (nil, newValue?): statements.append("\(place)[\(key)] = \(try literal.write(newValue))")
                case (nil, nil): break
                }
            }
            return
        default:
            break
        }
        statements.append("\(place) = \(try literal.write(new))")
    }

    /// Appends a statement written by a type that changes itself by its own operations.
    mutating func append(_ statement: String) {
        statements.append(statement)
    }

    /// A dictionary's entries by their keys written as source.
    private mutating func entries(_ mirror: Mirror) throws(SessionTestError) -> [String: Any] {
        var entries: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            entries[try literal.write(pair[0].value)] = pair[1].value
        }
        return entries
    }

    /// The names to assign a struct's fields by, or `nil` when one cannot be assigned (a
    /// property wrapper other than `@Pulse`).
    private static func assignableLabels(_ children: [Mirror.Child]) -> [String]? {
        var labels: [String] = []
        for child in children {
            guard var label = child.label else { return nil }
            if label.hasPrefix("_") {
                guard child.value is any PulseReflecting else { return nil }
                label.removeFirst()
            }
            labels.append(label)
        }
        return labels
    }

    /// Whether two values differ, by their dumps: field by field, so a custom
    /// `description` that prints two values the same does not hide a change.
    static func differ(_ old: Any, _ new: Any) -> Bool {
        var oldDump = ""
        var newDump = ""
        dump(old, to: &oldDump)
        dump(new, to: &newDump)
        return oldDump != newDump
    }

    /// Swift's and Foundation's structs are assigned whole: their stored fields are not
    /// their API.
    private static func isLibraryType(_ value: Any) -> Bool {
        let name = String(reflecting: type(of: value))
        return name.hasPrefix("Swift.") || name.hasPrefix("Foundation.")
    }
}
