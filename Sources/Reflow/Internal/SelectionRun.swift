/// Consecutive store subscriptions that select the same type of value, notified by one
/// loop specialized for the state and value types.
///
/// Subscriptions made one after another with the same value type and the same kind of
/// comparison join the same run, so the store makes one call per run, and the run's
/// `pass` (built in the subscriber's module, where `State` and `Value` are concrete) runs
/// each selector and compares inline. The run keeps its subscriptions as parallel arrays
/// (selectors, last values, `onChange`s, live flags): the pass walks contiguous memory and
/// makes one indirect call per subscriber whose value did not change, with no
/// retain/release (benchmark S3). Joining only the newest run keeps notification in
/// subscription order.
///
/// ## Cancelling
/// A cancelled entry is marked not live at once (a pass in progress skips it). Its
/// closures are released then, or, during a pass, when the pass ends: the pass calls
/// selectors from a snapshot of the array, and replacing one would copy it. Entries are
/// squeezed out once they are half the run, outside a pass.
@MainActor @usableFromInline
final class SelectionRun<State, Value>: StateObserver<State> {
    /// Visits the entries with the new state; see `Store.subscribe`.
    @usableFromInline typealias Pass = (SelectionRun, State) -> Void

    let pass: Pass
    /// Whether entries compare with their own `isDuplicate` rather than `==`.
    @usableFromInline let usesCustomEquality: Bool

    // One entry per subscription, in subscription order. Main actor only; no access spans
    // a call to a selector or an `onChange` (the pass reads `selects` from a snapshot).
    @exclusivity(unchecked) @usableFromInline var selects: ContiguousArray<(State) -> Value> = []
    @exclusivity(unchecked) @usableFromInline var lastValues: ContiguousArray<Value?> = []
    @exclusivity(unchecked) @usableFromInline var onChanges: ContiguousArray<(Value) -> Void> = []
    /// Empty unless `usesCustomEquality`.
    @exclusivity(unchecked) @usableFromInline var isDuplicates: ContiguousArray<(Value, Value) -> Bool> = []
    @exclusivity(unchecked) @usableFromInline var isLive: ContiguousArray<Bool> = []
    @exclusivity(unchecked) @usableFromInline var passDepth = 0
    /// Entries cancelled during a pass, whose closures are released when it ends.
    @exclusivity(unchecked) @usableFromInline var cancelledDuringPass: [Int] = []
    /// The subscription behind each live entry, to renumber when entries are squeezed out.
    private var members: ContiguousArray<Unmanaged<SelectionMember<State, Value>>?> = []
    private var vacancies = 0

    @usableFromInline
    init(usesCustomEquality: Bool, pass: @escaping Pass) {
        self.usesCustomEquality = usesCustomEquality
        self.pass = pass
    }

    override func notify(_ state: State) {
        pass(self, state)
    }

    override var subscriptionCount: Int { selects.count - vacancies }

    /// Adds an entry whose current value is `initial`, then delivers that value to it.
    @usableFromInline
    func subscribe(_ select: @escaping (State) -> Value, initial: Value,
                   isDuplicate: ((Value, Value) -> Bool)?,
                   onChange: @escaping (Value) -> Void) -> Subscription {
        precondition((isDuplicate != nil) == usesCustomEquality, "SelectionRun: comparison kind out of sync")
        let member = SelectionMember(run: self, index: selects.count)
        selects.append(select)
        lastValues.append(initial)
        onChanges.append(onChange)
        if let isDuplicate { isDuplicates.append(isDuplicate) }
        isLive.append(true)
        members.append(.passUnretained(member))
        let subscription = Subscription(target: member)
        onChange(initial)
        return subscription
    }

    /// Starts a pass; call `endPass` when it is over.
    @inlinable
    func beginPass() {
        passDepth += 1
    }

    @inlinable
    func endPass() {
        passDepth -= 1
        if passDepth == 0 && !cancelledDuringPass.isEmpty { releaseCancelled() }
    }

    @usableFromInline
    func releaseCancelled() {
        for index in cancelledDuringPass { release(index) }
        cancelledDuringPass.removeAll()
        compactIfWorthIt()
    }

    /// Cancels the entry at `index`.
    func cancel(at index: Int) {
        isLive[index] = false
        members[index] = nil
        vacancies += 1
        if passDepth > 0 {
            cancelledDuringPass.append(index)
        } else {
            release(index)
            compactIfWorthIt()
        }
        if vacancies == selects.count { endSubscription() }  // an empty run leaves the store
    }

    private func release(_ index: Int) {
        selects[index] = { _ in preconditionFailure("Reflow: a cancelled subscription's selector ran") }
        lastValues[index] = nil
        onChanges[index] = { _ in }
        if usesCustomEquality { isDuplicates[index] = { _, _ in true } }
    }

    private func compactIfWorthIt() {
        guard passDepth == 0, vacancies > 16, vacancies * 2 > selects.count else { return }
        var kept = 0
        for index in selects.indices where isLive[index] {
            selects[kept] = selects[index]
            lastValues[kept] = lastValues[index]
            onChanges[kept] = onChanges[index]
            if usesCustomEquality { isDuplicates[kept] = isDuplicates[index] }
            members[kept] = members[index]
            members[kept]!.takeUnretainedValue().index = kept
            isLive[kept] = true
            kept += 1
        }
        let end = selects.count
        selects.removeSubrange(kept..<end)
        lastValues.removeSubrange(kept..<end)
        onChanges.removeSubrange(kept..<end)
        if usesCustomEquality { isDuplicates.removeSubrange(kept..<end) }
        members.removeSubrange(kept..<end)
        isLive.removeSubrange(kept..<end)
        vacancies = 0
    }
}

/// The subscription side of one entry in a ``SelectionRun``.
// The run refers back to it unretained: a member is removed from its run (in
// `endSubscription`, which its `Subscription` calls when cancelled or released) before it
// can be freed.
@MainActor
final class SelectionMember<State, Value>: SubscriptionTarget {
    let run: SelectionRun<State, Value>
    var index: Int
    private var isActive = true

    init(run: SelectionRun<State, Value>, index: Int) {
        self.run = run
        self.index = index
    }

    func endSubscription() {
        guard isActive else { return }
        isActive = false
        run.cancel(at: index)
    }
}
