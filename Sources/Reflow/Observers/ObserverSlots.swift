/// Where an ``ObserverTable`` keeps its observers, with their ledger: slot *i* holds the
/// *i*-th observer added since the last compaction, or a hole where one was removed.
///
/// A table with one observer keeps it in place, without an array: a connection's props
/// with their one binding, an entity with its one subscriber. An array of one slot takes
/// 48 bytes, a sixth of a connection (benchmark S5); the three forms of ``Storage`` fit in
/// one word. The ``SlotLedger`` counts the slots, holes included, and the passes in
/// progress; the two are one property of the table because every pass reads both.
@usableFromInline
struct ObserverSlots<Value>: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        /// Every slot is a hole: none yet, or the one slot there was.
        case none
        /// One slot, holding this observer.
        case one(Observer<Value>)
        /// Any number of slots; each observer is retained once, through its `Unmanaged`
        /// reference, and released when its slot is cleared.
        case many(ContiguousArray<Unmanaged<Observer<Value>>?>)
    }

    @usableFromInline var storage: Storage = .none
    @usableFromInline var ledger = SlotLedger()

    @usableFromInline init() {}

    /// Slots in use, holes included.
    @inlinable var count: Int { Int(ledger.slots) }

    /// The observer in `slot`, or `nil` for a hole or a slot past the end.
    func observer(at slot: Int) -> Observer<Value>? {
        switch storage {
        case .none: return nil
        case .one(let observer): return slot == 0 ? observer : nil
        case .many(let observers): return observers.indices.contains(slot) ? observers[slot]?.takeUnretainedValue() : nil
        }
    }

    /// The live observers, in slot order.
    var live: [Observer<Value>] {
        switch storage {
        case .none: return []
        case .one(let observer): return [observer]
        case .many(let observers): return observers.compactMap { $0?.takeUnretainedValue() }
        }
    }

    /// Every slot, holes included.
    var contents: [Observer<Value>?] {
        switch storage {
        case .none: return Array(repeating: nil, count: count)
        case .one(let observer): return [observer]
        case .many(let observers): return observers.map { $0?.takeUnretainedValue() }
        }
    }
}
