/// One observer of a store's state, kept in an ``ObserverTable``.
///
/// Subclasses specialize `notify(_:)` for their selected value type, so the table calls
/// one virtual method per observer and never boxes a value.
@MainActor
class StateObserver<State>: SubscriptionTarget {
    /// Position in the table's array; updated when the table compacts.
    final var slot = -1
    final var isActive = true
    final weak var table: ObserverTable<State>?
    /// Weak: a released subscription must stop deliveries before its deferred cleanup runs.
    final weak var subscription: Subscription?

    func notify(_ state: State) {}

    final func attach(to subscription: Subscription) {
        self.subscription = subscription
    }

    final func endSubscription() {
        table?.remove(self)
        isActive = false
    }
}

/// Observes a selected value and calls `onChange` only when it is not a duplicate of the
/// last value this observer delivered.
@MainActor
final class SelectingObserver<State, Value>: StateObserver<State> {
    let select: (State) -> Value
    let isDuplicate: (Value, Value) -> Bool
    let onChange: (Value) -> Void
    var lastValue: Value

    init(initial: Value, select: @escaping (State) -> Value,
         isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void) {
        self.select = select
        self.isDuplicate = isDuplicate
        self.onChange = onChange
        self.lastValue = initial
    }

    override func notify(_ state: State) {
        let value = select(state)
        if isDuplicate(lastValue, value) { return }
        lastValue = value
        onChange(value)
    }
}

/// The same as ``SelectingObserver`` for an `Equatable` value read through a key path,
/// without the two closure calls per notification.
@MainActor
final class KeyPathObserver<State, Value: Equatable>: StateObserver<State> {
    let keyPath: KeyPath<State, Value>
    let onChange: (Value) -> Void
    var lastValue: Value

    init(initial: Value, keyPath: KeyPath<State, Value>, onChange: @escaping (Value) -> Void) {
        self.keyPath = keyPath
        self.onChange = onChange
        self.lastValue = initial
    }

    override func notify(_ state: State) {
        let value = state[keyPath: keyPath]
        if value == lastValue { return }
        lastValue = value
        onChange(value)
    }
}
