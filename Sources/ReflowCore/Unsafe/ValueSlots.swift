import ReflowUnsafe

/// A growable run of values in one allocation that is never shared, so writing a slot is a
/// plain store: no copy-on-write uniqueness check, which an `Array` pays on every write.
///
/// A ``SelectionGroup`` keeps each member's last delivered value here, and a ``KeyPathGroup``
/// each selector's last value and "changed" flag; their passes read and write them through
/// a `PassSlots` view (``withPassView(_:)``), a bounds check and a plain load or store
/// per access (benchmark S2 by closure: 8.8 → 7.5 µs with 1,000 subscribers that all fire,
/// against an array; S3 with 1,000 distinct key paths: 5.8 → 3.4 µs).
///
/// ## Vacated slots
/// An owner whose slots outlive their values (a ``KeyPathGroup``'s freed selector, kept for
/// reuse; a ``SelectionGroup``'s member let go of, until compaction squeezes its slot out)
/// ends a slot's value with ``vacate(_:)`` and gives it a new one with
/// ``refill(_:with:)`` or ``move(from:to:)``; in between the slot is uninitialized and must
/// not be read.
/// Keeping a value there instead would keep a user's objects alive after their last
/// subscription ended, and an `Element?` per slot costs a debug build an `Optional`
/// metadata lookup per read (benchmark S3, array and index, debug section).
///
/// ## Invariant
/// ``base`` moves only when the slots grow (``append(_:)``) or shrink
/// (``removeLast(from:)``), and neither is allowed while a pass view is out: both stop
/// with a message then. The groups add members or selectors, and compact, only outside
/// their passes.
///
/// `@safe`: its own accessors and its pass views check their bounds; reading through
/// ``base`` (of an unsafe type, so marked `unsafe` where it is read, in `Unsafe/`: the
/// selectors' refresh) is what skips them.
@usableFromInline
@safe final class ValueSlots<Element> {
    // Unchecked exclusivity on `base`, `count` and `passViews`: only main-actor groups use
    // the slots, and every access to them is one load, one store or one increment that
    // calls no code, so no two can overlap (an element's deinit, which may run user code,
    // runs after its slot's address was computed, not during an access).
    // Checked, each pass view cost three runtime checks, and a selection pass with two
    // views made nine (six before views): benchmark S4, one closure subscriber, took 1.16x
    // as long as before views and 0.88x unchecked; S8 1.08x and 0.90x.
    // `base` is `@unsafe`, as its type is, so that its reads are marked `unsafe` in both
    // builds. All three are checked in the package's tests (REFLOW_INTERNAL_CHECKS), where
    // an access that came to overlap another would trap (`ValueSlotsTests`,
    // `PassSlotsTests`, the group and model tests); `PassSlotsTests` also checks, with
    // thousands of slots, that nested views count back down and pin the storage until the
    // last one ends.
    #if REFLOW_INTERNAL_CHECKS
    /// The first slot; valid for `count` slots until the next `append` or `removeLast`.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    /// The number of slots, vacated ones included.
    @usableFromInline private(set) var count = 0
    /// How many `PassSlots` views are out (``withPassView(_:)``): while any is, the
    /// storage must not move.
    @usableFromInline var passViews = 0
    #else
    /// The first slot; valid for `count` slots until the next `append` or `removeLast`.
    @unsafe @exclusivity(unchecked) @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    /// The number of slots, vacated ones included.
    @safe @exclusivity(unchecked) @usableFromInline private(set) var count = 0
    /// How many `PassSlots` views are out (``withPassView(_:)``): while any is, the
    /// storage must not move.
    @safe @exclusivity(unchecked) @usableFromInline var passViews = 0
    #endif
    private var capacity: Int
    /// The slots whose value was ended by ``vacate(_:)`` and not yet refilled.
    private var vacated: Set<Int> = []

    package init() {
        capacity = 4
        unsafe base = .allocate(capacity: capacity)
    }

    deinit {
        deinitialize(from: 0)
        unsafe base.deallocate()
    }

