/// Consecutive store subscriptions that select the same type of value, notified by one
/// loop specialized for the state and value types.
///
/// Subscriptions made one after another with the same value type and the same kind of
/// comparison join the same group, so the store makes one call per group, and the
/// group's pass (``comparingEqual(_:_:)`` or ``comparingCustom(_:_:)``, inlined into the
/// subscriber's module, where `State` and `Value` are concrete) runs each selector and
/// compares inline. The group keeps its members as parallel arrays (selectors, last
/// values, `onChange`s, live flags): the pass walks contiguous memory and makes one
/// indirect call per member whose value did not change, with no retain/release (benchmark
/// S3). Only the newest group of a table can be joined, and only outside a pass, so
/// notification stays in subscription order and a member added during a pass is not
/// visited by it.
///
/// ## Cancelling
/// A cancelled member is marked not live at once (a pass in progress skips it). Its
/// closures are released then, or, during a pass, when the pass ends: the pass calls
/// selectors from a snapshot of the array, and replacing one would copy it. Holes are
/// squeezed out by the ``SlotLedger`` rule.
@MainActor @usableFromInline
final class SelectionGroup<State, Value>: Observer<State> {
    /// Visits the members with the new state.
    @usableFromInline typealias Pass = (SelectionGroup, State) -> Void

    let pass: Pass
    /// Whether members compare with their own `isDuplicate` rather than `==`.
    @usableFromInline let usesCustomEquality: Bool

    // Unchecked: main actor only; no access spans a call to a selector or an `onChange`
    // (the pass calls them from snapshots of the arrays and writes a last value after the
    // call returned), so the checks, several per member per pass, guard nothing (S3).
    @exclusivity(unchecked) @usableFromInline var columns = Columns()
    /// One entry per member, in subscription order, as parallel arrays.
    @usableFromInline
    struct Columns {
        @usableFromInline var selects: ContiguousArray<(State) -> Value> = []
        @usableFromInline var lastValues: ContiguousArray<Value?> = []
        @usableFromInline var onChanges: ContiguousArray<(Value) -> Void> = []
        /// Empty unless the group uses custom equality.
        @usableFromInline var isDuplicates: ContiguousArray<(Value, Value) -> Bool> = []
        @usableFromInline var isLive: ContiguousArray<Bool> = []
        @usableFromInline var ledger = SlotLedger()
    }

    /// Members cancelled during a pass, whose closures are released when it ends.
    @usableFromInline var cancelledDuringPass: [Int] = []
    /// The subscription behind each live member, to renumber when holes are squeezed out.
    private var members: ContiguousArray<Unmanaged<SelectionMember<State, Value>>?> = []

    @usableFromInline
    init(usesCustomEquality: Bool, pass: @escaping Pass) {
        self.usesCustomEquality = usesCustomEquality
        self.pass = pass
    }

    override func notify(_ state: State) {
        pass(self, state)
    }

    override var subscriptionCount: Int { columns.ledger.liveCount }

    /// The pass of a group whose values are `Equatable`: select, compare with `==`,
    /// deliver.
    @inlinable
    static func comparingEqual(_ group: SelectionGroup, _ state: State) where Value: Equatable {
        group.beginPass()
        // Snapshots: closures called from a local array need no retain/release.
        let selects = group.columns.selects
        let onChanges = group.columns.onChanges
        for index in selects.indices where group.columns.isLive[index] {
            let value = selects[index](state)
            // Invariant: a live member has a last value (set on subscribe, cleared only
            // when it is cancelled, which clears `isLive` first).
            if value == group.columns.lastValues[index].unsafelyUnwrapped { continue }
            group.columns.lastValues[index] = value
            onChanges[index](value)
        }
        group.endPass()
    }

    /// The pass of a group whose members bring their own `isDuplicate`.
    @inlinable
    static func comparingCustom(_ group: SelectionGroup, _ state: State) {
        group.beginPass()
        let selects = group.columns.selects
        let onChanges = group.columns.onChanges
        let isDuplicates = group.columns.isDuplicates
        for index in selects.indices where group.columns.isLive[index] {
            let value = selects[index](state)
            // Invariant: as in `comparingEqual`.
            if isDuplicates[index](group.columns.lastValues[index].unsafelyUnwrapped, value) { continue }
            group.columns.lastValues[index] = value
            onChanges[index](value)
        }
        group.endPass()
    }

