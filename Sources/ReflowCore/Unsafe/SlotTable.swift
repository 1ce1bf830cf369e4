/// Objects in numbered slots whose numbers stay valid while a pass walks them: the one
/// mechanism behind every ``ObserverTable`` and every group of store subscriptions.
///
/// Slot *i* holds the *i*-th entry appended since the last compaction, or a hole where
/// one was vacated. Vacating leaves a hole, so a slot number handed out stays valid during
/// a pass; holes are squeezed out by the ``SlotLedger`` rule, and only outside a pass. That
/// keeps removal O(1) amortized and a pass proportional to live entries.
///
/// What an owner does with an entry that leaves during a pass (keep it alive, release its
/// closures) is the owner's: the table only says whether a pass is running.
///
/// ## Ownership
/// The table holds entries as `Unmanaged` references and never retains or releases them:
/// an ``ObserverTable`` retains each observer once when it appends it and releases it when
/// it vacates its slot; a group's members are owned by their subscriptions and leave
/// before they are freed. What it pays: a pass borrows each entry instead of retaining
/// and releasing it (an observer table's pass: S2 42 → 20 ns per subscriber, S3 33 → 11 µs;
/// a group's: S3 5.3 → 4.9 µs, when they were introduced).
///
/// ## Forms
/// A table with one slot keeps it in place, without an array: a connection's props with
/// their one binding, an entity with its one subscriber, a group with one member. An array
/// of one slot takes 48 bytes, a sixth of a connection (benchmark S5); the three forms of
/// ``Storage`` fit in one word.
///
/// ## Why `@safe`
/// The `Unmanaged` slots never leave `Unsafe/`: the table hands out objects, borrowed for a
/// call. That is memory-safe while each slot's object is alive, which the two ways of
/// filling a table keep: an owning table holds a reference per entry (`SlotTable+Owned`),
/// and a group's members leave before they are freed, through the pass engine's
/// ``PassOwner/retire(_:)`` (`SlotTable+Members`). The package's tests check every slot
/// against those rules (`REFLOW_INTERNAL_CHECKS`); `Storage`, which exposes the
/// references, stays `@unsafe`.
@usableFromInline
@safe package struct SlotTable<Entry: AnyObject & Sendable>: Sendable {
    @usableFromInline
    @unsafe package enum Storage: Sendable {
        /// Every slot is a hole: none yet, or the one slot there was.
        case none
        /// One slot, holding this entry.
        case one(Unmanaged<Entry>)
        /// Any number of slots.
        case many(ContiguousArray<Unmanaged<Entry>?>)
    }

    @usableFromInline package var storage: Storage = unsafe .none
    /// The slots' counts and the passes in progress; in the table because every pass
    /// reads both.
    @usableFromInline package var ledger = SlotLedger()

    @usableFromInline package init() {}

    /// Slots in use, holes included: a pass visits the first `count`.
    @inlinable package var count: Int { Int(ledger.slots) }

    /// The entry in `slot`, or `nil` for a hole or a slot past the end.
    func entry(at slot: Int) -> Unmanaged<Entry>? {
        switch unsafe storage {
        case .none: return nil
        case .one(let entry): return unsafe slot == 0 ? entry : nil
        case .many(let entries): return unsafe entries.indices.contains(slot) ? entries[slot] : nil
        }
    }

    /// Every slot, holes included.
    var contents: [Entry?] {
        switch unsafe storage {
        case .none: return Array(repeating: nil, count: count)
        case .one(let entry): return unsafe [entry.takeUnretainedValue()]
        case .many(let entries): return unsafe entries.map { unsafe $0?.takeUnretainedValue() }
        }
    }

    /// The live entries, in slot order.
    package var live: [Entry] { contents.compactMap { $0 } }

    /// Appends `entry` after the last slot and returns its slot.
    ///
    /// A table whose only slot is a hole squeezes it out first, unless a pass is counting
    /// on it; an owner that keeps parallel arrays by slot keeps exactly the slots before
    /// the returned one.
    ///
    /// - Returns: The new entry's slot.
    @discardableResult
    mutating func append(_ entry: Unmanaged<Entry>) -> Int {
        switch unsafe storage {
        case .none:
            if !ledger.isInPass { ledger.didCompact() }
            unsafe storage = unsafe count == 0 ? .one(entry) : .many([nil, entry])
        case .one(let first):
            unsafe storage = unsafe .many([first, entry])
        case .many(var entries):
            // The table's reference let go first, so the array grows in place.
            unsafe storage = unsafe .none
            unsafe entries.append(entry)
            unsafe storage = unsafe .many(entries)
        }
        let slot = count
        ledger.didAppend()
        return slot
    }

    /// Makes `slot` a hole and returns what it held; the caller decides what becomes of
    /// the entry (see ``SlotLedger/isInPass``).
    ///
    /// - Returns: The entry that was there, or `nil` if it was already a hole.
    mutating func vacate(_ slot: Int) -> Unmanaged<Entry>? {
        let vacated: Unmanaged<Entry>?
        switch unsafe storage {
        case .none:
            return nil
        case .one(let only):
            guard slot == 0 else { return nil }
            unsafe vacated = unsafe only
            unsafe storage = unsafe .none
        case .many(var entries):
            guard unsafe entries.indices.contains(slot), let entry = unsafe entries[slot] else { return nil }
            unsafe vacated = unsafe entry
            unsafe storage = unsafe .none
            unsafe entries[slot] = nil
            unsafe storage = unsafe .many(entries)
        }
        ledger.didVacate()
        return unsafe vacated
    }

    /// Squeezes out the holes if the ledger says it is worth it (never during a pass),
    /// telling `moved` of each entry that changed slot.
    ///
    /// - Returns: Whether it compacted.
    @discardableResult
    mutating func compactIfWorthIt(moved: (_ entry: Unmanaged<Entry>, _ from: Int, _ to: Int) -> Void) -> Bool {
        // Only an array has holes enough to be worth it.
        guard ledger.shouldCompact, case .many(let entries) = unsafe storage else { return false }
        var kept = unsafe ContiguousArray<Unmanaged<Entry>?>()
        unsafe kept.reserveCapacity(ledger.liveCount)
        for unsafe (slot, entry) in unsafe entries.enumerated() {
            guard let entry = unsafe entry else { continue }
            if unsafe slot != kept.count { unsafe moved(entry, slot, kept.count) }
            unsafe kept.append(entry)
        }
        unsafe storage = unsafe .many(kept)
        ledger.didCompact()
        return true
    }

    /// Calls `body` with every entry in the first `end` slots, in order, borrowed; holes
    /// are skipped. The pass walks a snapshot: entries appended meanwhile are not visited,
    /// and one vacated meanwhile is still visited unless `body` checks a flag of its own.
    ///
    /// The caller keeps every entry of the snapshot alive for the pass (a vacated entry
    /// is retired, not freed, until the outermost pass ends).
    // Always inlined, and `body` is called from a closure literal, not handed on: passed
    // to `_withUnsafeGuaranteedRef` as a value it was not inlined, one more indirect call
    // per entry (literal: S2 by key path 0.84×, S7 slice at index 0.59×, R2 0.92×).
    @inlinable @inline(__always)
    func forEach(upTo end: Int, _ body: (Entry) -> Void) {
        switch unsafe storage {
        case .none:
            break
        case .one(let entry):
            if end > 0 { unsafe entry._withUnsafeGuaranteedRef { body($0) } }
        case .many(let snapshot):
            // By index: a debug build runs an iterator's `next()` unspecialized, with a
            // retain and release per slot (benchmark S7, debug section).
            let slots = unsafe Swift.min(end, snapshot.count)
            var slot = 0
            while slot < slots {
                if let entry = unsafe snapshot[slot] { unsafe entry._withUnsafeGuaranteedRef { body($0) } }
                slot += 1
            }
        }
    }

    /// Calls `body` with the entry in each of `chosen`'s slots, in their order, borrowed;
    /// holes and slots past the end are skipped. Like ``forEach(upTo:_:)`` it walks a
    /// snapshot, for a pass that knows which few entries it wants (a ``KeyPathGroup``
    /// whose changed selectors have a few of its members: benchmark S3, array and index).
    @inlinable @inline(__always)
    func forEach(inSlots chosen: ContiguousArray<Int>, _ body: (Entry) -> Void) {
        switch unsafe storage {
        case .none:
            break
        case .one(let entry):
            if chosen.contains(0) { unsafe entry._withUnsafeGuaranteedRef { body($0) } }
        case .many(let snapshot):
            // Through a buffer: a debug build calls an array's subscript unspecialized.
            unsafe chosen.withUnsafeBufferPointer { chosen in
                var index = 0
                while index < chosen.count {
                    let slot = unsafe chosen[index]
                    if unsafe slot < snapshot.count, let entry = unsafe snapshot[slot] { unsafe entry._withUnsafeGuaranteedRef { body($0) } }
                    index += 1
                }
            }
        }
    }

    /// Calls `body` with every entry in the first `end` slots, in order, borrowed, and with
    /// `state` and `context`, as ``forEach(upTo:_:)`` does.
    ///
    /// For a pass whose step needs a large value: passed, not captured, it is not copied
    /// into a closure's context (benchmark S9, 200-field state: 1.47× when captured).
    // Like every method here, nonisolated: a main-actor closure handed straight to the
    // standard library's `_withUnsafeGuaranteedRef` gets a run-time check of the main
    // actor on each call (the library predates strict concurrency; a third of S7's time).
    @inlinable @inline(__always)
    package func forEach<State, Context>(upTo end: Int, passing state: State, _ context: Context,
                                 _ body: (Entry, State, Context) -> Void) {
        switch unsafe storage {
        case .none:
            break
        case .one(let entry):
            if end > 0 { unsafe entry._withUnsafeGuaranteedRef { body($0, state, context) } }
        case .many(let snapshot):
            // By index: a debug build runs an iterator's `next()` unspecialized, with a
            // retain and release per slot (benchmark S7, debug section).
            let slots = unsafe Swift.min(end, snapshot.count)
            var slot = 0
            while slot < slots {
                if let entry = unsafe snapshot[slot] { unsafe entry._withUnsafeGuaranteedRef { body($0, state, context) } }
                slot += 1
            }
        }
    }

    /// Checks the form against the ledger, that the ledger counts the holes, and that each
    /// live entry knows its slot. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    ///
    /// - Parameter slotOf: The slot an entry believes it is in.
    package func checkInvariants(_ owner: StaticString, slotOf: (Entry) -> Int) {
        #if REFLOW_INTERNAL_CHECKS
        guard InvariantWalk.isDue(count: count) else { return }
        switch unsafe storage {
        case .none: precondition(count <= 1, "\(owner): \(count) slots kept as none")
        case .one: precondition(count == 1, "\(owner): \(count) slots kept as one")
        case .many(let entries): unsafe precondition(entries.count == count, unsafe "\(owner): \(entries.count) slots, \(count) counted")
        }
        var holes = 0
        for (slot, entry) in contents.enumerated() {
            if let entry {
                precondition(slotOf(entry) == slot, "\(owner): the entry in slot \(slot) thinks it is in \(slotOf(entry))")
            } else {
                holes += 1
            }
        }
        ledger.check(slots: count, holes: holes, owner)
        #endif
    }
}

