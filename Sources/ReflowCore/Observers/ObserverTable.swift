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
/// ``SlotTable``. The passes, and what leaves during them, follow the one pass engine
/// (``PassOwner``).
///
/// ## Ownership
/// The table owns each observer through its `Unmanaged` slot: retained once on insert and
/// released once on removal (or when the table goes away). A pass copies the array of
/// plain pointers and calls each observer borrowed, without a retain/release pair per
/// observer (about 10 ns each in benchmark S2). An observer removed during a pass is
/// held in the table's ``PassBacklog`` until the outermost pass ends, so a pass never
/// calls freed memory.
///
/// ## Subclasses
/// A connection's props are a table of their bindings (``PropsCell``), and an entity's
/// subscribers are a table that tells its index when it empties: a subclass adds its
/// fields to the table's object rather than pointing to a second object (benchmark S5).
/// Everything the table does is `final`. Open for the same reason as ``Observer``: the
/// subclasses are features, in the Reflow module.
@MainActor
open class ObserverTable<Value>: PassOwner {
    /// The observers and their ledger: the slots' counts, the pass depth, and whether
    /// there is a `backlog` (`hasWorkAtPassEnd`), so a pass that leaves none reads nothing
    /// else.
    // Unchecked exclusivity: main-actor only, and no access spans a call to an observer
    // (a pass reads a snapshot of the storage; the ledger is read and written between
    // calls), so the run-time checks on every pass guard nothing (benchmark S7, all
    // readers: checked, 18.6 → 24.2 µs). Re-entrant sends and removals during a pass are
    // exercised by ObserverTableTests and the seeded model tests.
    // Written by this table and the pass engine only.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline package final var members = SlotTable<Observer<Value>>()
    #else
    @safe @exclusivity(unchecked) @usableFromInline package final var members = SlotTable<Observer<Value>>()
    #endif
    /// What passes in progress leave for their end; made on first need and dropped when
    /// the outermost pass ends, so a table that is not in a re-entrant pass carries one
    /// pointer for it (benchmark S5). Checked exclusivity: read only when the ledger says
    /// it exists.
    @usableFromInline final var backlog: PassBacklog<Value>?

    @inlinable package final var isNotifying: Bool { members.ledger.isInPass }
    @inlinable package final var isEmpty: Bool { members.ledger.isEmpty }
    package final var liveCount: Int { members.ledger.liveCount }
    /// Slots in use, holes included: a pass visits the first `slotCount`.
    @inlinable final var slotCount: Int { members.count }

    // Public, not package: an open class's package initializer, called from a subclass in
    // another module, draws a false "infinite recursion" warning in optimized builds (Swift 6.3).
    public init() {}

    deinit {
        members.releaseAll { $0.sourceDidEnd() }
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
        observer.slot = members.appendOwning(observer)
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
        guard let owned = members.removeOwned(observer, at: observer.slot) else { return }
        observer.isActive = false
        retire(owned)
        checkInvariants()
        if members.ledger.isEmpty { didBecomeEmpty() }
    }

    /// The pass engine's ``PassOwner/pass(_:)``, for the table itself: the same steps on
    /// its own ledger, so every delivery raises and lowers the depth without the engine's
    /// generic call. In a debug build, that call of this generic class looks up its
    /// conformance and makes four witness calls per pass: benchmark R1 (debug) was 1.22×
    /// the depth raised inline with it, and 1.06× with this (1.00× once the reactor's
    /// flags sat at fixed offsets, `ReactorCore.Path`); release is unchanged.
    /// Members that leave meanwhile still go through the engine (``PassOwner/retire(_:)``),
    /// and so does the end of the outermost pass. ``passLedger`` is left only because
    /// `PassOwner` requires it: no code runs the generic pass on a table now.
    @inlinable @inline(__always)
    final func pass(_ body: () -> Void) {
        members.ledger.enterPass()
        body()
        if members.ledger.leavePass() { endOutermostPass() }
    }

    @usableFromInline package final var passLedger: SlotLedger {
        get { members.ledger }
        set { members.ledger = newValue }
    }

    /// Keeps the table's reference to `observer`, removed during a pass, in the backlog.
    @usableFromInline package final func hold(_ observer: Observer<Value>) {
        backlogForWriting.retired.append(observer)
    }

    /// Frees the observers removed during the pass. The backlog goes with them unless it
    /// still holds values (only `send` queues them, and it delivers them before its pass
    /// ends; `checkInvariants` asserts it).
    @usableFromInline package final func releaseHeld() {
        guard let backlog else { return }
        if backlog.queued.isEmpty {
            self.backlog = nil
        } else {
            backlog.retired.removeAll()
            members.ledger.noteWorkAtPassEnd()
        }
    }

    @usableFromInline package final func member(_ observer: Observer<Value>, movedFrom _: Int, to slot: Int) {
        observer.slot = slot
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
        members.ledger.noteWorkAtPassEnd()
        return made
    }

    /// Delivers `value` to every live observer, in subscription order; during a pass, it
    /// is queued and delivered after the pass (see the re-entrancy rule above).
    ///
    /// - Complexity: O(*n*) in live observers, plus their work.
    @inlinable
    package final func send(_ value: Value) {
        if members.ledger.isInPass {
            backlogForWriting.queued.append((value, slotCount))
            return
        }
        if members.ledger.isEmpty { return }
        // One delivery: this value's pass, then the values sent meanwhile. One pass
        // throughout, so values sent meanwhile join the queue and slot numbers stay valid
        // (no compaction until the end).
        pass {
            notify(value)
            if members.ledger.hasWorkAtPassEnd { deliverQueued(watchedBy: nil) }
        }
    }

    /// ``send(_:)`` in a notification that `watcher` watches: each observer, and each
    /// value sent meanwhile, is told with it. During a pass, as ``send(_:)``: queued for
    /// the delivery in progress, which tells it as that delivery is told.
    ///
    /// - Complexity: O(*n*) in live observers, plus their work.
    package final func send(_ value: Value, watchedBy watcher: any NotificationWatcher) {
        if members.ledger.isInPass {
            backlogForWriting.queued.append((value, slotCount))
            return
        }
        if members.ledger.isEmpty { return }
        pass {
            notify(value, watchedBy: watcher)
            if members.ledger.hasWorkAtPassEnd { deliverQueued(watchedBy: watcher) }
        }
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
        pass {
            // A snapshot: the pass reads no class property per observer, and observers
            // added meanwhile (who already got the current value) are not in it. One
            // removed meanwhile stays alive in the backlog and is skipped through its
            // `isActive` flag.
            members.forEach(upTo: end) { observer in
                if observer.isActive { body(observer) }
            }
        }
    }

    /// The most recently added observer, if it is still live.
    final var newest: Observer<Value>? {
        members.object(at: slotCount - 1)
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
    final var live: [Observer<Value>] { members.live }

    /// The number of subscriptions the live observers stand for.
    final var subscriptionCount: Int {
        live.reduce(0) { $0 + $1.subscriptionCount }
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
