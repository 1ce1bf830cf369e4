import Foundation
import Reflow
import ReflowCore

/// The live inspector's steps, each encoded as JSON once, in turns that hold the main
/// thread a short while: a page of 1,000 entries is prepared in many turns between which
/// the app runs, and a poll only assembles what is already encoded.
///
/// Entries are encoded in order, each against the one before (its diff and tree patch);
/// the cache follows the history: entries dropped at the front are dropped here, and a new
/// ``History`` revision (an import, `clear`) starts over.
@MainActor
final class InspectorStepCache<State> {
    /// How long one turn may encode: under a third of a frame at 60 Hz, leaving room for
    /// the step that ends past it and for the main queue's other work (benchmark D1: 8 ms
    /// turns held the main thread 12–21 ms at a time, 5 ms turns 8–13 ms).
    static var turn: Duration { .milliseconds(5) }

    private struct EncodedStep {
        /// The step's JSON object, safe inside a `<script>` element.
        let json: Data
        let isFull: Bool
    }

    private var revision: Int?
    /// The sequence number of `encoded[0]`.
    private var base = 1
    private var encoded: [EncodedStep] = []
    /// The tree of the last encoded entry's state, which the next one is compared with.
    private var lastTree: InspectorTree?
    /// The initial state's tree, as JSON, for the sequence number it precedes.
    private var initial: (first: Int, json: Data)?
    private let timeFormatter = InspectorDocument<State>.timeFormatter

    /// Encodes entries not encoded yet until a turn is spent.
    ///
    /// - Returns: Whether every entry is encoded; if not, call again after the app ran.
    func prepare(_ history: History<State>, turn: Duration = turn) -> Bool {
        follow(history)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: turn)
        while encoded.count < history.entries.count {
            let offset = encoded.count
            let sequence = base + offset
            let previous = lastTree ?? history.initialState.map { InspectorTree(of: $0) }
            let isFull = offset == 0 || sequence % InspectorDocument<State>.fullTreeInterval == 0
            let (step, tree) = InspectorDocument<State>.step(history.entries[offset], sequence: sequence, previous: previous,
                                                             isFull: isFull, timeFormatter: timeFormatter)
            encoded.append(EncodedStep(json: Self.encode(step), isFull: isFull || previous == nil))
            lastTree = tree
            if clock.now >= deadline { break }
        }
        return encoded.count == history.entries.count
    }

    /// The payload of ``InspectorDocument/payload(title:since:revision:isLive:)`` as JSON
    /// in pieces to be joined, from the encoded steps; after ``prepare(_:turn:)`` returned
    /// `true` it only gathers them (otherwise it encodes the rest first, in one go).
    ///
    /// - Parameters:
    ///   - pageFirst: The first step the page holds; when the history dropped steps since,
    ///     the initial state (now the last dropped step's) is sent again.
    ///   - extra: Fields the page reads besides the history's.
    func payload(_ history: History<State>, title: String, since: Int?, revision: Int?, pageFirst: Int? = nil,
                 extra: [String: Any]) -> [Data] {
        _ = prepare(history, turn: .seconds(86_400))
        let (isReset, start) = InspectorDocument<State>.range(of: history, since: since, revision: revision)
        var header = InspectorDocument<State>.header(of: history, title: title, isReset: isReset, isLive: true)
        header.merge(extra) { current, _ in current }
        var opening = Self.encode(header)
        opening.removeLast()  // the closing brace: the steps (and the initial tree) follow
        if isReset || pageFirst != history.firstSequence, let initialJSON = initialTree(history) {
            opening.append(contentsOf: #","initial":"#.utf8)
            opening.append(initialJSON)
        }
        opening.append(contentsOf: #","steps":["#.utf8)
        var parts = [opening]
        parts.reserveCapacity(2 * (encoded.count - start) + 2)
        for offset in start..<encoded.count {
            if offset > start { parts.append(Self.comma) }
            if offset == start, isReset, !encoded[offset].isFull {
                // The page has no tree before this one: send it whole.
                let previous = offset == 0 ? history.initialState.map { InspectorTree(of: $0) }
                    : InspectorTree(of: history.entries[offset - 1].state)
                let (step, _) = InspectorDocument<State>.step(history.entries[offset], sequence: base + offset, previous: previous,
                                                              isFull: true, timeFormatter: timeFormatter)
                parts.append(Self.encode(step))
            } else {
                parts.append(encoded[offset].json)
            }
        }
        parts.append(Data("]}".utf8))
        return parts
    }

    private static var comma: Data { Data(",".utf8) }

    /// Drops what the history no longer holds.
    private func follow(_ history: History<State>) {
        if revision != history.revision {
            revision = history.revision
            base = history.firstSequence
            encoded = []
            lastTree = nil
            initial = nil
        }
        if history.firstSequence > base {
            encoded.removeFirst(min(history.firstSequence - base, encoded.count))
            base = history.firstSequence
            if encoded.isEmpty { lastTree = nil }  // the next entry is compared with the new initial state
        }
    }

    private func initialTree(_ history: History<State>) -> Data? {
        if let initial, initial.first == history.firstSequence { return initial.json }
        guard let state = history.initialState else { return nil }
        let json = Self.encode(InspectorTree(of: state).json)
        initial = (history.firstSequence, json)
        return json
    }

    private static func encode(_ object: [String: Any]) -> Data {
        Data(InspectorDocument<State>.json(object).utf8)
    }
}
