/// A run of slots as one pass reads and writes them: a bounds check and a plain load or
/// store per access, with no exclusivity check and no retain of the storage.
///
/// The engine keeps each group's per-slot values (a member's last value, a selector's
/// "changed" flag) in storage of its own, and its passes read them through this view
/// (benchmarks S2 and S3: an array's subscript there costs a uniqueness or exclusivity
/// check per access, and, in a debug build, an unspecialized call).
///
/// `@safe`: code that holds a view cannot reach memory the view does not cover:
/// - every access checks its index against the slots' count, and stops with a message
///   outside it;
/// - the view's maker promises, when it makes one with the `unsafe` initializer, that the
///   storage neither moves nor shrinks while the view exists, and that each slot it lets
///   a pass read holds a value (ReflowCore's `ValueSlots.withPassView(_:)` keeps the
///   first by refusing to grow or shrink meanwhile; the package's tests check the second).
///
/// Its accessors are `@_transparent` and in this module, not in the engine's, because a
/// debug build inlines a transparent function into a caller in another file only across a
/// module boundary; from another file of the same module each access would be a call
/// (benchmark S3, array and index, debug section: 1.25×).
@safe @frozen @usableFromInline
package struct PassSlots<Element> {
    @usableFromInline package let base: UnsafeMutablePointer<Element>
    @usableFromInline package let count: Int

    /// A view of the `count` slots from `base`.
    ///
    /// - Precondition: The slots hold values and stay where they are, at least `count`
    ///   of them, for as long as the view is used.
    @unsafe @inlinable
    package init(base: UnsafeMutablePointer<Element>, count: Int) {
        unsafe self.base = base
        self.count = count
    }

    /// Stops unless the view has exactly `expected` slots.
    ///
    /// Checked once before a loop over `0..<expected`, it lets an optimized build drop the
    /// check of each access in the loop: the compiler then knows every index is inside
    /// (S3 closures, release: 1.17× with a check per access).
    ///
    /// - Complexity: O(1).
    @_transparent @usableFromInline
    package func require(count expected: Int) {
        if count != expected { slotCountMismatch(count, expected) }
    }

    /// The value in slot `index`.
    ///
    /// - Complexity: O(1): a compare and a load.
    @_transparent @usableFromInline
    package func value(at index: Int) -> Element {
        if UInt(bitPattern: index) >= UInt(bitPattern: count) { slotOutOfBounds(index, count) }
        return unsafe base[index]
    }

    /// Writes `value` into slot `index`.
    ///
    /// - Complexity: O(1): a compare and a store.
    @_transparent @usableFromInline
    package func set(_ value: Element, at index: Int) {
        if UInt(bitPattern: index) >= UInt(bitPattern: count) { slotOutOfBounds(index, count) }
        unsafe base[index] = value
    }
}

/// Stops a pass that reached past its slots: a bug of the engine, never of an app.
@usableFromInline
func slotOutOfBounds(_ index: Int, _ count: Int) -> Never {
    fatalError("Reflow: a pass read slot \(index) of \(count); please report this as a bug")
}

/// Stops a pass whose slots are not one per entry it walks: a bug of the engine.
@usableFromInline
func slotCountMismatch(_ count: Int, _ expected: Int) -> Never {
    fatalError("Reflow: a pass expected \(expected) slots and found \(count); please report this as a bug")
}
