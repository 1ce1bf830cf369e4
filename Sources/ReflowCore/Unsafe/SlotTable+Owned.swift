/// A table that holds its entries retained: an observer table owns its observers. The
/// `Unmanaged` references stay in here; the table's owner adds and removes objects, and
/// finds them with `object(at:)` and `holds(_:at:)` (`SlotTable+Members`), as a group does.
///
/// The invariant is the owner's: each entry was added with ``appendOwning(_:)``, so the
/// table holds one reference to it until ``removeOwned(_:at:)`` hands that reference
/// over or ``releaseAll(_:)`` releases it. `REFLOW_INTERNAL_CHECKS` checks every entry's
/// slot in the package's tests (`ObserverTable.checkInvariants`). It pays because a pass
/// then borrows each observer rather than retaining it (S2 42 → 20 ns per subscriber when
/// it was introduced; see ``SlotTable``). `ObserverTableTests`
/// remove observers during passes and release tables that still hold some, and check
/// that each observer is freed exactly when the table lets go of it.
extension SlotTable {
    /// Appends `entry`, retained by the table, and returns its slot.
    package mutating func appendOwning(_ entry: Entry) -> Int {
        unsafe append(.passRetained(entry))
    }

    /// Takes `entry` out of `slot`, if that is where it is, and returns the table's
    /// reference to it: the caller decides when it is released.
    package mutating func removeOwned(_ entry: Entry, at slot: Int) -> Entry? {
        guard holds(entry, at: slot), let vacated = unsafe vacate(slot) else { return nil }
        return unsafe vacated.takeRetainedValue()
    }

    /// Calls `body` with each entry, in slot order, then releases the table's reference
    /// to it; the table is empty after. For the owner's `deinit`.
    package mutating func releaseAll(_ body: (Entry) -> Void) {
        switch unsafe storage {
        case .none: break
        case .one(let entry):
            unsafe body(entry.takeUnretainedValue())
            unsafe entry.release()
        case .many(let entries):
            for unsafe case let entry? in unsafe entries {
                unsafe body(entry.takeUnretainedValue())
                unsafe entry.release()
            }
        }
        unsafe storage = unsafe .none
    }
}
