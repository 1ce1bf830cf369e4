/// The one pass engine: how an object whose members sit in a ``SlotTable`` walks them.
///
/// A pass (``pass(_:)``) raises the table's depth for its whole length, so slot numbers
/// stay valid (no compaction until the outermost pass ends) and a member that leaves
/// meanwhile is held (``retire(_:)``), not let go, until then; at that end the engine lets
/// go of what was held and squeezes out the holes. The rule is written here once: an
/// ``ObserverTable`` (and so every ``KeyPathGroup``, whose members are one), a
/// ``SelectionGroup`` and a connection group are its clients. A client says only how it
/// holds and frees a member and what a move means for its own arrays.
///
/// ## The memory invariant
/// A pass borrows each member of its snapshot without retaining it (see ``SlotTable``).
/// That is sound because every member of the snapshot is alive until the outermost pass
/// ends:
/// - a member leaves its slot before it is freed (``SlotTable/leave(_:)`` or
///   ``SlotTable/removeOwned(_:at:)``), and hands itself to ``retire(_:)``;
/// - during a pass, ``retire(_:)`` gives it to ``hold(_:)``, which keeps a strong
///   reference until ``releaseHeld()``, called only when the outermost pass ends;
/// - no member joins during a pass, and compaction waits for the outermost pass to end,
///   so no slot number changes meaning while a pass holds it.
///
/// `PassEngineTests` (the engine against a model, with nested passes, over thousands of
/// members), `ObserverTableTests`, `GroupTests` and `ConnectionGroupModelTests` release
/// members during passes, nested ones included; with `REFLOW_INTERNAL_CHECKS`
/// each client checks its slots after every join, leave and pass end
/// (``checkInvariants()``), and `ObserverTableTests` check that each observer is freed
/// exactly when its table lets go of it.
@MainActor @usableFromInline
package protocol PassOwner: AnyObject {
    associatedtype Member: AnyObject & Sendable

    /// The members, by slot. The client joins and takes out members; the engine alone
    /// raises the depth and compacts.
    var members: SlotTable<Member> { get set }

    /// The members' ledger, read and written whole: `members.ledger`.
    // Its own requirement, with a getter and a setter, for the pass's two updates: through
    // `members`, each was a call of the conformance's `modify` coroutine that the
    // optimizer did not inline (`perf` on benchmark R1: 4.7% of samples in that witness and
    // its resume; none with this requirement).
    var passLedger: SlotLedger { get set }

    /// Keeps `member`, which left during a pass, alive until the outermost pass ends.
    func hold(_ member: Member)

    /// The outermost pass ended: lets go of every member held, calling ``release(_:)``
    /// on each.
    func releaseHeld()

    /// `member` left and is let go of: frees what the client keeps for it. Called at once,
    /// or, for a member that left during a pass, when the outermost pass ends.
    func release(_ member: Member)

    /// Compaction moved `member` from slot `from` to slot `to`.
    func member(_ member: Member, movedFrom from: Int, to: Int)

    /// Compaction squeezed the holes out; the members are ``SlotTable/count`` slots now.
    func didCompact()

    /// Checks the client's slots. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants()
}

extension PassOwner {
    @usableFromInline package func release(_ member: Member) {}
    @usableFromInline package func didCompact() {}

    /// Runs `body` as one pass: slot numbers stay valid and members that leave are held
    /// until the outermost pass ends, when they are let go of and the holes squeezed out.
    /// `body` walks the members (``SlotTable/forEach(upTo:_:)`` and its kin), borrowed.
    /// An ``ObserverTable`` runs these steps in a concrete method of its own
    /// (`ObserverTable.pass(_:)`), which debug builds call without this generic call's
    /// witness calls.
    ///
    /// - Complexity: O(1) besides `body`; at the end of the outermost pass, O(*h*) in
    ///   members held, plus a compaction (O(*n*) in slots) when holes outnumber members.
    // Always inlined, with `body` a closure literal at every call: the pass loops inside
    // it stay specialized and inlined into the client's (benchmarks S2, S3, S7, R2).
    @inlinable @inline(__always)
    package func pass(_ body: () -> Void) {
        var ledger = passLedger
        ledger.enterPass()
        passLedger = ledger
        body()
        ledger = passLedger
        let endsOutermost = ledger.leavePass()
        passLedger = ledger
        if endsOutermost { endOutermostPass() }
    }

    /// Takes `member`, which has just left its slot, out of the client's hands: held until
    /// the outermost pass ends if a pass is running, else let go of now and the holes
    /// squeezed out if that is worth it.
    package func retire(_ member: Member) {
        if members.ledger.isInPass {
            hold(member)
            members.ledger.noteWorkAtPassEnd()
        } else {
            release(member)
            compactIfWorthIt()
        }
    }

    /// The outermost pass ended with work left for it: lets go of the members held, then
    /// compacts. A client that keeps other work for the end (a table's queued values)
    /// notes it again in ``releaseHeld()``.
    @usableFromInline
    func endOutermostPass() {
        members.ledger.clearWorkAtPassEnd()
        releaseHeld()
        compactIfWorthIt()
        checkInvariants()
    }

    /// Squeezes out the holes if the ledger says it is worth it (never during a pass),
    /// telling the client of each move.
    func compactIfWorthIt() {
        guard members.ledger.shouldCompact else { return }
        if members.compactIfWorthIt(movingMembers: { member, from, to in self.member(member, movedFrom: from, to: to) }) {
            didCompact()
        }
    }
}
