import ReflowCore

/// Consecutive connections with props of one type, as one entry of the store's observer
/// table: the connections are its members themselves. Every connection that maps the whole
/// state follows its store this way: with `Equatable` props a change is delivered only if
/// the new props differ, otherwise every mapping is delivered (`isDuplicate` is `nil`).
///
/// A member keeps its mapping, its props and its place here, so the group needs no
/// selector, delivery closure, last value or member record of its own: the props the
/// member holds are the last value, and mapping the state is one call of the closure the
/// connection was made with (benchmark S5: a connection's memory; S7 and S9: its speed).
/// The pass is built in the connection's module, where `State` and `Props` are concrete,
/// so the mapping's result is compared without generic code.
///
/// Members sit in a ``SlotTable``, unretained: a member leaves the group
/// (``GroupedConnectionMember/leaveGroup()``) when its connection is freed, before it can
/// be freed itself. One that leaves during a pass is disabled, so the pass skips it from
/// then on, and held until the outermost pass ends, so the pass never reads freed memory:
/// the passes follow the engine's one rule (``PassOwner``). A member joins only outside a
/// pass (the store starts a new group otherwise), so a pass sees exactly the members there
/// when it began, minus those that left.
@MainActor @usableFromInline
final class ConnectionGroup<State, Props>: Observer<State>, PassOwner {
    /// Visits the members with the new state, reporting them to the watcher, if any.
    @usableFromInline typealias Pass = (ConnectionGroup, State, (any NotificationWatcher)?) -> Void

    /// ``deliveringChanges`` or ``deliveringEveryMapping``, built in the
    /// caller's module.
    let pass: Pass
    /// Whether new props equal the old ones, so they are not delivered (`==` of `Equatable`
    /// props); `nil`: every mapping is delivered. Used outside the pass: `connect()` and
    /// `newState(state:)` compare with it.
    let isDuplicate: ((Props, Props) -> Bool)?
    // Main actor only; a pass reads a snapshot of the slots, and the ledger before and
    // after it. Exclusivity stays checked here: unchecking it measured no gain (S7
    // 2.50–2.58 µs and all readers 21.6–21.9 µs either way).
    @usableFromInline var members = SlotTable<GroupedConnectionMember<State, Props>>()
    /// Members that left during a pass, kept alive until the outermost pass ends.
    private var held: [GroupedConnectionMember<State, Props>] = []

    init(pass: @escaping Pass, isDuplicate: ((Props, Props) -> Bool)?) {
        self.pass = pass
        self.isDuplicate = isDuplicate
    }

    override func notify(_ state: State) {
        pass(self, state, nil)
    }

