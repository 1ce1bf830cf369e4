/// The observers of one source (a store, a connection's props, a signal subject, one
/// entity), in subscription order, with O(1) removal and one re-entrancy rule.
///
/// ## The re-entrancy rule
/// A value sent with ``send(_:)`` while a pass is running is queued and delivered after
/// that pass, in order, to the observers that were there when it was sent. So nobody is
/// called twice with one value, nobody is called with values out of order, and everybody
/// ends on the newest value. An observer added during a pass already got the current
/// value from its subscriber and is not visited by that pass.
///
/// ## Holes
/// Removal leaves a hole so indexes stay valid while a pass walks the slots; see
/// ``SlotTable``.
///
/// ## Ownership
/// The table owns each observer through its `Unmanaged` slot: retained once on insert and
/// released once on removal (or when the table goes away). A pass copies the array of
/// plain pointers and calls each observer borrowed, without a retain/release pair per
/// observer (about 10 ns each in benchmark S2). An observer removed during a pass is
/// parked in the table's ``PassBacklog`` until the outermost pass ends, so a pass never
/// calls freed memory.
///
/// ## Subclasses
/// A connection's props are a table of their bindings (``PropsCell``), and an entity's
/// subscribers are a table that tells its index when it empties: a subclass adds its
/// fields to the table's object rather than pointing to a second object (benchmark S5).
/// Everything the table does is `final`. Open for the same reason as ``Observer``: the
/// subclasses are features, in the Reflow module.
@MainActor
open class ObserverTable<Value> {
    /// The observers and their ledger: the slots' counts, the pass depth, and whether
    /// there is a `backlog` (`hasWorkAtPassEnd`), so a pass that leaves none reads nothing
    /// else.
    // Unchecked exclusivity: main-actor only, and no access spans a call to an observer
    // (a pass reads a snapshot of the storage; the ledger is read and written between
    // calls), so the run-time checks on every pass guard nothing (benchmark S7, all
    // readers: checked, 18.6 → 24.2 µs). Re-entrant sends and removals during a pass are
    // exercised by ObserverTableTests and the seeded model tests.
    @exclusivity(unchecked) @usableFromInline package private(set) final var slots = SlotTable<Observer<Value>>()
    /// What passes in progress leave for their end; made on first need and dropped when
    /// the outermost pass ends, so a table that is not in a re-entrant pass carries one
    /// pointer for it (benchmark S5). Checked exclusivity: read only when the ledger says
    /// it exists.
    @usableFromInline final var backlog: PassBacklog<Value>?

    @inlinable package final var isNotifying: Bool { slots.ledger.isInPass }
    @inlinable package final var isEmpty: Bool { slots.ledger.isEmpty }
    package final var liveCount: Int { slots.ledger.liveCount }
    /// Slots in use, holes included: a pass visits the first `slotCount`.
    @inlinable final var slotCount: Int { slots.count }

    // Public, not package: an open class's package initializer, called from a subclass in
    // another module, draws a false "infinite recursion" warning in optimized builds (Swift 6.3).
    public init() {}

    deinit {
        slots.releaseAll { $0.sourceDidEnd() }
    }

    /// Adds `observer` and returns the subscription that ends it.
    package final func subscribe(_ observer: Observer<Value>) -> SubscriptionHandle {
        insert(observer)
        return SubscriptionHandle(target: observer)
    }

    /// Adds `observer` at the end of the order, linked back to this table: it can end
    /// itself whenever it likes (``Observer/endSubscription()``).
    package final func insert(_ observer: Observer<Value>) {
        observer.table = self
        insertUnlinked(observer)
    }

    /// Adds `observer` at the end of the order without a link back to this table: it is
    /// ended through what holds the table (``Observer/end(in:)``), or, when it ends itself
    /// during a pass, taken out by that pass. A connection's bindings are added so: a
    /// weak reference to the table would allocate the table's side table, 48 bytes per
    /// connection (benchmark S5).
    package final func insertUnlinked(_ observer: Observer<Value>) {
        observer.slot = slots.appendOwning(observer)
        checkInvariants()
    }

    /// Takes `observer` out, if it is here; called from `Observer.endSubscription` and
    /// `Observer.end(in:)`, and by a pass for an unlinked observer that ended itself.
    @usableFromInline
    final func remove(_ observer: Observer<Value>) {
        // Invariant: an observer's `slot` is where the table holds it (kept by `insert` and
        // compaction; checked by `checkInvariants`), so the slot holding this very object
        // tells that it is here.
        // The table's own reference, released here or, during a pass, when it ends.
        guard let owned = slots.removeOwned(observer, at: observer.slot) else { return }
        observer.isActive = false
        if slots.ledger.isInPass { backlogForWriting.retired.append(owned) }
        compactIfWorthIt()
        checkInvariants()
        if slots.ledger.isEmpty { didBecomeEmpty() }
    }

