import Reflow
import ReflowCore

/// The inspector's diff between two states: changed leaves with their paths, and lists
/// diffed by element, so that replacing, inserting or removing rows shows as those rows.
enum InspectorDiff {
    /// Lines `− path: old` and `+ path: new`; empty when nothing differs.
    static func lines(from old: InspectorTree, to new: InspectorTree) -> [String] {
        var lines: [String] = []
        diff(old, new, path: "", into: &lines)
        return lines
    }

    private static func diff(_ old: InspectorTree, _ new: InspectorTree, path: String, into lines: inout [String]) {
        if old == new { return }
        if isList(old) && isList(new) {
            return diffElements(old.children, new.children, path: path, into: &lines)
        }
        let sameShape = old.value == new.value && old.children.count == new.children.count
            && zip(old.children, new.children).allSatisfy { $0.label == $1.label }
        if sameShape && !old.children.isEmpty {
            for (before, after) in zip(old.children, new.children) {
                diff(before, after, path: path + step(after.label), into: &lines)
            }
            return
        }
        let place = path.isEmpty ? "" : path + ": "
        lines.append("− " + place + oneLine(old))
        lines.append("+ " + place + oneLine(new))
    }

    /// Elements matched by a longest common subsequence. Between two matched elements, an
    /// old and a new element with the same identity (an `id`, else their first field) are
    /// one element edited, diffed field by field; the others are removed or inserted whole.
    private static func diffElements(_ old: [InspectorTree], _ new: [InspectorTree], path: String, into lines: inout [String]) {
        // A quadratic table; lists shown in an inspector are small, and past 2,000 × 2,000
        // elements they are compared index by index.
        guard old.count * new.count <= 4_000_000 else {
            for index in 0..<max(old.count, new.count) {
                switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
                case let (before?, after?): diff(before, after, path: path + "[\(index)]", into: &lines)
                case let (before?, nil): lines.append("− \(path)[\(index)]: \(oneLine(before))")
                case let (nil, after?): lines.append("+ \(path)[\(index)]: \(oneLine(after))")
                case (nil, nil): break
                }
            }
            return
        }
        let oldKeys = old.map(elementKey)
        let newKeys = new.map(elementKey)
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = oldKeys[i] == newKeys[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var removed: [Int] = [], inserted: [Int] = []
        func flush() {
            var unpairedRemoved: [Int] = [], unpairedInserted: [Int] = []
            for k in 0..<max(removed.count, inserted.count) {
                let i = k < removed.count ? removed[k] : nil
                let j = k < inserted.count ? inserted[k] : nil
                if let i, let j, let identity = identity(of: old[i]), identity == self.identity(of: new[j]) {
                    diff(old[i], new[j], path: path + "[\(j)]", into: &lines)
                } else {
                    if let i { unpairedRemoved.append(i) }
                    if let j { unpairedInserted.append(j) }
                }
            }
            for i in unpairedRemoved { lines.append("− \(path)[\(i)]: \(oneLine(old[i]))") }
            for j in unpairedInserted { lines.append("+ \(path)[\(j)]: \(oneLine(new[j]))") }
            removed = []
            inserted = []
        }
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && oldKeys[i] == newKeys[j] {
                flush()
                i += 1; j += 1
            } else if j < new.count && (i == old.count || common[i][j + 1] >= common[i + 1][j]) {
                inserted.append(j)
                j += 1
            } else {
                removed.append(i)
                i += 1
            }
        }
        flush()
    }

    /// What makes an element the same element after an edit: its `id`, else its first
    /// field; `nil` for a plain value (a number, a string), which is only ever replaced.
    private static func identity(of element: InspectorTree) -> String? {
        guard let first = element.children.first else { return nil }
        let id = element.children.first { $0.label == "id" } ?? first
        return id.label + "=" + oneLine(id, limit: .max)
    }

    private static func isList(_ tree: InspectorTree) -> Bool {
        tree.value.hasSuffix(" elements") || tree.value.hasSuffix(" element")
    }

    /// An element's identity for matching: its content without its index label.
    private static func elementKey(_ tree: InspectorTree) -> String { oneLine(tree, limit: .max) }

    private static func step(_ label: String) -> String {
        label.hasPrefix("[") ? label : "." + label
    }

    /// A value on one line, as code would write it: `Repository(name: "a", stars: 3)`.
    static func oneLine(_ tree: InspectorTree, limit: Int = 160) -> String {
        var text = render(tree)
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text
    }

    private static func render(_ tree: InspectorTree) -> String {
        guard !tree.children.isEmpty else { return tree.value }
        if isList(tree) { return "[" + tree.children.map(render).joined(separator: ", ") + "]" }
        if tree.value.hasSuffix(" entries") || tree.value.hasSuffix(" entry") {
            // Dictionary entries are labelled `[key]`.
            return "[" + tree.children.map { "\($0.label.dropFirst().dropLast()): \(render($0))" }.joined(separator: ", ") + "]"
        }
        return "\(tree.value)(" + tree.children.map { "\($0.label): \(render($0))" }.joined(separator: ", ") + ")"
    }
}
