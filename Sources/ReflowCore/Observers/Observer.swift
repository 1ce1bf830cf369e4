/// One observer of a value that changes over time, kept in an ``ObserverTable``: a store
/// observes states, a connection's bindings observe props, a signal subject's subscribers
/// observe the values sent, an entity's subscribers observe that entity.
///
/// Subclasses override `notify(_:)`, and `notify(_:watchedBy:)` to say in a trace what
/// they delivered; a table calls one virtual method per observer and never boxes a
/// value. The engine's are a ``SelectingObserver`` (select, compare, deliver), a
/// ``ClosureObserver`` (every value) and the groups of store subscriptions
/// (``SelectionGroup``, ``KeyPathGroup``); features add their own (a connection group and
/// a binding, a hosted reactor's slice observer, an entity index, persistence).
///
/// Open (and so public) because features subclass it from the Reflow module, and Swift lets
/// no other module subclass a `package` class; Reflow re-exports ReflowCore's public types
/// by name, and not this one, so an app never sees it.
@MainActor
open class Observer<Value>: SubscriptionTarget {
    /// Position in the table's array; updated when the table compacts.
    final var slot: Int {
        get { Int(storedSlot) }
        set { storedSlot = Int32(newValue) }
    }
    // An Int32 beside `isActive`, so the two fill one word of every observer (benchmark
    // S5); 2³¹ observers of one source is beyond any table's memory, as for `SlotLedger`.
    private final var storedSlot: Int32 = -1
    /// Cleared when the observer leaves its table; a pass in progress skips it from then on.
    // Unchecked: read once per observer per pass, written only on the main actor, never
    // accessed inout across a call.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline final var isActive = true
    #else
    @safe @exclusivity(unchecked) @usableFromInline final var isActive = true
    #endif
    /// The table, for an observer linked to it (``ObserverTable/insert(_:)``); `nil` for
    /// one added unlinked, which what holds the table ends (``end(in:)``).
    final weak var table: ObserverTable<Value>?

    // Public, not package: an open class's package initializer, called from a subclass in
    // another module, draws a false "infinite recursion" warning in optimized builds (Swift 6.3).
    public init() {}

    /// Receives the source's new value.
    open func notify(_ value: Value) {}

    /// Receives the source's new value in a notification that `watcher` watches: the
    /// observer reports what it evaluates and delivers to `watcher`, and hands it on to
    /// what it notifies in turn.
    ///
    /// By default it is reported as evaluated, under ``watchLabel``, and then told as by
    /// ``notify(_:)``: an observer kind that does not override this still shows in a
    /// trace, though not whether it delivered. Kinds that know override it (a selecting
    /// observer reports when it fires; a group reports each of its members).
    open func notify(_ value: Value, watchedBy watcher: any NotificationWatcher) {
        watcher.evaluated(self, watchLabel)
        notify(value)
    }

    /// What a ``NotificationWatcher`` calls this observer the first time it sees it; by
    /// default the observer's type. Made only when a watcher asks.
    open var watchLabel: ObserverLabel {
        let type = type(of: self)
        return ObserverLabel(kind: "observer") { String(describing: type) }
    }

    /// The source went away (its table was released): end anything waiting for values.
    open nonisolated func sourceDidEnd() {}

    /// How many subscriptions this observer stands for (a group: its live members).
    open var subscriptionCount: Int { 1 }

    /// Ends this observer: takes it out of its table if it is linked to it; an unlinked
    /// one that ends itself during a pass is taken out by the pass.
    package final func endSubscription() {
        guard isActive else { return }
        table?.remove(self)
        isActive = false
        didEnd()
    }

    /// Ends this observer, taking it out of `table`, where it was added unlinked.
    package final func end(in table: ObserverTable<Value>) {
        guard isActive else { return }
        table.remove(self)
        isActive = false
        didEnd()
    }

    /// Called once, when the observer left its table.
    open func didEnd() {}
}
