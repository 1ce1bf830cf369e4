/// A table of members that are held unretained, for a group (the store's groups of
/// closure subscriptions, a feature's group of its own objects, such as connections): the
/// `Unmanaged` slots stay in here. (Lookup and compaction serve tables that own their
/// entries too, `SlotTable+Owned`.) Unretained, a member costs its group no reference
/// count on join, leave or pass (S3's groups: 5.3 → 4.9 µs when introduced; see
/// ``SlotTable``).
///
/// The invariant is the caller's, and the same as a core group's: a member leaves
/// (``leave(_:)``) before it is freed, and one that leaves during a pass is held until the
/// pass ends (``PassOwner/retire(_:)``), so no slot ever holds a freed object.
/// `ConnectionGroupModelTests` release connections during passes under that rule, with
/// `REFLOW_INTERNAL_CHECKS` checking every member's slot.
extension SlotTable {
    /// Appends `member`, not retained, and returns its slot.
    package mutating func join(_ member: Entry) -> Int {
        unsafe append(.passUnretained(member))
    }

    /// The object in `slot`, or `nil` for a hole or a slot past the end; whether the table
    /// retains its entries or not.
    package func object(at slot: Int) -> Entry? {
        unsafe entry(at: slot)?.takeUnretainedValue()
    }

    /// Whether `slot` holds `member` itself.
    package func holds(_ member: Entry, at slot: Int) -> Bool {
        object(at: slot) === member
    }

    /// Makes `slot` a hole; `false` when it was one already.
    package mutating func leave(_ slot: Int) -> Bool {
        unsafe vacate(slot) != nil
    }

    /// Squeezes out the holes if the ledger says it is worth it (never during a pass),
    /// telling `moved` of each member that changed slot, with its old and new slot.
    ///
    /// - Returns: Whether it compacted.
    @discardableResult
    mutating func compactIfWorthIt(movingMembers moved: (_ member: Entry, _ from: Int, _ to: Int) -> Void) -> Bool {
        unsafe compactIfWorthIt { entry, from, to in unsafe moved(entry.takeUnretainedValue(), from, to) }
    }
}
