/// Consecutive key-path subscriptions of one value type, where members that share a key
/// path share its work: each distinct key path is projected and compared once per
/// notification, however many members it has (benchmark S2, key-path row).
///
/// Like ``SelectionGroup`` it holds only consecutive subscriptions and is joined only
/// outside a pass, so notification stays in subscription order; its pass
/// (``sharingProjections``) is inlined into the subscriber's module.
///
/// ## Why a member can skip its own comparison
/// For each distinct key path the group keeps its last value (`lastValues`: the value of
/// its latest change, as a member delivered it; while a member is out of sync, the value
/// projected last) and whether the latest projection changed it. A member is *in sync* when the value it
/// delivered last equals its key path's `lastValues` entry; then "changed" decides for it.
/// A member that joined while its key path's entry was stale (the state changed without a
/// notification yet, as inside a batch) is not in sync and compares once, by itself.
///
/// ## Visiting only the members that deliver
/// When every member is in sync, only the members of changed selectors can deliver. If
/// they are at most a quarter of the member slots, the pass finds their slots in
/// `memberSelectors` (each slot's selector, kept parallel to `members`) and visits only
/// those, in slot order, so in subscription order (``slotsToVisit(changedMembers:_:)``);
/// otherwise, or when a watcher wants every member reported, it visits every member. An
/// S3 dispatch changes one value of 1,000: in a debug build, where a member's visit costs
/// about 20 ns, that pass went from 71 to 31 µs.
@MainActor @usableFromInline
package final class KeyPathGroup<State, Value: Equatable>: Observer<State> {
    /// Visits the members with the new state, reporting them to the watcher, if any.
    @usableFromInline package typealias Pass = (KeyPathGroup, State, (any NotificationWatcher)?) -> Void
    /// How a member that reports itself takes a change in a watched notification.
    @usableFromInline package typealias WatchedChange = (Value, any NotificationWatcher) -> Void

    @usableFromInline package let members = ObserverTable<State>()
    /// What the reductions since the last notification can have written.
    @usableFromInline let writes: StateWrites
    /// ``sharingProjections``, referenced from the subscriber's module so that it is
    /// specialized there for the concrete `State` and `Value`.
    let pass: Pass

    // Indexed by selector number. Exclusivity stays checked here and on `selectorBytes`:
    // unchecking them measured no gain (S3 array and index, S8: 2026-11-24).
    @usableFromInline var keyPaths: ContiguousArray<KeyPath<State, Value>?> = []
    // Written through their base pointers by the pass: see ``ValueSlots``. They grow only
    // when a selector is added, which happens only outside a pass. A freed selector's
    // last value is vacated, and refilled when the selector is reused.
    @usableFromInline let lastValues = ValueSlots<Value>()
    @usableFromInline let changed = ValueSlots<Bool>()
    /// Where each selector's value lies in the state, for a stored path (see ``Footprint``).
    @usableFromInline var selectorBytes: ContiguousArray<Range<Int>?> = []
    /// Each selector's element read, when it was subscribed as an array and an index
    /// (`subscribe(_:at:)`, `slice:at:`) of an inline stored array: read with a load and a
    /// subscript rather than projected (S7 with `slice:at:`).
    // Exclusivity stays checked here: unchecking it measured no gain on S7 with `slice:`.
    @usableFromInline var elementReads: ContiguousArray<ArrayElementRead?> = []
    /// How many members each selector has; the pass adds those of the changed ones.
    @usableFromInline let memberCounts = ValueSlots<Int>()
    /// Each member slot's selector, or -1 for a hole: parallel to `members`' slots, so a
    /// pass in which a few selectors changed finds their members without visiting the
    /// others (S3 and S7 at an index, debug section: a visit is about 20 ns there).
    /// Realigned by ``alignMemberSelectors()`` whenever `members` compacted.
    private let memberSelectors = ValueSlots<Int>()
    /// Whether a member may be out of sync (see above): set when one joins so, cleared
    /// when a pass visits every member, which brings each into sync.
    @usableFromInline private(set) var hasUnsyncedMembers = false
    /// The buffer ``slotsToVisit(changedMembers:_:)`` fills, kept so that a pass that
    /// visits a few members allocates nothing once it has grown: the pass's copy is
    /// released when the pass ends, so the next pass finds it uniquely referenced.
    private var chosenSlots = ContiguousArray<Int>()
    /// The members that report themselves to a watcher (a connection's slice reports the
    /// connection), each with how it takes a change in a watched notification. Looked up
    /// only in watched passes.
    private var selfReporting: [ObjectIdentifier: WatchedChange] = [:]
    private var selectorByKeyPath: [KeyPath<State, Value>: Int] = [:]
    private var freeSelectors: [Int] = []

    init(writes: StateWrites, pass: @escaping Pass) {
        self.writes = writes
        self.pass = pass
    }

    package override func notify(_ state: State) {
        pass(self, state, nil)
    }

    package override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        pass(self, state, watcher)
    }

    package override var subscriptionCount: Int { members.liveCount }

    /// The group's pass: bring every selector up to `state`, then tell the members whose
    /// selector changed.
    // Made here, by `passEntry`, rather than referenced as a static method by the
    // subscriber: that reference's thunk would run, on every notification, as code of the
    // subscriber's file. Inlined, it is still specialized in the subscriber's module.
    @inlinable
    package static var sharingProjections: Pass {
        passEntry(watched: sharingProjections, unwatched: sharingProjections)
    }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func sharingProjections<Watch: PassWatching>(_ group: KeyPathGroup, _ state: State, _ watch: Watch) {
        let changedMembers = group.refresh(from: state)
        // Read through the slots' base pointers, not through the group per member (a
        // class's array property is retained and released on each read: S7 with `slice:`).
        // Invariant: members may leave during the pass (their selector's entries may be
        // cleared), but none can join, so no selector is added or reused and the slots
        // neither move nor change meaning for any live member.
        let lastValues = group.lastValues.base
        let changed = group.changed.base
        // One S3 dispatch changes one value of 1,000: visit only its members, unless a
        // watcher wants every member reported.
        if watch.watcher == nil, let chosen = group.slotsToVisit(changedMembers: changedMembers, changed) {
            chosen.withUnsafeBufferPointer { chosen in
                group.members.forEachActive(inSlots: chosen) { observer in
                    let member = member(observer)
                    deliver(lastValues, at: member.selector, to: member, in: group, watch)
                }
            }
        } else {
            group.members.forEachActive(upTo: group.members.slotCount) { observer in
                let member = member(observer)
                let selector = member.selector
                if let watcher = watch.watcher { group.report(member, fired: false, to: watcher) }
                // Most members' selectors did not change: decide on `changed` before
                // reading the value (S7 with `slice:`, 990 of 1,000).
                if member.isInSync && !changed[selector] { return }
                deliver(lastValues, at: selector, to: member, in: group, watch)
            }
        }
        #if REFLOW_INTERNAL_CHECKS
        precondition(group.lastValues.base == lastValues && group.changed.base == changed,
               "KeyPathGroup: selector slots moved during a pass")
        #endif
    }

    /// The member slots a pass must visit, in subscription order, when they are few: the
    /// members of changed selectors, when those are at most a quarter of the slots and
    /// every member is in sync (then only they can deliver). `nil` when the pass must
    /// visit every member; that pass brings each into sync.
    ///
    /// Not generic over the values, so not inlined: the loop reads only integers and
    /// flags.
    ///
    /// - Parameters:
    ///   - changedMembers: How many members the changed selectors have.
    ///   - changed: Whether each selector changed in this pass.
    /// - Complexity: O(*n*) in member slots, a load or two each.
    @usableFromInline
    func slotsToVisit(changedMembers: Int, _ changed: UnsafeMutablePointer<Bool>) -> ContiguousArray<Int>? {
        guard !hasUnsyncedMembers && changedMembers <= members.slotCount / 4 else {
            // The caller visits every member now, and none can join meanwhile.
            hasUnsyncedMembers = false
            return nil
        }
        // Filled as a local (moved out of the group, so still uniquely referenced), then
        // kept again.
        var chosen = ContiguousArray<Int>()
        swap(&chosen, &chosenSlots)
        chosen.removeAll(keepingCapacity: true)
        defer { chosenSlots = chosen }
        guard changedMembers > 0 else { return chosen }
        if memberSelectors.count != members.slotCount { alignMemberSelectors() }
        chosen.reserveCapacity(changedMembers)
        // Chosen before any member is told: an `onChange` may end members (the pass then
        // skips them), but none can join.
        let selectors = memberSelectors.base
        let slotCount = members.slotCount
        var slot = 0
        while slot < slotCount {
            let selector = selectors[slot]
            if selector >= 0 && changed[selector] { chosen.append(slot) }
            slot += 1
        }
        return chosen
    }

    /// `observer`, known to be one of this group's members.
    @inlinable @inline(__always)
    static func member(_ observer: Observer<State>) -> KeyPathMember<State, Value> {
        // Invariant: a group's member table holds only its members (`subscribe` is the
        // only insert); checked when REFLOW_INTERNAL_CHECKS is set.
        // Written out rather than through `uncheckedCast(_:to:)`: a debug build calls that
        // function per member even where it is transparent (S2 by key path, debug section,
        // 1.35×).
        #if REFLOW_INTERNAL_CHECKS
        precondition(observer is KeyPathMember<State, Value>, "KeyPathGroup: a foreign member")
        #endif
        #if DEBUG
        // Through `Unmanaged` in a debug build, where `unsafeDowncast` looks up the
        // member type's metadata and casts dynamically for every member (two fifths
        // of a member's visit: benchmark S3, array and index, debug section); optimized,
        // `unsafeDowncast` is free and this form costs a retain per member.
        return Unmanaged<KeyPathMember<State, Value>>
            .fromOpaque(Unmanaged.passUnretained(observer).toOpaque()).takeUnretainedValue()
        #else
        return unsafeDowncast(observer, to: KeyPathMember<State, Value>.self)
        #endif
    }

    /// Delivers the last value of `member`'s selector, `lastValues[selector]`, to it if
    /// it differs from what the member delivered last.
    // Apart from the member loop so that, in a debug build, the loop's step (run for every
    // member, mostly to find its selector unchanged) allocates no `Value` temporary, whose
    // size is looked up on entry (S3 and S7 at an index, debug section). The base and
    // the index come apart: `lastValues + selector` would look it up in the step too (S2
    // by key path, where every member delivers).
    @inlinable @inline(__always)
    static func deliver<Watch: PassWatching>(_ lastValues: UnsafeMutablePointer<Value>, at selector: Int,
                                             to member: KeyPathMember<State, Value>, in group: KeyPathGroup,
                                             _ watch: Watch) {
        // Invariant: a member's selector stays live while the member is (a selector is
        // freed with its last member), so its last value is not vacated.
        let current = lastValues[selector]
        if !member.isInSync {
            member.isInSync = true
            if current == member.lastValue { return }
        }
        member.lastValue = current
        if let watcher = watch.watcher {
            group.deliverWatched(current, to: member, watchedBy: watcher)
        } else {
            member.onChange(current)
        }
    }

    /// Reports `member`'s change to `watcher` and delivers it; a member that reports
    /// itself is handed the watcher instead.
    @usableFromInline
    func deliverWatched(_ value: Value, to member: KeyPathMember<State, Value>, watchedBy watcher: any NotificationWatcher) {
        if let watchedChange = selfReporting[ObjectIdentifier(member)] {
            watchedChange(value, watcher)
        } else {
            report(member, fired: true, to: watcher)
            member.onChange(value)
        }
    }

    /// Tells `watcher` that `member` fired, or that it was evaluated: its key path was
    /// projected in this pass, not skipped as unwritten. A member that reports itself is
    /// not reported here.
    @usableFromInline
    func report(_ member: KeyPathMember<State, Value>, fired: Bool, to watcher: any NotificationWatcher) {
        guard selfReporting.isEmpty || selfReporting[ObjectIdentifier(member)] == nil else { return }
        let keyPath = keyPaths[member.selector]
        let label = ObserverLabel.subscription(keyPath.map { String(describing: $0) } ?? "key path")
        if fired {
            watcher.fired(member, label)
        } else {
            if let bytes = selectorBytes[member.selector], !writes.footprint.mayTouch(bytes) { return }
            watcher.evaluated(member, label)
        }
    }

    /// Adds a member for `keyPath` whose current value is `initial`, then delivers that
    /// value to it.
    ///
    /// - Parameter elementRead: How to read `keyPath`'s value at an offset, when it is an
    ///   element of an inline stored array given apart from its index.
    /// - Parameter watchedChange: For a member that reports itself to a
    ///   ``NotificationWatcher`` (a connection's declared slice reports the connection):
    ///   how it takes a change in a watched notification, instead of `onChange`.
    func subscribe(_ keyPath: KeyPath<State, Value>, elementRead: ArrayElementRead? = nil, initial: Value,
                   watchedChange: WatchedChange? = nil, onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        precondition(!members.isNotifying, "KeyPathGroup: joined during its own pass")
        let selector: Int
        let isInSync: Bool
        if let existing = selectorByKeyPath[keyPath] {
            selector = existing
            isInSync = lastValues[existing] == initial
            // The same element subscribed first by its composed key path: read it faster now.
            if let elementRead, elementReads[existing] == nil {
                elementReads[existing] = elementRead
                selectorBytes[existing] = elementRead.arrayBytes(of: Value.self)
            }
        } else {
            selector = newSelector(for: keyPath, elementRead: elementRead, value: initial)
            isInSync = true
        }
        memberCounts[selector] += 1
        if !isInSync { hasUnsyncedMembers = true }
        let member = KeyPathMember(group: self, selector: selector, initial: initial, isInSync: isInSync,
                                   onChange: onChange)
        members.insert(member)
        if let watchedChange { selfReporting[ObjectIdentifier(member)] = watchedChange }
        if member.slot == memberSelectors.count {
            memberSelectors.append(selector)
        } else {
            alignMemberSelectors()  // the insert squeezed out a hole
        }
        checkInvariants()
        let subscription = SubscriptionHandle(target: member)
        onChange(initial)
        return subscription
    }

    private func newSelector(for keyPath: KeyPath<State, Value>, elementRead: ArrayElementRead?, value: Value) -> Int {
        // An array element depends on the array's bytes: a reducer scoped elsewhere
        // cannot change it.
        let bytes = Footprint.bytes(of: keyPath) ?? elementRead?.arrayBytes(of: Value.self)
        let index: Int
        if let free = freeSelectors.popLast() {
            index = free
            keyPaths[index] = keyPath
            lastValues.refill(index, with: value)
            selectorBytes[index] = bytes
            elementReads[index] = elementRead
            changed[index] = false
            memberCounts[index] = 0
        } else {
            index = keyPaths.count
            keyPaths.append(keyPath)
            lastValues.append(value)
            selectorBytes.append(bytes)
            elementReads.append(elementRead)
            changed.append(false)
            memberCounts.append(0)
        }
        selectorByKeyPath[keyPath] = index
        return index
    }

    /// Whether `keyPath`'s selector can be skipped by footprint: it is a stored path or an
    /// element of a stored array.
    func tracksFootprint(of keyPath: KeyPath<State, Value>) -> Bool {
        guard let selector = selectorByKeyPath[keyPath] else { return false }
        return selectorBytes[selector] != nil
    }

    /// Rebuilds `memberSelectors` from the members, after `members` compacted (the slot
    /// counts then differ: a compaction squeezes out at least 17 holes).
    ///
    /// - Complexity: O(*n*) in member slots, as the compaction was.
    private func alignMemberSelectors() {
        memberSelectors.removeLast(from: 0)
        for _ in 0..<members.slotCount { memberSelectors.append(-1) }
        for case let member as KeyPathMember<State, Value> in members.live { memberSelectors[member.slot] = member.selector }
    }

    /// A member left: its selector is freed with its last member, an empty group leaves
    /// the store.
    func memberDidEnd(_ member: KeyPathMember<State, Value>) {
        let selector = member.selector
        if !selfReporting.isEmpty { selfReporting[ObjectIdentifier(member)] = nil }
        // Still in its slot unless leaving compacted the members (never during a pass).
        if memberSelectors.count == members.slotCount {
            memberSelectors[member.slot] = -1
        } else {
            alignMemberSelectors()
        }
        memberCounts[selector] -= 1
        if memberCounts[selector] == 0, let keyPath = keyPaths[selector] {
            selectorByKeyPath[keyPath] = nil
            keyPaths[selector] = nil
            lastValues.vacate(selector)
            elementReads[selector] = nil
            selectorBytes[selector] = nil
            freeSelectors.append(selector)
        }
        checkInvariants()
        if members.isEmpty { endSubscription() }
    }

    /// Checks that member counts match the members and that live selectors are indexed.
    /// Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        guard keyPaths.count <= 2_048 else { return }
        precondition(lastValues.count == keyPaths.count && changed.count == keyPaths.count
                     && selectorBytes.count == keyPaths.count && elementReads.count == keyPaths.count
                     && memberCounts.count == keyPaths.count,
                     "KeyPathGroup: selector arrays out of step")
        precondition(memberSelectors.count == members.slotCount, "KeyPathGroup: member selectors not aligned")
        var counted = Array(repeating: 0, count: keyPaths.count)
        for case let member as KeyPathMember<State, Value> in members.live {
            counted[member.selector] += 1
            precondition(memberSelectors[member.slot] == member.selector, "KeyPathGroup: member slot \(member.slot)'s selector out of sync")
        }
        precondition((0..<memberSelectors.count).filter { memberSelectors[$0] >= 0 }.count == members.liveCount,
                     "KeyPathGroup: an ended member's slot keeps its selector")
        for index in keyPaths.indices {
            precondition(counted[index] == memberCounts[index], "KeyPathGroup: member count of selector \(index) out of sync")
            if let keyPath = keyPaths[index] {
                precondition(!lastValues.isVacated(index) && selectorByKeyPath[keyPath] == index,
                             "KeyPathGroup: live selector \(index) not indexed")
                // The pass reads a selector without an element read at these bytes.
                precondition(elementReads[index] != nil || selectorBytes[index] == Footprint.bytes(of: keyPath),
                             "KeyPathGroup: selector \(index)'s bytes are not its key path's")
            } else {
                precondition(memberCounts[index] == 0 && freeSelectors.contains(index) && selectorBytes[index] == nil
                             && lastValues.isVacated(index),
                             "KeyPathGroup: freed selector \(index) still used")
            }
        }
        precondition(selectorByKeyPath.count + freeSelectors.count == keyPaths.count, "KeyPathGroup: index out of sync")
        #endif
    }
}

