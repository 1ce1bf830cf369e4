import ReflowUnsafe

/// Consecutive key-path subscriptions of one value type, where members that share a key
/// path share its work: each distinct key path is projected and compared once per
/// notification, however many members it has (benchmark S2, key-path row).
///
/// Like ``SelectionGroup`` it holds only consecutive subscriptions and is joined only
/// outside a pass, so notification stays in subscription order; its pass
/// (``sharingProjections``, `KeyPathGroup+Pass.swift`) is inlined into the subscriber's
/// module, which is why the fields it reads are `@usableFromInline`, not private. It reads
/// the state's bytes through ``SelectorRefresh`` (in `Unsafe/`), the selectors' slots
/// through `PassSlots` and each member through `ExactClass` (both in the
/// ReflowUnsafe module).
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
    /// The members' class, for the pass's cast of each member (every member is one).
    @usableFromInline let memberClass = ExactClass<KeyPathMember<State, Value>>()
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
    let memberSelectors = ValueSlots<Int>()
    /// Whether a member may be out of sync (see above): set when one joins so, cleared
    /// when a pass visits every member, which brings each into sync.
    @usableFromInline var hasUnsyncedMembers = false
    /// The buffer ``slotsToVisit(changedMembers:_:)`` fills, kept so that a pass that
    /// visits a few members allocates nothing once it has grown: the pass's copy is
    /// released when the pass ends, so the next pass finds it uniquely referenced.
    var chosenSlots = ContiguousArray<Int>()
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
        // cannot change it. The refresh checks a run of element reads against their
        // array's bytes once, so an element read's bytes are exactly those.
        let bytes = elementRead?.arrayBytes(of: Value.self) ?? Footprint.bytes(of: keyPath)
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

    /// `member`'s subscriber now holds `value`, given outside a pass: unless the member
    /// delivered that value last, it compares with it by itself in the next pass.
    func member(_ member: KeyPathMember<State, Value>, delivered value: Value) {
        guard !(member.lastValue == value) else { return }
        member.lastValue = value
        member.isInSync = false
        hasUnsyncedMembers = true
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
    func alignMemberSelectors() {
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
        guard InvariantWalk.isDue(count: members.slotCount) else { return }
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
        // A set: a linear search per freed selector made a walk quadratic in freed
        // selectors (a list of 1,000 rows released held the main actor for seconds).
        let free = Set(freeSelectors)
        precondition(free.count == freeSelectors.count, "KeyPathGroup: a selector freed twice")
        for index in keyPaths.indices {
            precondition(counted[index] == memberCounts[index], "KeyPathGroup: member count of selector \(index) out of sync")
            if let keyPath = keyPaths[index] {
                precondition(!lastValues.isVacated(index) && selectorByKeyPath[keyPath] == index,
                             "KeyPathGroup: live selector \(index) not indexed")
                // The pass reads a selector without an element read at these bytes, and
                // checks a run of element reads against their array's bytes.
                precondition(selectorBytes[index] == (elementReads[index].map { $0.arrayBytes(of: Value.self) }
                                                      ?? Footprint.bytes(of: keyPath)),
                             "KeyPathGroup: selector \(index)'s bytes are neither its array's nor its key path's")
            } else {
                precondition(memberCounts[index] == 0 && free.contains(index) && selectorBytes[index] == nil
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
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var isInSync: Bool
    #else
    @safe @exclusivity(unchecked) @usableFromInline var isInSync: Bool
    #endif
    /// The value this member last delivered.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var lastValue: Value
    #else
    @safe @exclusivity(unchecked) @usableFromInline var lastValue: Value
    #endif
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
