/// Consecutive store subscriptions that select the same type of value, notified by one
/// loop specialized for the state and value types.
///
/// A store subscription is a ``SelectionMember``: its selector, the last value it
/// delivered and its `onChange`. Subscriptions made one after another with the same value
/// type and the same kind of comparison join the same run, so the store makes one call per
/// run and the run's `pass` (built in the subscriber's module, where `State` and `Value`
/// are concrete) runs each selector and compares inline: one indirect call per subscriber
/// that did not change (benchmark S3). Joining only the newest run keeps notification in
/// subscription order.
@MainActor @usableFromInline
final class SelectionRun<State, Value>: StateObserver<State> {
    /// Visits the members with the new state; see `Store.subscribe`.
    @usableFromInline typealias Pass = (ObserverTable<State>, State) -> Void

    @usableFromInline let members = ObserverTable<State>()
    let pass: Pass
    /// Whether members compare with their own `isDuplicate` rather than `==`.
    @usableFromInline let usesCustomEquality: Bool

    @usableFromInline
    init(usesCustomEquality: Bool, pass: @escaping Pass) {
        self.usesCustomEquality = usesCustomEquality
        self.pass = pass
    }

    override func notify(_ state: State) {
        pass(members, state)
    }

    override var subscriptionCount: Int { members.liveCount }

    /// Adds `member`; it was created with the current value and is not notified of it.
    func add(_ member: SelectionMember<State, Value>) {
        member.run = self
        members.insert(member)
    }

    /// A member left: an empty run leaves the store too.
    func memberDidEnd() {
        if members.isEmpty { endSubscription() }
    }
}

/// One store subscription in a ``SelectionRun``.
@MainActor @usableFromInline
final class SelectionMember<State, Value>: StateObserver<State> {
    // Declared in the order the pass reads them, so they share the object's first cache
    // line with the `isActive` flag it reads first.
    // Touched only by its run's pass and when it was created, on the main actor.
    @exclusivity(unchecked) @usableFromInline var lastValue: Value
    @usableFromInline let select: (State) -> Value
    @usableFromInline let onChange: (Value) -> Void
    @usableFromInline let isDuplicate: ((Value, Value) -> Bool)?
    weak var run: SelectionRun<State, Value>?

    @usableFromInline
    init(select: @escaping (State) -> Value, initial: Value, isDuplicate: ((Value, Value) -> Bool)?,
         onChange: @escaping (Value) -> Void) {
        self.lastValue = initial
        self.select = select
        self.onChange = onChange
        self.isDuplicate = isDuplicate
    }

    override func didEnd() {
        run?.memberDidEnd()
    }
}

extension ObserverTable {
    /// A run's notification pass: `forEachActive`, with each observer seen as the member
    /// type the run holds.
    // The loop is written out rather than calling `forEachActive` with a closure: the
    // optimizer then inlines `body` into it, one call less per subscriber (S3).
    @inlinable @inline(__always)
    func forEachMember<Member: StateObserver<State>>(as _: Member.Type, _ body: (Member) -> Void) {
        passDepth += 1
        let snapshot = observers
        for case let observer? in snapshot {
            // Invariant: a run's table holds only its own member type.
            let member = Unmanaged<Member>.fromOpaque(observer.toOpaque())
            withBorrowed(member) { member in
                if member.isActive { body(member) }
            }
        }
        passDepth -= 1
        // Retired observers left holes: no holes, nothing to release or compact.
        if passDepth == 0 && vacancies > 0 { endPass() }
    }
}
