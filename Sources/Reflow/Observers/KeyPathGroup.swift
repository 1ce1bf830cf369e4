/// Consecutive key-path subscriptions of one value type, where members that share a key
/// path share its work: each distinct key path is projected and compared once per
/// notification, however many members it has (benchmark S2, key-path row).
///
/// Like ``SelectionGroup`` it holds only consecutive subscriptions and is joined only
/// outside a pass, so notification stays in subscription order; its pass
/// (``sharingProjections(_:_:)``) is inlined into the subscriber's module.
///
/// ## Why a member can skip its own comparison
/// For each distinct key path the group keeps the value it projected last (`lastValues`)
/// and whether the latest projection changed it. A member is *in sync* when the value it
/// delivered last equals its key path's `lastValues` entry; then "changed" decides for it.
/// A member that joined while its key path's entry was stale (the state changed without a
/// notification yet, as inside a batch) is not in sync and compares once, by itself.
@MainActor @usableFromInline
final class KeyPathGroup<State, Value: Equatable>: Observer<State> {
    @usableFromInline typealias Pass = (KeyPathGroup, State) -> Void

    @usableFromInline let members = ObserverTable<State>()
    /// What the reductions since the last notification can have written.
    @usableFromInline let writes: StateWrites
    /// ``sharingProjections(_:_:)``, referenced from the subscriber's module so that it is
    /// specialized there for the concrete `State` and `Value`.
    let pass: Pass

    // Indexed by selector number. Exclusivity stays checked here and on `selectorBytes`:
    // unchecking them measured no gain (S3 array and index, S8: 2026-11-24).
    @usableFromInline var keyPaths: ContiguousArray<KeyPath<State, Value>?> = []
    // Written through their base pointers by the pass: see ``ValueSlots``. They grow only
    // when a selector is added, which happens only outside a pass.
    @usableFromInline let lastValues = ValueSlots<Value?>()
    @usableFromInline let changed = ValueSlots<Bool>()
    /// Where each selector's value lies in the state, for a stored path (see ``Footprint``).
    @usableFromInline var selectorBytes: ContiguousArray<Range<Int>?> = []
    /// Each selector's element read, when it was subscribed as an array and an index
    /// (`subscribe(_:at:)`, `slice:at:`) of an inline stored array: read with a load and a
    /// subscript rather than projected (S7 with `slice:at:`).
    // Exclusivity stays checked here: unchecking it measured no gain on S7 with `slice:`.
    @usableFromInline var elementReads: ContiguousArray<ArrayElementRead?> = []
    private var memberCounts: [Int] = []
    private var selectorByKeyPath: [KeyPath<State, Value>: Int] = [:]
    private var freeSelectors: [Int] = []

    init(writes: StateWrites, pass: @escaping Pass) {
        self.writes = writes
        self.pass = pass
    }

    override func notify(_ state: State) {
        pass(self, state)
    }

    override var subscriptionCount: Int { members.liveCount }

    /// The group's pass: bring every selector up to `state`, then tell the members whose
    /// selector changed.
    @inlinable
    static func sharingProjections(_ group: KeyPathGroup, _ state: State) {
        if let watcher = NotificationWatch.current {
            sharingProjections(group, state, Watched(watcher))
        } else {
            sharingProjections(group, state, Unwatched())
        }
    }

