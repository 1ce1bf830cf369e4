/// A set of action types that answers membership with about one comparison and no
/// hashing: an open-addressed table of type identifiers, indexed by bits of each type's
/// metadata address. The dispatch loop asks it whether an action's type has routes, so an
/// action no route is declared for costs a shift, a mask and a compare instead of a hash
/// lookup (benchmark E1). Built again when the routes change.
@usableFromInline
struct TypeSet {
    /// The slots: a power-of-two count, at least twice the members, so that a probe meets
    /// an empty slot within a few steps.
    @usableFromInline let slots: [ObjectIdentifier?]
    /// `slots.count - 1`.
    @usableFromInline let mask: Int

    /// A set holding `types`.
    init(_ types: some Collection<ObjectIdentifier>) {
        var count = 8
        while count < 2 * types.count { count *= 2 }
        var slots = [ObjectIdentifier?](repeating: nil, count: count)
        for type in types {
            var index = Self.home(of: type) & (count - 1)
            while slots[index] != nil { index = (index + 1) & (count - 1) }
            slots[index] = type
        }
        self.slots = slots
        self.mask = count - 1
    }

    /// Whether `type` is in the set.
    ///
    /// - Complexity: O(1): about one comparison, more only where types share a slot.
    @inlinable
    func contains(_ type: ObjectIdentifier) -> Bool {
        var index = Self.home(of: type) & mask
        while let slot = slots[index] {
            if slot == type { return true }
            index = (index + 1) & mask
        }
        return false
    }

    /// Where `type`'s probe starts: its metadata's address without the low bits, which
    /// alignment keeps equal.
    @inlinable
    static func home(of type: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4)
    }
}
