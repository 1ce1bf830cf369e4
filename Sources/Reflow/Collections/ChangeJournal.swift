/// The ids an ``EntityCollection`` changed, in order, as positions that only grow.
///
/// An observer remembers the journal (weakly, so it does not force copies) and the
/// position it has read to; next time it reads only the ids after that position. When
/// the collection is replaced or copied (a different journal) or the observer fell
/// behind the trimmed part, it looks at every entity once instead.
final class ChangeJournal<ID> {
    /// The position of `changes[0]`.
    private(set) var base = 0
    private(set) var changes: [ID] = []

    /// The position after the last change.
    var end: Int { base + changes.count }

    func record(_ id: ID) {
        if changes.count >= 4_096 {
            // Observers read after every dispatch, so old entries are rarely needed.
            base += changes.count
            changes.removeAll(keepingCapacity: true)
        }
        changes.append(id)
    }

    /// The ids changed from `position` on, or `nil` when they are no longer kept.
    func changes(since position: Int) -> ArraySlice<ID>? {
        guard position >= base, position <= end else { return nil }
        return changes[(position - base)...]
    }
}