    /// The pass, reporting each member to `watch`'s watcher, if any.
    @inlinable @inline(__always)
    static func sharingProjections<Watch: PassWatching>(_ group: KeyPathGroup, _ state: State, _ watch: Watch) {
        group.refresh(from: state)
        // Read through the slots' base pointers, not through the group per member (a
        // class's array property is retained and released on each read: S7 with `slice:`).
        // Invariant: members may leave during the pass (their selector's entries may be
        // cleared), but none can join, so no selector is added or reused and the slots
        // neither move nor change meaning for any live member.
        let lastValues = group.lastValues.base
        let changed = group.changed.base
        group.members.forEachActive(upTo: group.members.slotCount) { observer in
            // Invariant: a group's member table holds only its members (`subscribe` is the
            // only insert); checked when REFLOW_INTERNAL_CHECKS is set.
            #if REFLOW_INTERNAL_CHECKS
            precondition(observer is KeyPathMember<State, Value>, "KeyPathGroup: a foreign member")
            #endif
            #if DEBUG
            // Through `Unmanaged` in a debug build, where `unsafeDowncast` looks up the
            // member type's metadata and casts dynamically for every member (two fifths
            // of this step: benchmark S3, array and index, debug section); optimized,
            // `unsafeDowncast` is free and this form costs a retain per member.
            let member = Unmanaged<KeyPathMember<State, Value>>
                .fromOpaque(Unmanaged.passUnretained(observer).toOpaque()).takeUnretainedValue()
            #else
            let member = unsafeDowncast(observer, to: KeyPathMember<State, Value>.self)
            #endif
            let selector = member.selector
            if let watcher = watch.watcher { group.report(member, fired: false, to: watcher) }
            // Most members' selectors did not change: decide on `changed` before reading
            // the value (S7 with `slice:`, 990 of 1,000).
            if member.isInSync && !changed[selector] { return }
            deliver(lastValues, at: selector, to: member, in: group, watch)
        }
        #if REFLOW_INTERNAL_CHECKS
        precondition(group.lastValues.base == lastValues && group.changed.base == changed,
               "KeyPathGroup: selector slots moved during a pass")
        #endif
    }

    /// Delivers the last value of `member`'s selector, `lastValues[selector]`, to it if
    /// it differs from what the member delivered last.
    // Apart from the member loop so that, in a debug build, the loop's step (run for every
    // member, mostly to find its selector unchanged) allocates no `Value?` temporary, whose
    // metadata is looked up on entry (S3 and S7 at an index, debug section). The base and
    // the index come apart: `lastValues + selector` would look it up in the step too (S2
    // by key path, where every member delivers).
    @inlinable @inline(__always)
    static func deliver<Watch: PassWatching>(_ lastValues: UnsafeMutablePointer<Value?>, at selector: Int,
                                             to member: KeyPathMember<State, Value>, in group: KeyPathGroup,
                                             _ watch: Watch) {
        // Invariant: a member's selector stays live while the member is (a selector is
        // freed with its last member), so its last value is set.
        let current = lastValues[selector].unsafelyUnwrapped
        if !member.isInSync {
            member.isInSync = true
            if current == member.lastValue { return }
        }
        member.lastValue = current
        if let watcher = watch.watcher { group.report(member, fired: true, to: watcher) }
        member.onChange(current)
    }

    /// Brings every live selector's `lastValues` and `changed` up to `state`: each
    /// distinct key path is projected and compared once, or skipped when no reduction
    /// since the last pass could write its bytes.
    // The member loop that follows reads only these arrays: a `State` captured in it would
    // be copied into every member's call (the whole state, for a large one).
    @inlinable
    func refresh(from state: State) {
        let touched = writes.footprint
        // Invariant: one slot per selector, and no selector is added during a pass (see
        // `sharingProjections`), so the bases stay valid for the loop.
        let lastValues = self.lastValues.base
        let changed = self.changed.base
        // Snapshots, walked through buffer pointers by a `while` loop: a debug build
        // then reads each entry with a load, where an array's subscript and a `for` over
        // its indices are unspecialized calls, and a property of the group is an
        // exclusivity check per read (S3 and S7 at an index, debug section).
        let keyPaths = self.keyPaths
        let elementReads = self.elementReads
        let selectorBytes = self.selectorBytes
        withUnsafeBytes(of: state) { root in
            let root = root.baseAddress!
            selectorBytes.withUnsafeBufferPointer { selectorBytes in
                elementReads.withUnsafeBufferPointer { elementReads in
                    let count = selectorBytes.count
                    var index = 0
                    while index < count {
                        let bytes = selectorBytes[index]
                        let elementRead = elementReads[index]
                        if let bytes, !touched.mayTouch(bytes) {
                            changed[index] = false
                            index += 1
                            continue
                        }
                        let value: Value
                        // The element path first: it is cleared with its selector, and
                        // reading it does not retain the key path (S7 with `slice:`).
                        if let elementRead {
                            value = elementRead.read(at: root, as: Value.self)
                        } else if let bytes {
                            // A stored path, read at its offset rather than projected: the
                            // runtime's projection looks up generic metadata on every call
                            // (S8). Without an element read, a selector's bytes are
                            // `Footprint.bytes(of:)` of its own key path (cleared with the
                            // selector; checked by `checkInvariants`, and against the
                            // projection by `KeyPathSubscriptionTests`).
                            value = KeyPathAccess.value(at: root, offset: bytes.lowerBound, as: Value.self)
                        } else if let keyPath = keyPaths[index] {
                            value = state[keyPath: keyPath]
                        } else {
                            // A freed selector: no element path, no bytes, no key path.
                            index += 1
                            continue
                        }
                        // Invariant: a live selector has a last value.
                        changed[index] = value != lastValues[index].unsafelyUnwrapped
                        lastValues[index] = value
                        index += 1
                    }
                }
            }
        }
    }

