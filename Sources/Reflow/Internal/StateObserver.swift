/// One observer of a value that changes over time (a store's state, a connection's props,
/// a signal's values), kept in an ``ObserverTable``.
///
/// Subclasses specialize `notify(_:)` for their selected value type, so the table calls
/// one virtual method per observer and never boxes a value.
@MainActor @usableFromInline
class StateObserver<State>: SubscriptionTarget {
    /// Position in the table's array; updated when the table compacts.
    final var slot = -1
    // Unchecked: read once per observer per notification, written only on the main actor.
    @exclusivity(unchecked) @usableFromInline final var isActive = true
    final weak var table: ObserverTable<State>?

    @usableFromInline
    func notify(_ state: State) {}

    @usableFromInline
    init() {}

    /// Delivers the value it selected when it was created (a binding fires when made).
    func deliverCurrent() {}

    /// The source went away (its table was released): end anything waiting for values.
    nonisolated func sourceDidEnd() {}

    /// How many subscriptions this observer stands for (a run of selections: its members).
    var subscriptionCount: Int { 1 }

    @usableFromInline
    final func endSubscription() {
        table?.remove(self)
        isActive = false
        didEnd()
    }

    /// Called once the observer left its table.
    func didEnd() {}
}

/// Observes a selected value and calls `onChange` only when it is not a duplicate of the
/// last value this observer delivered.
@MainActor
final class SelectingObserver<State, Value>: StateObserver<State> {
    let select: (State) -> Value
    let isDuplicate: (Value, Value) -> Bool
    let onChange: (Value) -> Void
    @exclusivity(unchecked) var lastValue: Value  // only touched from notify, on the main actor

    init(initial: Value, select: @escaping (State) -> Value,
         isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.onChange = onChange
        self.lastValue = initial
    }

    override func deliverCurrent() { onChange(lastValue) }

    override func notify(_ state: State) {
        let value = select(state)
        if isDuplicate(lastValue, value) { return }
        lastValue = value
        onChange(value)
    }
}

/// Calls a closure with every value: a signal's observer, or a connection binding whose
/// comparison was built (and specialized) in the subscriber's module.
@MainActor @usableFromInline
final class ClosureObserver<Value>: StateObserver<Value> {
    let onNext: (Value) -> Void

    @usableFromInline
    init(_ onNext: @escaping (Value) -> Void) {
        self.onNext = onNext
    }

    @usableFromInline
    override func notify(_ value: Value) {
        onNext(value)
    }
}

/// The last value a binding delivered; a class so the comparison closure can update it
/// without a boxed capture's access checks.
@MainActor @usableFromInline
final class LastValue<Value> {
    @exclusivity(unchecked) @usableFromInline var value: Value  // touched only from one observer's notify

    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}
