/// Consecutive connections with `Equatable` props of one type, as one entry of the store's
/// observer table: the connections are its members themselves.
///
/// A member keeps its mapping, its props and its place here, so the group needs no
/// selector, delivery closure, last value or member record of its own: the props the
/// member holds are the last value, and mapping the state is one call of the closure the
/// connection was made with (benchmark S5: a connection's memory; S7 and S9: its speed).
/// The pass is built in the connection's module, where `State` and `Props` are concrete,
/// so the mapping's result is compared without generic code.
///
/// Members are held unretained: a member leaves the group (``GroupedConnectionMember/leaveGroup()``)
/// when its connection is freed, before it can be freed itself. One that leaves during a
/// pass is kept alive in `retired` until the outermost pass ends, so the pass never reads
/// freed memory, and skipped from then on. A member joins only outside a pass (the store
/// starts a new group otherwise), so a pass sees exactly the members there when it began,
/// minus those that left.
@MainActor @usableFromInline
final class ConnectionGroup<State, Props: Equatable>: Observer<State> {
    @usableFromInline typealias Pass = (ConnectionGroup, State) -> Void

    let pass: Pass
    // Main actor only; the pass reads one slot at a time, so a member may leave during
    // its own delivery. Exclusivity stays checked here: unchecking it measured no gain
    // (S7 2.50–2.58 µs and all readers 21.6–21.9 µs either way).
    @usableFromInline var members: ContiguousArray<Unmanaged<GroupedConnectionMember<State, Props>>?> = []
    @usableFromInline var ledger = SlotLedger()
    private var retired: [GroupedConnectionMember<State, Props>] = []

    @usableFromInline
    init(pass: @escaping Pass) {
        self.pass = pass
    }

    override func notify(_ state: State) {
        pass(self, state)
    }

    override var subscriptionCount: Int { ledger.liveCount }

    /// The pass: each connected member maps the state, and gets the props if they changed.
    ///
    /// - Complexity: O(*m*) in members, plus the mappings and the deliveries.
    @inlinable
    static func deliveringChanges(_ group: ConnectionGroup, _ state: State) {
        if let watcher = NotificationWatch.current {
            deliveringChanges(group, state, Watched(watcher))
        } else {
            deliveringChanges(group, state, Unwatched())
        }
    }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func deliveringChanges<Watch: PassWatching>(_ group: ConnectionGroup, _ state: State, _ watch: Watch) {
        group.ledger.passDepth += 1
        // Not a snapshot: a member that leaves during the pass empties its slot at once
        // (and is retired, not freed), so reading the slot each time skips it.
        var index = 0
        let count = group.members.count
        while index < count {
            if let slot = group.members[index] {
                // Guaranteed: the slot's member is alive for the whole step (a member that
                // leaves meanwhile is retired, not freed), so its `map` is called borrowed,
                // without a retain and release of the closure per member.
                // The state and the watch are passed, not captured: a closure that
                // captures anything copies the large state into each call (benchmark S9).
                withGuaranteed(slot, state, watch) { member, state, watch in
                    if member.isEnabled {
                        let props = member.map(state)
                        if let watcher = watch.watcher { report(member, fired: false, to: watcher) }
                        if props != member.props {
                            if let watcher = watch.watcher { report(member, fired: true, to: watcher) }
                            member.deliver(props, watch)
                        }
                    }
                }
            }
            index += 1
        }
        group.endPass()
    }

    /// Tells `watcher` that `member` mapped the state, or that it delivered new props.
    @usableFromInline
    static func report(_ member: GroupedConnectionMember<State, Props>, fired: Bool, to watcher: any NotificationWatcher) {
        if fired {
            watcher.fired(member, .connection(Props.self))
        } else {
            watcher.evaluated(member, .connection(Props.self))
        }
    }

    /// Runs `body` with the member of `slot`, borrowed for the call, and `state`.
    // Nonisolated: a main-actor closure handed to the standard library's
    // `_withUnsafeGuaranteedRef` gets a run-time check of the main actor on each call (the
    // library predates strict concurrency): a third of S7's time. `body` runs where the
    // caller runs, on the main actor.
    @inlinable
    nonisolated static func withGuaranteed<Watch>(_ slot: Unmanaged<GroupedConnectionMember<State, Props>>, _ state: State,
                                                  _ watch: Watch,
                                                  _ body: (GroupedConnectionMember<State, Props>, State, Watch) -> Void) {
        slot._withUnsafeGuaranteedRef { body($0, state, watch) }
    }

    @usableFromInline
    func endPass() {
        ledger.passDepth -= 1
        if ledger.passDepth == 0 && !retired.isEmpty {
            retired.removeAll()
            compactIfWorthIt()
        }
    }

    /// Adds `member` at the end of the order.
    @usableFromInline
    func join(_ member: GroupedConnectionMember<State, Props>) {
        precondition(!ledger.isInPass, "ConnectionGroup: joined during its own pass")
        member.index = members.count
        member.group = self
        members.append(.passUnretained(member))
        ledger.didAppend()
        checkInvariants()
    }

    /// Takes `member` out; it is freed no earlier than the end of a pass in progress.
    func remove(_ member: GroupedConnectionMember<State, Props>) {
        // Invariant: a member's `index` is its slot (kept by `join` and compaction).
        guard member.group === self, members[member.index]?.takeUnretainedValue() === member else { return }
        members[member.index] = nil
        member.group = nil
        ledger.didVacate()
        if ledger.isInPass {
            retired.append(member)
        } else {
            compactIfWorthIt()
        }
        checkInvariants()
        if ledger.isEmpty { endSubscription() }  // an empty group leaves the store
    }

    private func compactIfWorthIt() {
        guard ledger.shouldCompact else { return }
        var kept = 0
        for case let slot? in members {
            slot.takeUnretainedValue().index = kept
            members[kept] = slot
            kept += 1
        }
        members.removeSubrange(kept...)
        ledger.didCompact()
    }

    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        guard members.count <= 2_048 else { return }
        var holes = 0
        for (index, slot) in members.enumerated() {
            if let member = slot?.takeUnretainedValue() {
                precondition(member.index == index && member.group === self, "ConnectionGroup: member \(index) out of sync")
            } else {
                holes += 1
            }
        }
        ledger.check(slots: members.count, holes: holes, "ConnectionGroup")
        #endif
    }
}
