import Foundation

/// What the inspector page reads: a history's steps, each with its short name, diff and
/// trace, and its state as a tree. The trees are stored as a full tree every
/// ``fullTreeInterval`` steps and as patches in between (the subtrees that changed), so
/// the page grows with what changed, not with the size of the state times the steps.
///
/// Steps are numbered by a sequence that survives dropping the oldest entries; the
/// history's `revision` changes when entries are replaced another way (time travel
/// followed by a new action, `clear`, an import), and then the page loads everything again.
@MainActor
struct InspectorDocument<State> {
    /// A full tree every this many steps.
    static var fullTreeInterval: Int { 10 }

    let history: History<State>

    /// The steps after sequence number `since` (all of them when `since` is `nil`, or
    /// belongs to another revision), with the history's position and recording state.
    func payload(title: String, since: Int?, revision: Int?, isLive: Bool) -> [String: Any] {
        let first = history.firstSequence
        let isReset = since == nil || revision != history.revision || since! < first - 1
        let start = isReset ? 0 : min(max(since! - first + 1, 0), history.entries.count)
        var steps: [[String: Any]] = []
        let timeFormatter = Self.timeFormatter  // one formatter per payload, not per step
        var previous: InspectorTree? = start == 0
            ? history.initialState.map { InspectorTree(of: $0) }
            : InspectorTree(of: history.entries[start - 1].state)
        for offset in start..<history.entries.count {
            let entry = history.entries[offset]
            let sequence = first + offset
            let tree = InspectorTree(of: entry.state)
            var step: [String: Any] = [
                "seq": sequence,
                "name": Self.shortName(of: entry.action),
                "action": String(describing: entry.action),
                "reactor": entry.reactor ?? "",
                "time": timeFormatter.string(from: entry.time),
                "diff": previous.map { InspectorDiff.lines(from: $0, to: tree) } ?? [],
                "trace": entry.trace.map(Self.traceLines) ?? [],
            ]
            if offset == start || sequence % Self.fullTreeInterval == 0 || previous == nil {
                step["full"] = tree.json
            } else {
                step["patch"] = tree.patches(from: previous!).map { [$0.path, $0.tree.json] as [Any] }
            }
            steps.append(step)
            previous = tree
        }
        var payload: [String: Any] = [
            "title": title,
            "live": isLive,
            "reset": isReset,
            "revision": history.revision,
            "first": first,
            "position": history.position,
            "recording": history.isRecording,
            "steps": steps,
        ]
        if isReset, let initial = history.initialState { payload["initial"] = InspectorTree(of: initial).json }
        return payload
    }

    /// The payload as JSON text that can sit inside a `<script>` element.
    static func json(_ payload: [String: Any]) -> String {
        let json = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // Inside a <script> element no `<` may stay: `</script>` would end it, and `<!--`
        // with `<script` switches the HTML parser's script states, which can swallow the
        // rest of the page. `\u003c` is the same character to JSON; U+2028 and U+2029 are
        // line breaks to older JavaScript parsers.
        return json.replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// The timeline's name of an action: a hosted reactor's mutation without its
    /// reactor's and `Mutation`'s names (the reactor is the row's badge).
    static func shortName(of action: any Action) -> String {
        if let hosted = action as? any HostedMutation { return hosted.mutationDescription }
        return String(describing: action)
    }

    /// A trace as lines, each observer once per line, in the order it first appeared.
    static func traceLines(_ trace: UpdateTrace) -> [String] {
        func line(_ title: String, _ items: [String]) -> String {
            var seen = Set<String>()
            let once = items.filter { seen.insert($0).inserted }
            return "\(title) \(once.isEmpty ? "(none)" : once.joined(separator: ", "))"
        }
        return [
            line("reducers: ", trace.reducers),
            line("changed:  ", trace.changedKeyPaths),
            line("evaluated:", trace.evaluated),
            line("fired:    ", trace.fired),
        ]
    }

    private static var timeFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter
    }
}
