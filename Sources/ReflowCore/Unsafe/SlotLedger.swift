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
    @usableFromInline package var passDepth: Int32 = 0
    /// Whether the owner keeps work for the end of the outermost pass (a table's backlog),
    /// so a pass that leaves none reads only the ledger. In the padding after the counts.
    @usableFromInline var hasWorkAtPassEnd = false

    init() {}

    /// Live entries.
    @inlinable package var liveCount: Int { Int(slots - holes) }
    /// Whether there is no live entry.
    @inlinable package var isEmpty: Bool { slots == holes }
    @inlinable package var isInPass: Bool { passDepth > 0 }

    /// Whether the holes should be squeezed out now.
    var shouldCompact: Bool { passDepth == 0 && holes > 16 && holes * 2 > slots }

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