    /// Adds a member whose current value is `initial`, then delivers that value to it.
    @usableFromInline
    func subscribe(_ select: @escaping (State) -> Value, initial: Value,
                   isDuplicate: ((Value, Value) -> Bool)?,
                   onChange: @escaping (Value) -> Void) -> Subscription {
        precondition((isDuplicate != nil) == usesCustomEquality, "SelectionGroup: comparison kind out of sync")
        precondition(!columns.ledger.isInPass, "SelectionGroup: joined during its own pass")
        let member = SelectionMember(group: self, index: columns.selects.count)
        columns.selects.append(select)
        columns.lastValues.append(initial)
        columns.onChanges.append(onChange)
        if let isDuplicate { columns.isDuplicates.append(isDuplicate) }
        columns.isLive.append(true)
        members.append(.passUnretained(member))
        columns.ledger.didAppend()
        checkInvariants()
        let subscription = Subscription(target: member)
        onChange(initial)
        return subscription
    }

    @inlinable
    func beginPass() {
        columns.ledger.passDepth += 1
    }

    @inlinable
    func endPass() {
        columns.ledger.passDepth -= 1
        if columns.ledger.passDepth == 0 && !cancelledDuringPass.isEmpty { releaseCancelled() }
    }

    @usableFromInline
    func releaseCancelled() {
        for index in cancelledDuringPass { release(index) }
        cancelledDuringPass.removeAll()
        compactIfWorthIt()
        checkInvariants()
    }

    /// Cancels the member at `index`.
    func cancel(at index: Int) {
        columns.isLive[index] = false
        members[index] = nil
        columns.ledger.didVacate()
        if columns.ledger.isInPass {
            cancelledDuringPass.append(index)
        } else {
            release(index)
            compactIfWorthIt()
        }
        checkInvariants()
        if columns.ledger.isEmpty { endSubscription() }  // an empty group leaves the store
    }

    private func release(_ index: Int) {
        columns.selects[index] = { _ in preconditionFailure("Reflow: a cancelled subscription's selector ran") }
        columns.lastValues[index] = nil
        columns.onChanges[index] = { _ in }
        if usesCustomEquality { columns.isDuplicates[index] = { _, _ in true } }
    }

    private func compactIfWorthIt() {
        guard columns.ledger.shouldCompact else { return }
        var kept = 0
        for index in columns.selects.indices where columns.isLive[index] {
            columns.selects[kept] = columns.selects[index]
            columns.lastValues[kept] = columns.lastValues[index]
            columns.onChanges[kept] = columns.onChanges[index]
            if usesCustomEquality { columns.isDuplicates[kept] = columns.isDuplicates[index] }
            members[kept] = members[index]
            members[kept]!.takeUnretainedValue().index = kept
            columns.isLive[kept] = true
            kept += 1
        }
        let end = columns.selects.count
        columns.selects.removeSubrange(kept..<end)
        columns.lastValues.removeSubrange(kept..<end)
        columns.onChanges.removeSubrange(kept..<end)
        if usesCustomEquality { columns.isDuplicates.removeSubrange(kept..<end) }
        members.removeSubrange(kept..<end)
        columns.isLive.removeSubrange(kept..<end)
        columns.ledger.didCompact()
    }

    /// Checks that the parallel arrays agree and that the ledger counts the cancelled
    /// members. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        let count = columns.selects.count
        precondition(columns.lastValues.count == count && columns.onChanges.count == count && columns.isLive.count == count
                     && members.count == count && columns.isDuplicates.count == (usesCustomEquality ? count : 0),
                     "SelectionGroup: parallel arrays out of step")
        guard count <= 2_048 else { return }
        var holes = 0
        for index in 0..<count {
            if columns.isLive[index] {
                precondition(columns.lastValues[index] != nil && members[index]?.takeUnretainedValue().index == index,
                             "SelectionGroup: live member \(index) out of sync")
            } else {
                holes += 1
                precondition(members[index] == nil, "SelectionGroup: cancelled member \(index) still listed")
            }
        }
        columns.ledger.check(slots: count, holes: holes, "SelectionGroup")
        #endif
    }
}

/// The subscription side of one member of a ``SelectionGroup``.
// The group refers back to it unretained: a member is taken out of its group (in
// `endSubscription`, which its `Subscription` calls when cancelled or released) before
// it can be freed.
@MainActor
final class SelectionMember<State, Value>: SubscriptionTarget {
    let group: SelectionGroup<State, Value>
    var index: Int
    private var isActive = true

    init(group: SelectionGroup<State, Value>, index: Int) {
        self.group = group
        self.index = index
    }

    func endSubscription() {
        guard isActive else { return }
        isActive = false
        group.cancel(at: index)
    }
}