    /// Called when the last live observer left; a subclass that must know overrides it.
    open func didBecomeEmpty() {}

    /// What a ``NotificationWatcher`` calls an observer of this table that has no name of
    /// its own (an entity's subscribers are named by the entity); `nil` by default.
    open var observerLabel: ObserverLabel? { nil }

    /// The backlog, made if there is none yet.
    @usableFromInline final var backlogForWriting: PassBacklog<Value> {
        if let backlog { return backlog }
        let made = PassBacklog<Value>()
        backlog = made
        slots.ledger.hasWorkAtPassEnd = true
        return made
    }

    /// Delivers `value` to every live observer, in subscription order; during a pass, it
    /// is queued and delivered after the pass (see the re-entrancy rule above).
    ///
    /// - Complexity: O(*n*) in live observers, plus their work.
    @inlinable
    package final func send(_ value: Value) {
        if slots.ledger.isInPass {
            backlogForWriting.queued.append((value, slotCount))
            return
        }
        if slots.ledger.isEmpty { return }
        // One delivery: this value's pass, then the values sent meanwhile. The depth
        // stays up throughout, so values sent meanwhile join the queue and slot numbers
        // stay valid (no compaction until the end).
        slots.ledger.passDepth += 1
        notify(value)
        if slots.ledger.hasWorkAtPassEnd { deliverQueued(watchedBy: nil) }
        slots.ledger.passDepth -= 1
        if slots.ledger.passDepth == 0 && slots.ledger.hasWorkAtPassEnd { endPass() }
    }

    /// ``send(_:)`` in a notification that `watcher` watches: each observer, and each
    /// value sent meanwhile, is told with it. During a pass, as ``send(_:)``: queued for
    /// the delivery in progress, which tells it as that delivery is told.
    ///
    /// - Complexity: O(*n*) in live observers, plus their work.
    package final func send(_ value: Value, watchedBy watcher: any NotificationWatcher) {
        if slots.ledger.isInPass {
            backlogForWriting.queued.append((value, slotCount))
            return
        }
        if slots.ledger.isEmpty { return }
        slots.ledger.passDepth += 1
        notify(value, watchedBy: watcher)
        if slots.ledger.hasWorkAtPassEnd { deliverQueued(watchedBy: watcher) }
        slots.ledger.passDepth -= 1
        if slots.ledger.passDepth == 0 && slots.ledger.hasWorkAtPassEnd { endPass() }
    }

    /// One pass with `value`, with no queueing: for a source that cannot send while it
    /// notifies (a store queues actions, not states).
    @inlinable
    package final func notify(_ value: Value) {
        forEachActive(upTo: slotCount) { notify($0, value) }
    }

    /// ``notify(_:)`` in a notification that `watcher` watches: each observer is told
    /// with it (``Observer/notify(_:watchedBy:)``).
    package final func notify(_ value: Value, watchedBy watcher: any NotificationWatcher) {
        forEachActive(upTo: slotCount) { notify($0, value, watchedBy: watcher) }
    }

    /// Tells `observer` of `value`; an unlinked observer that ended itself meanwhile (an
    /// object binding whose object is gone) is still in its slot and is taken out.
    // Here rather than in `forEachActive`: a group's pass over its own members (which
    // never end themselves) then reads no flag twice (debug builds: benchmark S3).
    @inlinable @inline(__always)
    final func notify(_ observer: Observer<Value>, _ value: Value) {
        observer.notify(value)
        if _slowPath(!observer.isActive) { remove(observer) }
    }

    /// ``notify(_:_:)`` in a watched notification.
    final func notify(_ observer: Observer<Value>, _ value: Value, watchedBy watcher: any NotificationWatcher) {
        observer.notify(value, watchedBy: watcher)
        if _slowPath(!observer.isActive) { remove(observer) }
    }

    /// Tells the queued values, if any, in order, each to the observers there when it was
    /// sent, watched by `watcher` when the delivery that queued them is.
    // Not inlinable: asking the backlog's array of tuples for its count looks up the
    // tuple's metadata in unspecialized code (benchmark R1h), so it is asked only here,
    // when a backlog exists.
    @usableFromInline
    final func deliverQueued(watchedBy watcher: (any NotificationWatcher)?) {
        guard let backlog, !backlog.queued.isEmpty else { return }
        var index = 0
        // Read by index: a value sent meanwhile is appended to this same backlog (it
        // stays while the depth is up) and delivered in this loop.
        while index < backlog.queued.count {
            let (value, end) = backlog.queued[index]
            if let watcher {
                forEachActive(upTo: end) { notify($0, value, watchedBy: watcher) }
            } else {
                forEachActive(upTo: end) { notify($0, value) }
            }
            index += 1
        }
        backlog.queued.removeAll()
    }

