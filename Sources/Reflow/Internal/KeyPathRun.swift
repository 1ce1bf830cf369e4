/// Consecutive key-path subscriptions of one value type, where subscriptions that share a
/// key path share its work: each distinct key path is projected and compared once per
/// notification, however many subscribers it has (benchmark S2, key-path row).
///
/// Like ``SelectionRun`` it holds only consecutive subscriptions, so notification stays in
/// subscription order, and its pass is built in the subscriber's module.
///
/// ## Why a member can skip its own comparison
/// For each distinct key path the run keeps the value it projected last (`lastValues`)
/// and whether the latest projection changed it. A member is *in sync* when the value it
/// delivered last equals its key path's `lastValues` entry; then "changed" decides for it.
/// A member that joined while its key path's entry was stale (the state changed without a
/// notification yet, as inside a batch) is not in sync and compares once, by itself.
@MainActor @usableFromInline
final class KeyPathRun<State, Value: Equatable>: StateObserver<State> {
    @usableFromInline typealias Pass = (KeyPathRun, State) -> Void

    @usableFromInline let members = ObserverTable<State>()
    let pass: Pass

    // Indexed by selector number. Read and written only on the main actor by the pass and
    // by joining members; no access spans a subscriber's call.
    @exclusivity(unchecked) @usableFromInline var keyPaths: ContiguousArray<KeyPath<State, Value>?> = []
    @exclusivity(unchecked) @usableFromInline var lastValues: ContiguousArray<Value?> = []
    @exclusivity(unchecked) @usableFromInline var changed: ContiguousArray<Bool> = []
    /// Where each selector's value lies in the state, for a stored path (see ``Footprint``).
    @exclusivity(unchecked) @usableFromInline var selectorBytes: ContiguousArray<Range<Int>?> = []
    /// What the reductions before this pass can have written.
    @exclusivity(unchecked) @usableFromInline var touched: Footprint = .whole
    private var memberCounts: [Int] = []
    private var selectorByKeyPath: [KeyPath<State, Value>: Int] = [:]
    private var freeSelectors: [Int] = []

    @usableFromInline
    init(pass: @escaping Pass) {
        self.pass = pass
    }

    override func notify(_ state: State) {
        touched = table?.touched ?? .whole
        pass(self, state)
    }

    override var subscriptionCount: Int { members.liveCount }

    /// Brings every live selector's `lastValues` and `changed` up to `state`: each
    /// distinct key path is projected and compared once, or skipped when no reduction
    /// since the last pass could write its bytes.
    // The member loop that follows reads only these arrays: a `State` captured in it would
    // be copied into every member's call (the whole state, for a large one).
    @inlinable
    func refresh(from state: State) {
        for index in keyPaths.indices {
            guard let keyPath = keyPaths[index] else { continue }
            if let bytes = selectorBytes[index], !touched.mayTouch(bytes) {
                changed[index] = false
                continue
            }
            let value = state[keyPath: keyPath]
            changed[index] = value != lastValues[index].unsafelyUnwrapped
            lastValues[index] = value
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
            isInSync = lastValues[existing].unsafelyUnwrapped == initial
        } else {
            selector = newSelector(for: keyPath, value: initial)
            isInSync = true
        }
        memberCounts[selector] += 1
        let member = KeyPathMember(run: self, selector: selector, initial: initial, isInSync: isInSync, onChange: onChange)
        members.insert(member)
        let subscription = Subscription(target: member)
        onChange(initial)
        return subscription
    }

    private func newSelector(for keyPath: KeyPath<State, Value>, value: Value) -> Int {
        let index: Int
        if let free = freeSelectors.popLast() {
            index = free
            keyPaths[index] = keyPath
            lastValues[index] = value
            selectorBytes[index] = Footprint.bytes(of: keyPath)
            changed[index] = false
            memberCounts[index] = 0
        } else {
            index = keyPaths.count
            keyPaths.append(keyPath)
            lastValues.append(value)
            selectorBytes.append(Footprint.bytes(of: keyPath))
            changed.append(false)
            memberCounts.append(0)
        }
        selectorByKeyPath[keyPath] = index
        return index
    }

    /// A member left: its selector is freed with its last member, an empty run leaves the
    /// store.
    func memberDidEnd(_ selector: Int) {
        memberCounts[selector] -= 1
        if memberCounts[selector] == 0, let keyPath = keyPaths[selector] {
            selectorByKeyPath[keyPath] = nil
            keyPaths[selector] = nil
            lastValues[selector] = nil
            freeSelectors.append(selector)
        }
        if members.isEmpty { endSubscription() }
    }
}

/// One key-path store subscription in a ``KeyPathRun``.
@MainActor @usableFromInline
final class KeyPathMember<State, Value: Equatable>: StateObserver<State> {
    @usableFromInline let selector: Int
    // Touched only by its run's pass and when it was created, on the main actor.
    @exclusivity(unchecked) @usableFromInline var isInSync: Bool
    @exclusivity(unchecked) @usableFromInline var lastValue: Value
    @usableFromInline let onChange: (Value) -> Void
    weak var run: KeyPathRun<State, Value>?

    init(run: KeyPathRun<State, Value>, selector: Int, initial: Value, isInSync: Bool,
         onChange: @escaping (Value) -> Void) {
        self.run = run
        self.selector = selector
        self.isInSync = isInSync
        self.lastValue = initial
        self.onChange = onChange
    }

    override func didEnd() {
        run?.memberDidEnd(selector)
    }
}

extension ObserverTable {
    /// A key-path run's notification pass: `forEachActive`, with each observer seen as the
    /// member type the run holds, without a checked cast per member.
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
        if passDepth == 0 && !retired.isEmpty { endPass() }
    }
}
