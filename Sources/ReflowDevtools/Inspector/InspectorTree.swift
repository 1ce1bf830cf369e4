import Reflow
import ReflowCore

/// A value as the inspector shows it: a tree of labelled values, read with `Mirror`.
///
/// Unlike `dump()`, it shows values, not storage: an optional is its value or `nil`, a
/// property wrapper (`@Pulse var alert`, stored as `_alert`) is its wrapped value under
/// the name written in the code, and a leaf prints as the code would write it
/// (`"text"`, `42`, `.loading`).
struct InspectorTree: Equatable {
    /// The label in the parent: a property name, `[3]` for an element, a dictionary key.
    var label: String
    /// What the value prints as, for a leaf; a short summary (`Repository`, `3 elements`)
    /// for a value with children.
    var value: String
    var children: [InspectorTree]

    /// The tree of `value`, at most `depth` levels deep.
    init(label: String = "", of value: Any, depth: Int = 12) {
        self.label = label
        let (shown, mirror) = Self.unwrapped(value)
        guard let mirror, depth > 0 else {
            self.value = Self.leaf(shown)
            self.children = []
            return
        }
        switch mirror.displayStyle {
        case .collection, .set:
            self.value = mirror.children.count == 1 ? "1 element" : "\(mirror.children.count) elements"
            self.children = mirror.children.enumerated().map { offset, child in
                InspectorTree(label: "[\(offset)]", of: child.value, depth: depth - 1)
            }
        case .dictionary:
            self.value = mirror.children.count == 1 ? "1 entry" : "\(mirror.children.count) entries"
            self.children = mirror.children.compactMap { child in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return nil }
                return InspectorTree(label: "[\(Self.leaf(pair[0].value))]", of: pair[1].value, depth: depth - 1)
            }.sorted { $0.label < $1.label }
        case .enum:
            // A case with a payload: the case, then its values.
            guard let payload = mirror.children.first else {
                self.value = Self.leaf(shown)
                self.children = []
                return
            }
            self.value = "." + (payload.label ?? "")
            let inner = InspectorTree(label: "", of: payload.value, depth: depth - 1)
            self.children = inner.children.isEmpty ? [InspectorTree(label: "0", value: inner.value)] : inner.children
        default:
            let children = Array(mirror.children)
            guard !children.isEmpty else {
                self.value = Self.leaf(shown)
                self.children = []
                return
            }
            self.value = Self.typeName(of: shown)
            self.children = children.enumerated().map { offset, child in
                let (label, wrapped) = Self.propertyWrapperValue(label: child.label ?? ".\(offset)", child.value)
                return InspectorTree(label: label, of: wrapped, depth: depth - 1)
            }
        }
    }

    init(label: String, value: String, children: [InspectorTree] = []) {
        self.label = label
        self.value = value
        self.children = children
    }

    /// The value an optional holds (or `nil`), and its mirror when it has children to show.
    private static func unwrapped(_ value: Any) -> (Any, Mirror?) {
        var current = value
        var mirror = Mirror(reflecting: current)
        while mirror.displayStyle == .optional {
            guard let some = mirror.children.first else { return (NilValue(), nil) }
            current = some.value
            mirror = Mirror(reflecting: current)
        }
        if current is String || current is Substring || current is Character { return (current, nil) }
        return (current, mirror.children.isEmpty && mirror.displayStyle != .collection ? nil : mirror)
    }

    /// A stored `_name` whose value wraps one `value` or `wrappedValue` (``Pulse``, most
    /// property wrappers): shown as `name` and the wrapped value.
    private static func propertyWrapperValue(label: String, _ value: Any) -> (String, Any) {
        guard label.hasPrefix("_"), label.count > 1 else { return (label, value) }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class,
              let wrapped = mirror.children.first(where: { $0.label == "value" || $0.label == "wrappedValue" })
        else { return (label, value) }
        return (String(label.dropFirst()), wrapped.value)
    }

    private struct NilValue: CustomStringConvertible {
        var description: String { "nil" }
    }

    private static func leaf(_ value: Any) -> String {
        switch value {
        case let string as String: return "\"\(string)\""
        case let string as Substring: return "\"\(string)\""
        case let character as Character: return "\"\(character)\""
        case is NilValue: return "nil"
        default:
            if Mirror(reflecting: value).displayStyle == .enum { return "." + String(describing: value) }
            return String(describing: value)
        }
    }

    private static func typeName(of value: Any) -> String {
        let name = String(describing: type(of: value))
        // Generic arguments make long summaries; the children say the rest.
        return name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
    }

    /// The tree as JSON-ready values: `{"l": label, "v": value, "c": [children]}`.
    var json: [String: Any] {
        var object: [String: Any] = ["l": label, "v": value]
        if !children.isEmpty { object["c"] = children.map(\.json) }
        return object
    }

    /// What to send to turn `old` into `self`: the subtrees that differ, each with its
    /// path of labels from the root. Children are matched by label, so a changed field
    /// sends only that field, and a list that changed length sends the list.
    func patches(from old: InspectorTree, at path: [String] = []) -> [(path: [String], tree: InspectorTree)] {
        if self == old { return [] }
        let sameShape = value == old.value && children.count == old.children.count
            && zip(children, old.children).allSatisfy { $0.label == $1.label }
        guard sameShape, !children.isEmpty else { return [(path, self)] }
        var result: [(path: [String], tree: InspectorTree)] = []
        for (new, previous) in zip(children, old.children) {
            result += new.patches(from: previous, at: path + [new.label])
        }
        return result
    }
}