    override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        pass(self, state, watcher)
    }

    override var subscriptionCount: Int { members.ledger.liveCount }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func deliveringChanges<Watch: PassWatching>(_ group: ConnectionGroup, _ state: State,
                                                       _ watch: Watch) where Props: Equatable {
        group.pass {
            // Every member of the snapshot is alive for the whole pass (one that leaves
            // meanwhile is held, not freed, and disabled), so each is called borrowed,
            // without a retain and release of its `map` per member.
            group.members.forEach(upTo: group.members.count, passing: state, watch) { member, state, watch in
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
    }

    /// The pass of props that are not `Equatable`: each connected member maps the state and
    /// gets the props, as ReRxSwift's connection does.
    ///
    /// - Complexity: O(*m*) in members, plus the mappings and the deliveries.
    @inlinable
    static var deliveringEveryMapping: Pass {
        passEntry(watched: deliveringEveryMapping, unwatched: deliveringEveryMapping)
    }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func deliveringEveryMapping<Watch: PassWatching>(_ group: ConnectionGroup, _ state: State, _ watch: Watch) {
        group.pass {
            group.members.forEach(upTo: group.members.count, passing: state, watch) { member, state, watch in
                if member.isEnabled {
                    let props = member.map(state)
                    if let watcher = watch.watcher {
                        report(member, fired: false, to: watcher)
                        report(member, fired: true, to: watcher)
                    }
                    member.deliver(props, watch)
                }
            }
        }
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

    /// Adds `member` at the end of the order.
    @usableFromInline
    func join(_ member: GroupedConnectionMember<State, Props>) {
        precondition(!members.ledger.isInPass, "ConnectionGroup: joined during its own pass")
        member.index = members.join(member)
        member.group = self
        checkInvariants()
    }

    /// Takes `member` out; it is freed no earlier than the end of a pass in progress.
    func remove(_ member: GroupedConnectionMember<State, Props>) {
        // Invariant: a member's `index` is its slot (kept by `join` and compaction).
        guard member.group === self, members.holds(member, at: member.index),
              members.leave(member.index) else { return }
        member.group = nil
        // Its connection is gone: nothing will enable it again, and a pass in progress
        // skips it from now on.
        member.isEnabled = false
        retire(member)
        checkInvariants()
        if members.ledger.isEmpty { endSubscription() }  // an empty group leaves the store
    }

    @usableFromInline var passLedger: SlotLedger {
        get { members.ledger }
        set { members.ledger = newValue }
    }

    @usableFromInline func hold(_ member: GroupedConnectionMember<State, Props>) {
        held.append(member)
    }

    @usableFromInline func releaseHeld() {
        held.removeAll()
    }

    @usableFromInline func member(_ member: GroupedConnectionMember<State, Props>, movedFrom _: Int, to slot: Int) {
        member.index = slot
    }

    @usableFromInline func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        members.checkInvariants("ConnectionGroup") { $0.index }
        guard InvariantWalk.isDue(count: members.count) else { return }
        for member in members.live {
            precondition(member.group === self, "ConnectionGroup: member \(member.index) thinks it is in another group")
        }
        #endif
    }
}

extension Store {
    /// The group that a new connection with props of this type joins: the newest entry of
    /// the table if it is one that compares props the same way and no pass is in progress,
    /// else a new one.
    @usableFromInline
    func connectionGroup<Props>(of _: Props.Type, pass: @escaping ConnectionGroup<State, Props>.Pass,
                                isDuplicate: ((Props, Props) -> Bool)?) -> ConnectionGroup<State, Props> {
        noteNewSubscriber()
        return observers.joinableGroup(ConnectionGroup<State, Props>.self,
                                       accepts: { ($0.isDuplicate == nil) == (isDuplicate == nil) }) {
            ConnectionGroup(pass: pass, isDuplicate: isDuplicate)
        }
    }

    /// The group that a new connection with props of this type joins: one that compares
    /// them if they are `Equatable`, else one that delivers every mapping.
    ///
    /// One connection initializer serves both kinds of props, so that each way of writing
    /// the mappings is one overload, not two (one per kind) that Swift must rank. The
    /// conformance is found once per connection made; in the caller's module, where `Props`
    /// is concrete, the cast folds and the comparing pass is specialized.
    @inlinable
    func connectionGroup<Props>(for _: Props.Type) -> ConnectionGroup<State, Props> {
        if let comparable = Props.self as? any Equatable.Type {
            return connectionGroup(comparing: comparable, as: Props.self)
        }
        return connectionGroup(of: Props.self, pass: ConnectionGroup<State, Props>.deliveringEveryMapping,
                               isDuplicate: nil)
    }

    /// The group that a new connection with `Equatable` props joins; `EquatableProps` is
    /// `Props`, found by a cast of its metatype.
    @inlinable
    func connectionGroup<EquatableProps: Equatable, Props>(comparing _: EquatableProps.Type,
                                                        as _: Props.Type) -> ConnectionGroup<State, Props> {
        let group = connectionGroup(of: EquatableProps.self, pass: ConnectionGroup<State, EquatableProps>.deliveringChanges,
                                    isDuplicate: { $0 == $1 })
        guard let group = group as? ConnectionGroup<State, Props> else {
            fatalError("Reflow: props type \(EquatableProps.self) is not \(Props.self); please report this")
        }
        return group
    }
}

extension ConnectionGroup where Props: Equatable {
    /// The pass: each connected member maps the state, and gets the props if they changed.
    ///
    /// - Complexity: O(*m*) in members, plus the mappings and the deliveries.
    // Made here, as `KeyPathGroup.sharingProjections` is.
    @inlinable
    static var deliveringChanges: Pass {
        passEntry(watched: deliveringChanges, unwatched: deliveringChanges)
    }
}
