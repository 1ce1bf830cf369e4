/// Consecutive key-path subscriptions of one value type, where members that share a key
/// path share its work: each distinct key path is projected and compared once per
/// notification, however many members it has (benchmark S2, key-path row).
///
/// Like ``SelectionGroup`` it holds only consecutive subscriptions and is joined only
/// outside a pass, so notification stays in subscription order; its pass
/// (``pass(_:_:)``) is inlined into the subscriber's module.
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
    /// ``pass(_:_:)``, referenced from the subscriber's module so that it is specialized
    /// there for the concrete `State` and `Value`.
    let specializedPass: Pass

    // Unchecked: read and written only on the main actor, by the pass and by joining
    // members; no access spans a subscriber's call (`refresh` finishes before the member
    // loop starts, and the loop only reads).
    @exclusivity(unchecked) @usableFromInline var selectors = Selectors()
    /// One entry per distinct key path, indexed by selector number, as parallel arrays.
    @usableFromInline
    struct Selectors {
        @usableFromInline var keyPaths: ContiguousArray<KeyPath<State, Value>?> = []
        @usableFromInline var lastValues: ContiguousArray<Value?> = []
        @usableFromInline var changed: ContiguousArray<Bool> = []
        /// Where each selector's value lies in the state, for a stored path (see ``Footprint``).
        @usableFromInline var bytes: ContiguousArray<Range<Int>?> = []
    }

    private var memberCounts: [Int] = []
    private var selectorByKeyPath: [KeyPath<State, Value>: Int] = [:]
    private var freeSelectors: [Int] = []

    @usableFromInline
    init(writes: StateWrites, pass: @escaping Pass) {
        self.writes = writes
        self.specializedPass = pass
    }

    override func notify(_ state: State) {
        specializedPass(self, state)
    }

    override var subscriptionCount: Int { members.liveCount }

    /// The group's pass: bring every selector up to `state`, then tell the members whose
    /// selector changed.
    @inlinable
    static func pass(_ group: KeyPathGroup, _ state: State) {
        group.refresh(from: state)
        group.members.forEachActive(upTo: group.members.observers.count) { observer in
            // Invariant: a group's member table holds only its members (`subscribe` is the
            // only insert); checked in debug builds.
            assert(observer is KeyPathMember<State, Value>, "KeyPathGroup: a foreign member")
            let member = unsafeDowncast(observer, to: KeyPathMember<State, Value>.self)
            let selector = member.selector
            // Invariant: a member's selector stays live while the member is (a selector is
            // freed with its last member), so its last value is set.
            let current = group.selectors.lastValues[selector].unsafelyUnwrapped
            if member.delivered.isInSync {
                if !group.selectors.changed[selector] { return }
            } else {
                member.delivered.isInSync = true
                if current == member.delivered.lastValue { return }
            }
            member.delivered.lastValue = current
            member.onChange(current)
        }
    }

    /// Brings every live selector's `lastValues` and `changed` up to `state`: each
    /// distinct key path is projected and compared once, or skipped when no reduction
    /// since the last pass could write its bytes.
    // The member loop that follows reads only these arrays: a `State` captured in it would
    // be copied into every member's call (the whole state, for a large one).
    @inlinable
    func refresh(from state: State) {
        let touched = writes.footprint
        for index in selectors.keyPaths.indices {
            guard let keyPath = selectors.keyPaths[index] else { continue }
            if let bytes = selectors.bytes[index], !touched.mayTouch(bytes) {
                selectors.changed[index] = false
                continue
            }
            let value = state[keyPath: keyPath]
            // Invariant: a live selector (non-nil key path) has a last value.
            selectors.changed[index] = value != selectors.lastValues[index].unsafelyUnwrapped
            selectors.lastValues[index] = value
        }
    }

    /// Adds a member for `keyPath` whose current value is `initial`, then delivers that
    /// value to it.
    @usableFromInline
    func subscribe(_ keyPath: KeyPath<State, Value>, initial: Value,
                   onChange: @escaping (Value) -> Void) -> Subscription {
        let selector: Int
        let isInSync: Bool
        if let existing = selectorByKeyPath[keyPath] {
            selector = existing
            isInSync = selectors.lastValues[existing] == initial
        } else {
            selector = newSelector(for: keyPath, value: initial)
            isInSync = true
        }
        memberCounts[selector] += 1
        let member = KeyPathMember(group: self, selector: selector, initial: initial, isInSync: isInSync, onChange: onChange)
        members.insert(member)
        checkInvariants()
        let subscription = Subscription(target: member)
        onChange(initial)
        return subscription
    }

    private func newSelector(for keyPath: KeyPath<State, Value>, value: Value) -> Int {
        let index: Int
        if let free = freeSelectors.popLast() {
            index = free
            selectors.keyPaths[index] = keyPath
            selectors.lastValues[index] = value
            selectors.bytes[index] = Footprint.bytes(of: keyPath)
            selectors.changed[index] = false
            memberCounts[index] = 0
        } else {
            index = selectors.keyPaths.count
            selectors.keyPaths.append(keyPath)
            selectors.lastValues.append(value)
            selectors.bytes.append(Footprint.bytes(of: keyPath))
            selectors.changed.append(false)
            memberCounts.append(0)
        }
        selectorByKeyPath[keyPath] = index
        return index
    }

    /// A member left: its selector is freed with its last member, an empty group leaves
    /// the store.
    func memberDidEnd(_ selector: Int) {
        memberCounts[selector] -= 1
        if memberCounts[selector] == 0, let keyPath = selectors.keyPaths[selector] {
            selectorByKeyPath[keyPath] = nil
            selectors.keyPaths[selector] = nil
            selectors.lastValues[selector] = nil
            freeSelectors.append(selector)
        }
        checkInvariants()
        if members.isEmpty { endSubscription() }
    }

    /// Checks that member counts match the members and that live selectors are indexed.
    /// Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        guard selectors.keyPaths.count <= 2_048 else { return }
        precondition(selectors.lastValues.count == selectors.keyPaths.count && selectors.changed.count == selectors.keyPaths.count
                     && selectors.bytes.count == selectors.keyPaths.count && memberCounts.count == selectors.keyPaths.count,
                     "KeyPathGroup: selector arrays out of step")
        var counted = Array(repeating: 0, count: selectors.keyPaths.count)
        for case let member as KeyPathMember<State, Value> in members.live { counted[member.selector] += 1 }
        for index in selectors.keyPaths.indices {
            precondition(counted[index] == memberCounts[index], "KeyPathGroup: member count of selector \(index) out of sync")
            if let keyPath = selectors.keyPaths[index] {
                precondition(selectors.lastValues[index] != nil && selectorByKeyPath[keyPath] == index,
                             "KeyPathGroup: live selector \(index) not indexed")
            } else {
                precondition(memberCounts[index] == 0 && freeSelectors.contains(index),
                             "KeyPathGroup: freed selector \(index) still used")
            }
        }
        precondition(selectorByKeyPath.count + freeSelectors.count == selectors.keyPaths.count, "KeyPathGroup: index out of sync")
        #endif
    }
}

/// One key-path store subscription in a ``KeyPathGroup``.
@MainActor @usableFromInline
final class KeyPathMember<State, Value: Equatable>: Observer<State> {
    @usableFromInline let selector: Int
    // Unchecked: touched only by its group's pass and when it was created, on the main
    // actor, never across a call.
    @exclusivity(unchecked) @usableFromInline var delivered: Delivered

    /// The last value this member delivered, and whether it equals its selector's.
    @usableFromInline
    struct Delivered {
        @usableFromInline var isInSync: Bool
        @usableFromInline var lastValue: Value
    }
    @usableFromInline let onChange: (Value) -> Void
    weak var group: KeyPathGroup<State, Value>?

    init(group: KeyPathGroup<State, Value>, selector: Int, initial: Value, isInSync: Bool,
         onChange: @escaping (Value) -> Void) {
        self.group = group
        self.selector = selector
        self.delivered = Delivered(isInSync: isInSync, lastValue: initial)
        self.onChange = onChange
    }

    override func didEnd() {
        group?.memberDidEnd(selector)
    }
}
