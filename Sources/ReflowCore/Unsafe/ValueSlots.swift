/// A growable run of values in one allocation that is never shared, so writing a slot is a
/// plain store: no copy-on-write uniqueness check, which an `Array` pays on every write.
///
/// A ``SelectionGroup`` keeps each member's last delivered value here, and a ``KeyPathGroup``
/// each selector's last value and "changed" flag; their passes write through ``base``
/// (benchmark S2 by closure: 8.8 → 7.5 µs with 1,000 subscribers that all fire; S3 with
/// 1,000 distinct key paths: 5.8 → 3.4 µs).
///
/// ## Vacated slots
/// An owner whose slots outlive their values (a ``KeyPathGroup``'s freed selector, kept for
/// reuse) ends a slot's value with ``vacate(_:)`` and gives it a new one with
/// ``refill(_:with:)``; in between the slot is uninitialized and must not be read.
/// Keeping a value there instead would keep a user's objects alive after their last
/// subscription ended, and an `Element?` per slot costs a debug build an `Optional`
/// metadata lookup per read (benchmark S3, array and index, debug section).
///
/// ## Invariant
/// ``base`` moves only when the slots grow (``append(_:)``) or shrink
/// (``removeLast(from:)``). A caller that keeps ``base`` across calls must make sure
/// neither happens meanwhile; the groups do so by adding members or selectors, and
/// compacting, only outside their passes, and check it after each pass when
/// `REFLOW_INTERNAL_CHECKS` is set.
///
/// `@safe`: its own accessors check their bounds; reading through ``base`` (of an unsafe
/// type, so marked `unsafe` where it is read, in `Unsafe/`) is what skips them.
@usableFromInline
@safe final class ValueSlots<Element> {
    /// The first slot; valid for `count` slots until the next `append` or `removeLast`.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    /// The number of slots, vacated ones included.
    private(set) var count = 0
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

    /// Checks that slot `index` holds a value a pass may read through ``base``. Compiles to
    /// nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline
    func checkReadable(_ index: Int) {
        #if REFLOW_INTERNAL_CHECKS
        precondition(index >= 0 && index < count, "ValueSlots: a pass read slot \(index), outside 0..<\(count)")
        precondition(!vacated.contains(index), "ValueSlots: a pass read vacated slot \(index)")
        #endif
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