    /// Adds a slot at the end, moving the storage when it is full.
    ///
    /// - Complexity: Amortized O(1).
    func append(_ element: Element) {
        checkNoPassView("grow")
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            if vacated.isEmpty {
                unsafe grown.moveInitialize(from: base, count: count)
            } else {
                // Slot by slot: a vacated slot is uninitialized, and a type that is not
                // bitwise movable (one holding a weak reference) cannot be moved from it.
                for index in 0..<count where !vacated.contains(index) {
                    unsafe (grown + index).moveInitialize(from: base + index, count: 1)
                }
            }
            unsafe base.deallocate()
            unsafe base = unsafe grown
            capacity *= 2
        }
        unsafe (base + count).initialize(to: element)
        count += 1
    }

    /// The slot at `index`, bounds-checked (the hot path writes through ``base``).
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "ValueSlots: index \(index) is outside 0..<\(count)")
            precondition(!vacated.contains(index), "ValueSlots: slot \(index) is vacated")
            return unsafe base[index]
        }
        set {
            precondition(index >= 0 && index < count, "ValueSlots: index \(index) is outside 0..<\(count)")
            precondition(!vacated.contains(index), "ValueSlots: slot \(index) is vacated; refill it")
            unsafe base[index] = newValue
        }
    }

    /// Removes the slots from `newCount` on.
    ///
    /// - Complexity: O(*n*) in the slots removed.
    func removeLast(from newCount: Int) {
        checkNoPassView("shrink")
        precondition(newCount >= 0 && newCount <= count, "ValueSlots: cannot shrink \(count) slots to \(newCount)")
        deinitialize(from: newCount)
        count = newCount
    }

    /// Ends the value in slot `index`; the slot is not read again until
    /// ``refill(_:with:)`` gives it a value.
    func vacate(_ index: Int) {
        precondition(index >= 0 && index < count, "ValueSlots: index \(index) is outside 0..<\(count)")
        let isNew = vacated.insert(index).inserted
        precondition(isNew, "ValueSlots: slot \(index) is vacated twice")
        unsafe (base + index).deinitialize(count: 1)
    }

    /// Gives the vacated slot `index` the value `element`.
    func refill(_ index: Int, with element: Element) {
        let wasVacated = vacated.remove(index) != nil
        precondition(wasVacated, "ValueSlots: slot \(index) is not vacated")
        unsafe (base + index).initialize(to: element)
    }

    /// Moves the value in slot `from` into the vacated slot `to`, leaving `from` vacated:
    /// a compaction's move of one member.
    ///
    /// Stops with a message, in every build, rather than move from an uninitialized slot
    /// or over a live one: either would be a bug of the slots' owner.
    func move(from: Int, to: Int) {
        guard from >= 0 && from < count && to >= 0 && to < count && from != to
              && !vacated.contains(from) && vacated.contains(to) else {
            fatalError("Reflow: slots asked to move slot \(from) into slot \(to) of 0..<\(count), "
                       + "which must hold a value and be vacated; please report this as a bug")
        }
        vacated.insert(from)
        vacated.remove(to)
        unsafe (base + to).moveInitialize(from: base + from, count: 1)
    }

    /// Checks that slot `index` holds a value a pass may read through ``base``. Compiles to
    /// nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline
    func checkReadable(_ index: Int) {
        #if REFLOW_INTERNAL_CHECKS
        precondition(index >= 0 && index < count, "ValueSlots: a pass read slot \(index), outside 0..<\(count)")
        precondition(!vacated.contains(index), "ValueSlots: a pass read vacated slot \(index)")
        #endif
    }

    /// Calls `body` with the slots as a pass reads and writes them (`PassSlots`); until
    /// it returns, the slots stop with a message rather than grow or shrink, so the view
    /// never outlives the storage it points to.
    ///
    /// - Complexity: O(1) besides `body`.
    @inlinable
    func withPassView<Result>(_ body: (PassSlots<Element>) -> Result) -> Result {
        passViews += 1
        defer { passViews -= 1 }
        // Invariant: `base` holds `count` slots and does not move until `body` returns
        // (`append` and `removeLast` refuse while `passViews` is above zero). A vacated
        // slot is the owner's to keep unread (see above).
        return body(unsafe PassSlots(base: base, count: count))
    }

    private func checkNoPassView(_ change: StaticString) {
        if passViews > 0 { fatalError("Reflow: slots asked to \(change) during a pass; please report this as a bug") }
    }

    /// Whether slot `index` is vacated (for invariant checks).
    func isVacated(_ index: Int) -> Bool {
        vacated.contains(index)
    }

    /// Ends the values of the slots from `start` on, skipping vacated ones, which are then
    /// forgotten.
    private func deinitialize(from start: Int) {
        guard !vacated.isEmpty else {
            unsafe (base + start).deinitialize(count: count - start)
            return
        }
        for index in start..<count {
            if vacated.remove(index) == nil { unsafe (base + index).deinitialize(count: 1) }
        }
    }
}

extension ValueSlots where Element == Int {
    /// Appends to `chosen`, in slot order, each slot whose value is the index of a set
    /// flag in `flags` (a negative value names none): a key-path group's members whose
    /// selector changed.
    ///
    /// One loop over both through their base pointers: S3 and S7 at an index scan 1,000
    /// member slots per dispatch to find one, and a checked view's two accesses per slot
    /// took a debug build 1.07× as long.
    ///
    /// - Complexity: O(*n*) in slots, two loads each.
    func appendSlots(namingSetFlagsOf flags: ValueSlots<Bool>, to chosen: inout ContiguousArray<Int>) {
        // Invariant: the loop reads `slotCount` slots from `names` and, through `isSet`, only
        // indexes below `flags.count`; neither storage moves, since nothing here appends.
        let names = unsafe base
        let isSet = unsafe flags.base
        let flagCount = flags.count
        // Read once: as a property of the class, each read would be an exclusivity check.
        let slotCount = count
        var slot = 0
        while slot < slotCount {
            let name = unsafe names[slot]
            // One unsigned compare admits exactly the names inside the flags; a hole (-1)
            // is the only name outside them that is not a bug.
            if UInt(bitPattern: name) < UInt(bitPattern: flagCount) {
                if unsafe isSet[name] { chosen.append(slot) }
            } else if name >= 0 {
                fatalError("Reflow: slot \(slot) names flag \(name) of \(flagCount); please report this as a bug")
            }
            slot += 1
        }
    }
}

