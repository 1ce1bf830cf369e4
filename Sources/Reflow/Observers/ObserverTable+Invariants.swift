extension ObserverTable {
    /// Checks that every live observer knows its slot, that the ledger counts the holes
    /// and knows of the backlog, and that nothing is queued or retired outside a pass.
    /// Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set (the package's own test
    /// runs and CI).
    final func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        // A full walk keeps debug builds of big tables usable only while they are small.
        guard slotCount <= 2_048 else { return }
        var holes = 0
        let contents = slots.contents
        switch slots.storage {
        case .none: precondition(slotCount <= 1, "ObserverTable: \(slotCount) slots kept as none")
        case .one: precondition(slotCount == 1, "ObserverTable: \(slotCount) slots kept as one")
        case .many: break
        }
        for (index, slot) in contents.enumerated() {
            if let observer = slot {
                precondition(observer.slot == index && observer.isActive && (observer.table === self || observer.table == nil),
                             "ObserverTable: observer at \(index) out of sync")
            } else {
                holes += 1
            }
        }
        slots.ledger.check(slots: contents.count, holes: holes, "ObserverTable")
        if !slots.ledger.isInPass {
            precondition(backlog == nil, "ObserverTable: a backlog outside a pass")
        }
        precondition(slots.ledger.hasWorkAtPassEnd == (backlog != nil), "ObserverTable: the ledger does not know of the backlog")
        #endif
    }
}