/// One key-path store subscription in a ``KeyPathGroup``.
@MainActor @usableFromInline
final class KeyPathMember<State, Value: Equatable>: Observer<State> {
    @usableFromInline let selector: Int
    // Unchecked exclusivity for the two below: touched only by the group's pass and when
    // the member was created, on the main actor, never across a call (the pass writes
    // them before calling `onChange`). The pass reads `isInSync` for every member
    // (checked together with eight other properties on 2026-11-24: S2 by key path 1.6×,
    // S3 array and index 2.5×). Two fields, not one pair: in a debug build, a pair with a
    // generic element is found through its metadata, looked up per member (S2 by key
    // path, debug section), while a `Bool` declared before any `Value` is at a fixed offset.
    /// Whether `lastValue` is also its selector's last value in the group (a member that
    /// joined with another value is not, until its first pass compares the two).
    @exclusivity(unchecked) @usableFromInline var isInSync: Bool
    /// The value this member last delivered.
    @exclusivity(unchecked) @usableFromInline var lastValue: Value
    @usableFromInline let onChange: (Value) -> Void
    weak var group: KeyPathGroup<State, Value>?

    init(group: KeyPathGroup<State, Value>, selector: Int, initial: Value, isInSync: Bool,
         onChange: @escaping (Value) -> Void) {
        self.group = group
        self.selector = selector
        self.isInSync = isInSync
        self.lastValue = initial
        self.onChange = onChange
    }

    override func didEnd() {
        group?.memberDidEnd(self)
    }
}