    /// Tells `watcher` that `member` fired, or that it was evaluated: its key path was
    /// projected in this pass, not skipped as unwritten. A connection's slice is reported
    /// by its connection.
    @usableFromInline
    func report(_ member: KeyPathMember<State, Value>, fired: Bool, to watcher: any NotificationWatcher) {
        guard !member.isConnectionSlice else { return }
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
    /// - Parameter isConnectionSlice: Whether the member is a connection's declared slice,
    ///   which its connection reports to a ``NotificationWatcher``.
    func subscribe(_ keyPath: KeyPath<State, Value>, elementRead: ArrayElementRead? = nil, initial: Value,
                   isConnectionSlice: Bool = false, onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
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
        let member = KeyPathMember(group: self, selector: selector, initial: initial, isInSync: isInSync,
                                   isConnectionSlice: isConnectionSlice, onChange: onChange)
        members.insert(member)
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
            lastValues[index] = value
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

    /// A member left: its selector is freed with its last member, an empty group leaves
    /// the store.
    func memberDidEnd(_ selector: Int) {
        memberCounts[selector] -= 1
        if memberCounts[selector] == 0, let keyPath = keyPaths[selector] {
            selectorByKeyPath[keyPath] = nil
            keyPaths[selector] = nil
            lastValues[selector] = nil
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
        var counted = Array(repeating: 0, count: keyPaths.count)
        for case let member as KeyPathMember<State, Value> in members.live { counted[member.selector] += 1 }
        for index in keyPaths.indices {
            precondition(counted[index] == memberCounts[index], "KeyPathGroup: member count of selector \(index) out of sync")
            if let keyPath = keyPaths[index] {
                precondition(lastValues[index] != nil && selectorByKeyPath[keyPath] == index,
                             "KeyPathGroup: live selector \(index) not indexed")
                // The pass reads a selector without an element read at these bytes.
                precondition(elementReads[index] != nil || selectorBytes[index] == Footprint.bytes(of: keyPath),
                             "KeyPathGroup: selector \(index)'s bytes are not its key path's")
            } else {
                precondition(memberCounts[index] == 0 && freeSelectors.contains(index) && selectorBytes[index] == nil,
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
    /// Whether this is a connection's declared slice, which its connection reports to a
    /// ``NotificationWatcher``.
    let isConnectionSlice: Bool
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
         isConnectionSlice: Bool, onChange: @escaping (Value) -> Void) {
        self.group = group
        self.selector = selector
        self.isConnectionSlice = isConnectionSlice
        self.isInSync = isInSync
        self.lastValue = initial
        self.onChange = onChange
    }

    override func didEnd() {
        group?.memberDidEnd(selector)
    }
}
