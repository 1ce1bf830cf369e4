extension ObserverTable {
    /// Checks that every live observer knows its slot, that the ledger counts the holes
    /// and knows of the backlog, and that nothing is queued or retired outside a pass.
    /// Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set (the package's own test
    /// runs and CI).
    @usableFromInline package final func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        members.checkInvariants("ObserverTable") { $0.slot }
        guard InvariantWalk.isDue(count: slotCount) else { return }
        for observer in members.live {
            precondition(observer.isActive && (observer.table === self || observer.table == nil),
                         "ObserverTable: observer in slot \(observer.slot) ended or in another table")
        }
        if !members.ledger.isInPass {
            precondition(backlog == nil, "ObserverTable: a backlog outside a pass")
        }
        precondition(members.ledger.hasWorkAtPassEnd == (backlog != nil), "ObserverTable: the ledger does not know of the backlog")
        #endif
    }
}
