import Reflow

/// A stand-in for `UITableView`: it keeps the rows it shows and applies each change set
/// the way a table's batch update does (removals and move sources leave, insertions and
/// move targets take their places, the other rows keep their order, updated rows reload),
/// logging what it did. A view is used on the main actor, so this class is `@MainActor`.
/// A collection view applies the same batches; ``StandInTable`` serves for both.
@MainActor
public final class StandInTable<Row: CustomStringConvertible> {
    public private(set) var rows: [Row] = []
    public private(set) var log: [String] = []

    public init() {}

    /// Applies `update` as one batch.
    public func apply(_ update: ListUpdate<Row>) {
        let changes = update.changes
        var next = [Row?](repeating: nil, count: update.rows.count)
        for index in changes.inserted { next[index] = update.rows[index] }
        for move in changes.moved { next[move.to] = rows[move.from] }
        let leaving = Set(changes.removed).union(changes.moved.map(\.from))
        var staying = rows.indices.filter { !leaving.contains($0) }.map { rows[$0] }[...]
        for index in next.indices where next[index] == nil { next[index] = staying.popFirst() }
        precondition(staying.isEmpty, "StandInTable: the change set does not match the rows (\(changes))")
        for index in changes.updated { next[index] = update.rows[index] }
        rows = next.map { $0! }
        log.append(changes.isEmpty ? "no change" : "batch: \(changes)")
    }

    /// The table as text, one row per line.
    public var rendered: String {
        rows.enumerated().map { "  \($0.offset). \($0.element)" }.joined(separator: "\n")
    }
}
