import Foundation
import Reflow
import ReflowCore

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
    /// Encodes every step at once: for the recorded page. The live inspector encodes each
    /// step once, in short turns (``InspectorStepCache``).
    func payload(title: String, since: Int?, revision: Int?, isLive: Bool) -> [String: Any] {
        let (isReset, start) = Self.range(of: history, since: since, revision: revision)
        var steps: [[String: Any]] = []
        let timeFormatter = Self.timeFormatter  // one formatter per payload, not per step
        var previous: InspectorTree? = start == 0
            ? history.initialState.map { InspectorTree(of: $0) }
            : InspectorTree(of: history.entries[start - 1].state)
        for offset in start..<history.entries.count {
            let sequence = history.firstSequence + offset
            let (step, tree) = Self.step(history.entries[offset], sequence: sequence, previous: previous,
                                         isFull: offset == start || sequence % Self.fullTreeInterval == 0,
                                         timeFormatter: timeFormatter)
            steps.append(step)
            previous = tree
        }
        var payload = Self.header(of: history, title: title, isReset: isReset, isLive: isLive)
        payload["steps"] = steps
        if isReset, let initial = history.initialState { payload["initial"] = InspectorTree(of: initial).json }
        return payload
    }

    /// Whether a request for the steps after `since`, in `revision`, must load everything
    /// again, and the offset of the first step it gets.
    static func range(of history: History<State>, since: Int?, revision: Int?) -> (isReset: Bool, start: Int) {
        let first = history.firstSequence
        let isReset = since == nil || revision != history.revision || since! < first - 1
        return (isReset, isReset ? 0 : min(max(since! - first + 1, 0), history.entries.count))
    }

    /// Everything in a payload but its steps and initial tree.
    static func header(of history: History<State>, title: String, isReset: Bool, isLive: Bool) -> [String: Any] {
        [
            "title": title,
            "live": isLive,
            "reset": isReset,
            "revision": history.revision,
            "first": history.firstSequence,
            "position": history.position,
            "recording": history.isRecording,
        ]
    }

    /// One step as the page reads it, and its state's tree (the next step's `previous`):
    /// the whole tree when `isFull` (or there is no previous one), otherwise the subtrees
    /// that changed since `previous`.
    static func step(_ entry: History<State>.Entry, sequence: Int, previous: InspectorTree?, isFull: Bool,
                     timeFormatter: DateFormatter) -> (step: [String: Any], tree: InspectorTree) {
        let tree = InspectorTree(of: entry.state)
        // After a gap the diff is against the state the action was reduced from.
        let before = entry.gap == nil ? previous : InspectorTree(of: entry.stateBefore)
        var step: [String: Any] = [
            "seq": sequence,
            "name": shortName(of: entry.action),
            "action": String(describing: entry.action),
            "reactor": entry.reactor ?? "",
            "time": timeFormatter.string(from: entry.time),
            "diff": before.map { InspectorDiff.lines(from: $0, to: tree) } ?? [],
            "gap": gapText(entry.gap),
            "skipped": entry.isSkipped,
            "trace": entry.trace.map(traceLines) ?? [],
        ]
        if isFull || previous == nil {
            step["full"] = tree.json
        } else {
            step["patch"] = tree.patches(from: previous!).map { [$0.path, $0.tree.json] as [Any] }
        }
        return (step, tree)
    }

    /// The payload as JSON text that can sit inside a `<script>` element.
    static func json(_ payload: [String: Any]) -> String {
        let json = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return scriptSafe(json)
    }

    /// JSON text made safe inside a `<script>` element, meaning the same to JSON.
    static func scriptSafe(_ json: String) -> String {
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

    /// What the timeline says of an entry after a gap; empty without one.
    static func gapText(_ gap: HistoryGap?) -> String {
        switch gap {
        case nil: return ""
        case .recordingPaused?: return "after a pause in recording"
        case .imported?: return "dispatched from the app's own state after an import"
        case .timeTravel(let step)?: return "dispatched after time travel to #\(step)"
        }
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

    static var timeFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter
    }
}