/// The bookkeeping that lets an array of observers keep stable indexes while a pass walks
/// it: how many slots are holes, whether a pass is running, and when to squeeze holes out.
///
/// Removal leaves a hole, so an index handed out stays valid during a pass; holes are
/// squeezed out once they outnumber live entries, and only outside a pass. That keeps
/// removal O(1) amortized and a pass proportional to live entries. It is the bookkeeping
/// half of ``SlotTable``, which every observer table and group uses, so the rule is
/// written once.
@usableFromInline
package struct SlotLedger: Sendable {
    /// Slots in use, holes included.
    // Int32: the ledger is in every observer table, one per connection (benchmark S5);
    // 2³¹ observers of one source is beyond any table's memory.
    @usableFromInline var slots: Int32 = 0
    /// Slots that are holes.
    @usableFromInline var holes: Int32 = 0
    /// Passes in progress (a pass can start inside another, through a nested source).
    /// Raised and lowered only by the pass engine (``PassOwner/pass(_:)``, and an
    /// ``ObserverTable``'s own copy of its steps); internal, so no feature can.
    @usableFromInline var passDepth: Int32 = 0
    /// Whether the owner keeps work for the end of the outermost pass (members that left
    /// during it, a table's queued values), so a pass that leaves none reads only the
    /// ledger. In the padding after the counts.
    @usableFromInline package internal(set) var hasWorkAtPassEnd = false

    init() {}

    /// Live entries.
    @inlinable package var liveCount: Int { Int(slots - holes) }
    /// Whether there is no live entry.
    @inlinable package var isEmpty: Bool { slots == holes }
    @inlinable package var isInPass: Bool { passDepth > 0 }

    /// Whether the holes should be squeezed out now.
    var shouldCompact: Bool { passDepth == 0 && holes > 16 && holes * 2 > slots }

    /// A pass starts.
    @inlinable mutating func enterPass() { passDepth += 1 }
    /// A pass ends.
    ///
    /// - Returns: Whether it was the outermost and left work for its end.
    @inlinable mutating func leavePass() -> Bool {
        passDepth -= 1
        return passDepth == 0 && hasWorkAtPassEnd
    }
    /// The owner keeps work for the end of the outermost pass.
    @inlinable mutating func noteWorkAtPassEnd() { hasWorkAtPassEnd = true }
    /// The work kept for the end of the outermost pass is being done.
    mutating func clearWorkAtPassEnd() { hasWorkAtPassEnd = false }

    mutating func didAppend() { slots += 1 }
    mutating func didVacate() { holes += 1 }
    mutating func didCompact() {
        slots -= holes
        holes = 0
    }

    /// Checks the ledger against a count of holes made by walking the slots.
    func check(slots actualSlots: Int, holes actualHoles: Int, _ owner: StaticString) {
        precondition(actualSlots == Int(slots), "\(owner): slot count out of sync")
        precondition(actualHoles == Int(holes), "\(owner): hole count out of sync")
        precondition(holes <= slots && passDepth >= 0, "\(owner): ledger out of range")
    }
}
