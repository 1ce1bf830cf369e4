/// Consecutive store subscriptions that select the same type of value, notified by one
/// loop specialized for the state and value types.
///
/// Subscriptions made one after another with the same value type and the same kind of
/// comparison join the same group, so the store makes one call per group, and the
/// group's pass (``comparingEqual`` or ``comparingCustom``, inlined into the
/// subscriber's module, where `State` and `Value` are concrete) runs each selector and
/// compares inline. The group keeps its members as parallel arrays (selectors, last
/// values, `onChange`s, live flags): the pass walks contiguous memory and makes one
/// indirect call per member whose value did not change, with no retain/release (benchmark
/// S3). The last values and live flags are ``ValueSlots``, read and written through a
/// base pointer without an exclusivity or copy-on-write check, and
/// the closures sit in the arrays in the form a generic parameter has, so each member
/// costs one reabstraction thunk per closure, not two (benchmark S2). Only the newest
/// group of a table can be joined, and only outside a pass, so notification stays in
/// subscription order and a member added during a pass is not visited by it.
///
/// ## Cancelling
/// A cancelled member is marked not live at once (a pass in progress skips it). Its
/// closures are released then, or, during a pass, when the pass ends: the pass calls
/// selectors from a snapshot of the array, and replacing one would copy it. The members'
/// subscriptions sit in a ``SlotTable`` whose slots number the parallel arrays; its
/// compaction moves them. Passes, holding and compaction follow the one pass engine
/// (``PassOwner``).
@MainActor @usableFromInline
final class SelectionGroup<State, Value>: Observer<State>, PassOwner {
    /// Visits the members with the new state, reporting them to the watcher, if any.
    @usableFromInline package typealias Pass = (SelectionGroup, State, (any NotificationWatcher)?) -> Void

    /// A member's `onChange`, wrapped so that the array keeps it in the form a generic
    /// parameter has: an array of bare `(Value) -> Void` would store it with its `Void`
    /// result returned indirectly, one more reabstraction thunk per call (benchmark S2).
    @usableFromInline struct OnChange {
        @usableFromInline let call: (Value) -> Void
    }

    /// A member's `isDuplicate`, wrapped for the same reason as ``OnChange``.
    @usableFromInline struct IsDuplicate {
        @usableFromInline let call: (Value, Value) -> Bool
    }

    let pass: Pass
    /// Whether members compare with their own `isDuplicate` rather than `==`.
    let usesCustomEquality: Bool

    // One entry per member, in subscription order, in each array. Main actor only; no
    // access spans a call to a selector or an `onChange`.
    // Checked exclusivity: a pass reads `selects`, `onChanges` and `isDuplicates` once,
    // as snapshots, and the ledger twice, where the checks measured nothing (S2, S3).
    @usableFromInline var selects: ContiguousArray<(State) -> Value> = []
    /// Written through its base pointer during a pass: see ``ValueSlots``. A member's slot
    /// is vacated when it is let go of (``release(_:)``), so a user's value is not kept
    /// alive past its subscription, and moved by compaction; a live member's slot always
    /// holds its last value. Not `Value?`: the pass would test the tag per member (S2 by
    /// closure, release) and look up `Optional`'s metadata per read in a debug build.
    @usableFromInline let lastValues = ValueSlots<Value>()
    @usableFromInline var onChanges: ContiguousArray<OnChange> = []
    /// Empty unless `usesCustomEquality`.
    @usableFromInline var isDuplicates: ContiguousArray<IsDuplicate> = []
    /// Whether each member is live. The pass reads it afresh for every member, since an
    /// `onChange` may cancel members, through its base pointer (see ``ValueSlots``): no
    /// exclusivity check per member (S2 by closure, S3 closures) and, in a debug build,
    /// no call of an array's unspecialized subscript.
    @usableFromInline let isLive = ValueSlots<Bool>()
    /// The subscription behind each live member, in the slot that numbers its entries in
    /// the arrays above, with the ledger of holes and passes.
    @usableFromInline var members = SlotTable<SelectionMember<State, Value>>()
    /// Members cancelled during a pass, whose closures are released when it ends.
    private var held: [SelectionMember<State, Value>] = []

    init(usesCustomEquality: Bool, pass: @escaping Pass) {
        self.usesCustomEquality = usesCustomEquality
        self.pass = pass
    }

    package override func notify(_ state: State) {
        pass(self, state, nil)
    }

