/// The slots of a ``ValueSlots`` as one pass reads and writes them: a plain load or store
/// per access, with no bounds check, no exclusivity check and no retain of the storage
/// (benchmarks S2 by closure and S3 closures: see ``ValueSlots``).
///
/// Declared `@safe` so that a pass outside `Unsafe/` can use it without `unsafe`: the
/// memory rules it relies on are kept here and by the groups, not by each access.
///
/// ## Invariant
/// - The slots do not move while the view is used: a group takes the view at the start of
///   a pass and adds members or compacts only outside its passes (``ValueSlots``'s
///   invariant).
/// - Every index is below the slots' count and names a slot that holds a value.
///
/// Builds with `REFLOW_INTERNAL_CHECKS` (the package's tests) check both on every access.
@safe @frozen @usableFromInline
struct PassSlots<Element> {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline let slots: ValueSlots<Element>
    #endif

    @inlinable
    init(_ slots: ValueSlots<Element>) {
        unsafe base = unsafe slots.base
        #if REFLOW_INTERNAL_CHECKS
        self.slots = slots
        #endif
    }

    /// The value in slot `index`.
    ///
    /// - Complexity: O(1): one load or store.
    @inlinable
    subscript(index: Int) -> Element {
        get {
            check(index)
            return unsafe base[index]
        }
        nonmutating set {
            check(index)
            unsafe base[index] = newValue
        }
    }

    @inlinable @inline(__always)
    func check(_ index: Int) {
        #if REFLOW_INTERNAL_CHECKS
        precondition(unsafe slots.base == base, "PassSlots: the slots moved during a pass")
        slots.checkReadable(index)
        #endif
    }
}

extension PassSlots {
    /// The value in slot `index`, which holds one: a member's last value, set when it
    /// joins and cleared only after the member stops being live.
    ///
    /// - Complexity: O(1); no check that the value is there outside `REFLOW_INTERNAL_CHECKS`.
    @inlinable
    func unwrapped<Wrapped>(_ index: Int) -> Wrapped where Element == Wrapped? {
        check(index)
        #if REFLOW_INTERNAL_CHECKS
        precondition(unsafe base[index] != nil, "PassSlots: slot \(index) holds no value")
        #endif
        return unsafe base[index].unsafelyUnwrapped
    }
}

extension ValueSlots {
    /// The slots as one pass reads and writes them; valid until the slots grow or shrink.
    @inlinable
    var inPass: PassSlots<Element> {
        PassSlots(self)
    }
}
