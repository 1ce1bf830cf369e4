/// What changed between two lists of identified rows, as a table or collection view
/// applies it in one batch update: removals, insertions, moves and updates by identity.
///
/// ```swift
/// let changes = ListChanges.between(oldTodos, newTodos)     // Identifiable rows
/// table.performBatchUpdates {
///     table.deleteRows(at: changes.removed.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     table.insertRows(at: changes.inserted.map { IndexPath(row: $0, section: 0) }, with: .fade)
///     for move in changes.moved {
///         table.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0))
///     }
/// }
/// table.reloadRows(at: changes.updated.map { IndexPath(row: $0, section: 0) }, with: .none)
/// ```
///
/// The indices follow UIKit's batch-update rules: ``removed`` and ``Move/from`` index the
/// old list; ``inserted``, ``Move/to`` and ``updated`` index the new one. Rows that are
/// neither removed, inserted nor moved keep their relative order. Moves are as few as
/// possible: the rows that keep their order form a longest increasing run of old
/// positions, and only the others move.
public struct ListChanges: Equatable, Sendable, CustomStringConvertible {
    /// A row that kept its identity but changed place.
    public struct Move: Equatable, Sendable {
        /// Its index in the old list.
        public var from: Int
        /// Its index in the new list.
        public var to: Int

        /// A move from an old index to a new one.
        ///
        /// - Parameters:
        ///   - from: The index in the old list.
        ///   - to: The index in the new list.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Indices in the old list of rows whose identity is gone, ascending.
    public var removed: [Int]
    /// Indices in the new list of rows with a new identity, ascending.
    public var inserted: [Int]
    /// Rows that changed place, by new index, ascending.
    public var moved: [Move]
    /// Indices in the new list of rows that kept their identity but whose content
    /// changed (moved or not), ascending.
    public var updated: [Int]

    /// Changes with the given parts.
    ///
    /// - Parameters:
    ///   - removed: Old indices of removed rows.
    ///   - inserted: New indices of inserted rows.
    ///   - moved: Rows that changed place.
    ///   - updated: New indices of rows whose content changed.
    public init(removed: [Int] = [], inserted: [Int] = [], moved: [Move] = [], updated: [Int] = []) {
        self.removed = removed
        self.inserted = inserted
        self.moved = moved
        self.updated = updated
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty }

    public var description: String {
        "removed \(removed), inserted \(inserted), moved [\(moved.map { "\($0.from)→\($0.to)" }.joined(separator: ", "))], "
            + "updated \(updated)"
    }

    /// The changes from `old` to `new`, matching rows by `id`.
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    ///   - id: A row's identity; it must be unique within each list.
    /// - Returns: The removals, insertions, moves and updates that turn `old` into `new`.
    /// - Complexity: O(*n* log *n*) for lists of *n* rows; O(*n*) when no row moved.
    // Inlinable, as the others: specialized for the caller's Row and ID, hashing and
    // comparing rows costs no witness-table calls (benchmark V2).
    @inlinable
    public static func between<Row: Equatable, ID: Hashable>(_ old: [Row], _ new: [Row],
                                                              id: (Row) -> ID) -> ListChanges {
        between(old, new, id: id, isSame: ==)
    }

    /// The changes from `old` to `new`, matching rows by `id` and telling an update with
    /// `isSame`.
    @inlinable
    static func between<Row, ID: Hashable>(_ old: [Row], _ new: [Row], id: (Row) -> ID,
                                           isSame: (Row, Row) -> Bool) -> ListChanges {
        let oldIndex = indexByID(old, id: id, list: "old")
        let newIndex = indexByID(new, id: id, list: "new")
        var changes = ListChanges()
        changes.removed = old.indices.filter { newIndex[id(old[$0])] == nil }
        // The old positions of the rows both lists share, in new order; those on a longest
        // increasing run keep their order, the others move.
        var kept: [(old: Int, new: Int)] = []
        for (position, row) in new.enumerated() {
            if let previous = oldIndex[id(row)] {
                kept.append((previous, position))
                if !isSame(old[previous], row) { changes.updated.append(position) }
            } else {
                changes.inserted.append(position)
            }
        }
        let staying = longestIncreasingRun(kept.map(\.old))
        for (offset, pair) in kept.enumerated() where !staying[offset] {
            changes.moved.append(Move(from: pair.old, to: pair.new))
        }
        return changes
    }

    /// The changes from `old` to `new`, matching rows by their `id`.
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    /// - Returns: The removals, insertions, moves and updates that turn `old` into `new`.
    /// - Complexity: O(*n* log *n*) for lists of *n* rows; O(*n*) when no row moved.
    @inlinable
    public static func between<Row: Identifiable & Equatable>(_ old: [Row], _ new: [Row]) -> ListChanges {
        between(old, new, id: { $0.id })
    }

    @inlinable
    static func indexByID<Row, ID: Hashable>(_ rows: [Row], id: (Row) -> ID, list: String) -> [ID: Int] {
        var index: [ID: Int] = [:]
        index.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() {
            let key = id(row)
            if let first = index.updateValue(position, forKey: key) {
                fatalError("""
                    ListChanges: the \(list) list has two rows with id \(key) (at \(first) and \(position)); \
                    rows are matched by id, so ids must be unique within a list.
                    """)
            }
        }
        return index
    }

    /// The offsets of one longest strictly increasing subsequence of `values` (patience
    /// sorting with back links).
    @usableFromInline
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) { return Array(repeating: true, count: values.count) }
        var tails: [Int] = []            // offsets of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: values.count)
        for (offset, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[offset] = tails[low - 1] }
            if low == tails.count { tails.append(offset) } else { tails[low] = offset }
        }
        var run = [Bool](repeating: false, count: values.count)
        var offset = tails.last ?? -1
        while offset >= 0 {
            run[offset] = true
            offset = previous[offset]
        }
        return run
    }
}