    package override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        pass(self, state, watcher)
    }

    package override var subscriptionCount: Int { members.ledger.liveCount }

    /// The pass of a group whose members bring their own `isDuplicate`.
    // A loop of its own rather than `comparingEqual`'s with a comparison passed in: there
    // the `==` is inlined, and a closure would be one more indirect call per member (S3).
    @inlinable
    static var comparingCustom: Pass {
        passEntry(watched: comparingCustom, unwatched: comparingCustom)
    }

    /// Tells `watcher` that the member at `index` was evaluated, or that it fired.
    @usableFromInline
    func report(evaluated: Bool, at index: Int, to watcher: any NotificationWatcher) {
        // Live members are listed (a cancelled one is skipped by the pass before this).
        guard let member = members.object(at: index) else { return }
        let label = ObserverLabel.subscription("closure")
        if evaluated { watcher.evaluated(member, label) } else { watcher.fired(member, label) }
    }

    /// Adds a member whose current value is `initial`, then delivers that value to it.
    @usableFromInline
    func subscribe(_ select: @escaping (State) -> Value, initial: Value,
                   isDuplicate: ((Value, Value) -> Bool)?,
                   onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        SubscriptionHandle(target: join(select, initial: initial, isDuplicate: isDuplicate, onChange: onChange))
    }

    /// Adds a member, delivers `initial` to it, and returns the member, whose
    /// `endSubscription()` takes it out.
    func join(_ select: @escaping (State) -> Value, initial: Value, isDuplicate: ((Value, Value) -> Bool)?,
              onChange: @escaping (Value) -> Void) -> SelectionMember<State, Value> {
        precondition((isDuplicate != nil) == usesCustomEquality, "SelectionGroup: comparison kind out of sync")
        precondition(!members.ledger.isInPass, "SelectionGroup: joined during its own pass")
        let member = SelectionMember(group: self, index: -1)
        member.index = members.join(member)
        // A hole the append squeezed out leaves the parallel arrays too.
        if selects.count > member.index { truncate(to: member.index) }
        selects.append(select)
        lastValues.append(initial)
        onChanges.append(OnChange(call: onChange))
        if let isDuplicate { isDuplicates.append(IsDuplicate(call: isDuplicate)) }
        isLive.append(true)
        checkInvariants()
        onChange(initial)
        return member
    }

    /// Cancels `member`.
    func cancel(_ member: SelectionMember<State, Value>) {
        isLive[member.index] = false
        guard members.leave(member.index) else { return }
        retire(member)
        checkInvariants()
        if members.ledger.isEmpty { endSubscription() }  // an empty group leaves the store
    }

    @usableFromInline var passLedger: SlotLedger {
        get { members.ledger }
        set { members.ledger = newValue }
    }

    @usableFromInline func hold(_ member: SelectionMember<State, Value>) {
        held.append(member)
    }

    @usableFromInline func releaseHeld() {
        for member in held { release(member) }
        held.removeAll()
    }

    /// Releases the closures of `member`, which left (its slot stays until compaction).
    @usableFromInline func release(_ member: SelectionMember<State, Value>) {
        let index = member.index
        selects[index] = { _ in preconditionFailure("Reflow: a cancelled subscription's selector ran") }
        lastValues.vacate(index)
        onChanges[index] = OnChange { _ in }
        if usesCustomEquality { isDuplicates[index] = IsDuplicate { _, _ in true } }
    }

    @usableFromInline func member(_ member: SelectionMember<State, Value>, movedFrom from: Int, to: Int) {
        selects[to] = selects[from]
        lastValues.move(from: from, to: to)
        onChanges[to] = onChanges[from]
        if usesCustomEquality { isDuplicates[to] = isDuplicates[from] }
        isLive[to] = true
        member.index = to
    }

    @usableFromInline func didCompact() {
        truncate(to: members.count)
    }

    /// Drops the parallel arrays' entries from `count` on.
    private func truncate(to count: Int) {
        let end = selects.count
        selects.removeSubrange(count..<end)
        lastValues.removeLast(from: count)
        onChanges.removeSubrange(count..<end)
        if usesCustomEquality { isDuplicates.removeSubrange(count..<end) }
        isLive.removeLast(from: count)
    }

    /// Checks that the parallel arrays agree with the member slots. Compiles to nothing
    /// unless `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        members.checkInvariants("SelectionGroup") { $0.index }
        let count = members.count
        precondition(selects.count == count && lastValues.count == count && onChanges.count == count
                     && isLive.count == count && isDuplicates.count == (usesCustomEquality ? count : 0),
                     "SelectionGroup: parallel arrays out of step")
        guard InvariantWalk.isDue(count: count) else { return }
        for (index, member) in members.contents.enumerated() {
            precondition(isLive[index] == (member != nil), "SelectionGroup: live flag \(index) out of sync")
            precondition(member == nil || !lastValues.isVacated(index), "SelectionGroup: live member \(index) has no last value")
        }
        #endif
    }
}

/// The subscription side of one member of a ``SelectionGroup``.
// The group refers back to it unretained: a member is taken out of its group (in
// `endSubscription`, which its `SubscriptionHandle` calls when cancelled or released) before
// it can be freed.
@MainActor @usableFromInline
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
        group.cancel(self)
    }
}

extension SelectionGroup where Value: Equatable {
    /// The pass of a group whose values are `Equatable`: select, compare with `==`,
    /// deliver.
    // Made here, as `KeyPathGroup.sharingProjections` is.
    @inlinable
    static var comparingEqual: Pass {
        passEntry(watched: comparingEqual, unwatched: comparingEqual)
    }
}