    /// One pass: calls `body` with every live observer in the first `end` slots, in order,
    /// borrowed.
    ///
    /// Observers added during the pass are not visited; one removed during the pass is
    /// skipped if the pass has not reached it yet.
    // Always inlined, and not generic: called with a closure, the pass would make one
    // more indirect call per observer (benchmarks S2, R2).
    @inlinable @inline(__always)
    final func forEachActive(upTo end: Int, _ body: (Observer<Value>) -> Void) {
        slots.ledger.passDepth += 1
        // A snapshot: the pass reads no class property per observer, and observers added
        // meanwhile (who already got the current value) are not in it. One removed
        // meanwhile stays alive in the backlog and is skipped through its `isActive` flag.
        slots.forEach(upTo: end) { observer in
            if observer.isActive { body(observer) }
        }
        slots.ledger.passDepth -= 1
        // Removals outside a pass compact at once, so only retired observers leave work.
        if slots.ledger.passDepth == 0 && slots.ledger.hasWorkAtPassEnd { endPass() }
    }

    /// One pass over chosen slots: calls `body` with the live observer in each of
    /// `chosen`'s slots (ascending, each below ``slotCount``), in that order, borrowed.
    ///
    /// The rules of ``forEachActive(upTo:_:)`` hold: one removed during the pass is skipped
    /// if the pass has not reached it yet.
    @inlinable @inline(__always)
    final func forEachActive(inSlots chosen: UnsafeBufferPointer<Int>, _ body: (Observer<Value>) -> Void) {
        slots.ledger.passDepth += 1
        slots.forEach(inSlots: chosen) { observer in
            if observer.isActive { body(observer) }
        }
        slots.ledger.passDepth -= 1
        if slots.ledger.passDepth == 0 && slots.ledger.hasWorkAtPassEnd { endPass() }
    }

    /// The most recently added observer, if it is still live.
    final var newest: Observer<Value>? {
        slots.object(at: slotCount - 1)
    }

    /// The group a new member joins: the newest observer if it is a `Group` that `accepts`
    /// and no pass is running, else the one `make` returns, added at the end. A member
    /// added during a pass must not be visited by it, so a running pass's groups take none.
    ///
    /// Every kind of group that members join (key-path subscriptions, selections,
    /// connections) is found here, so the rule is written once.
    ///
    /// - Parameters:
    ///   - accepts: Whether the newest group works the way the new member needs (compares
    ///     the same way, say).
    ///   - make: Makes a new group, when the newest cannot be joined.
    package final func joinableGroup<Group: Observer<Value>>(_: Group.Type, accepts: (Group) -> Bool = { _ in true },
                                                             make: () -> Group) -> Group {
        if !isNotifying, let newest = newest as? Group, accepts(newest) { return newest }
        let group = make()
        insert(group)
        return group
    }

    /// Every live observer, in order (for diagnostics and for sources that end).
    final var live: [Observer<Value>] { slots.live }

    /// The number of subscriptions the live observers stand for.
    final var subscriptionCount: Int {
        live.reduce(0) { $0 + $1.subscriptionCount }
    }

    /// The outermost pass ended: frees the observers removed during it and squeezes out
    /// holes. The backlog goes with them unless it still holds values (only `send` queues
    /// them, and it delivers them before its pass ends; `checkInvariants` asserts it).
    @usableFromInline
    final func endPass() {
        if let backlog, !backlog.queued.isEmpty {
            backlog.retired.removeAll()
        } else {
            backlog = nil
            slots.ledger.hasWorkAtPassEnd = false
        }
        compactIfWorthIt()
        checkInvariants()
    }

    private final func compactIfWorthIt() {
        slots.compactIfWorthIt(movingMembers: { observer, _, slot in observer.slot = slot })
    }
}

/// What passes in progress leave for their end: the observers removed during them, kept
/// alive until the outermost pass ends, and the values sent during them, each with the
/// number of slots when it was sent (only observers that existed then receive it).
@MainActor @usableFromInline
final class PassBacklog<Value> {
    @usableFromInline var retired: [Observer<Value>] = []
    @usableFromInline var queued: [(value: Value, slots: Int)] = []

    @usableFromInline init() {}
}
