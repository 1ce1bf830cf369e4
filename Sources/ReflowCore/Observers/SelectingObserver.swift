/// The one select–compare–deliver mechanism: an observer that selects a value from each
/// new source value, compares it with the last value it delivered, and delivers it only
/// when it is not a duplicate.
///
/// Single observers that select use it: async streams and per-entity subscriptions. Groups
/// of store subscriptions (``SelectionGroup``, ``KeyPathGroup``) run the same three steps
/// over many members in one specialized loop, and a connection's bindings are a feature's
/// own observer of the same shape.
/// A signal's subscribers select nothing and skip nothing: they are a ``ClosureObserver``.
///
/// The steps are compiled into one closure by ``make(initial:select:isDuplicate:deliver:)``,
/// which is inlinable: built in the subscriber's module, the selection and the comparison
/// are specialized for its concrete types (benchmark S7), where a generic class method
/// would pay value-witness calls on every value.
@MainActor @usableFromInline
package final class SelectingObserver<Source>: Observer<Source> {
    /// What a delivery asks of the observer.
    @usableFromInline package enum Outcome {
        /// Keep observing.
        case keep
        /// The thing it delivers to is gone (a released object): end the observer.
        case end
    }

    /// Selects, compares and delivers; built by `make`.
    @usableFromInline let update: (Source) -> Outcome
    /// Runs when the source goes away (a stream finishes).
    let onSourceEnd: (@Sendable () -> Void)?

    @usableFromInline
    init(update: @escaping (Source) -> Outcome, onSourceEnd: (@Sendable () -> Void)?) {
        self.update = update
        self.onSourceEnd = onSourceEnd
    }

    /// An observer that delivers `select(source)` whenever it is not a duplicate of the
    /// last value delivered, starting from `initial` (which the caller delivers itself,
    /// if it should: a binding fires when made, a stream yields it first).
    ///
    /// - Parameters:
    ///   - initial: The value it starts from, as if already delivered.
    ///   - select: A pure function of the source.
    ///   - isDuplicate: Whether a new value is the same as the last one.
    ///   - deliver: Delivers a value; returns `.end` when its target is gone.
    ///   - onSourceEnd: Runs when the source is released.
    /// - Complexity: Each notification is one selection and one comparison.
    @inlinable
    package static func make<Value>(initial: Value, select: @escaping (Source) -> Value,
                            isDuplicate: @escaping (Value, Value) -> Bool,
                            deliver: @escaping (Value) -> Outcome,
                            onSourceEnd: (@Sendable () -> Void)? = nil) -> SelectingObserver {
        let last = LastValue(initial)
        return SelectingObserver(
            update: { source in
                let value = select(source)
                if isDuplicate(last.value, value) { return .keep }
                last.value = value
                return deliver(value)
            },
            onSourceEnd: onSourceEnd
        )
    }

    /// An observer that calls `onChange` with `select(source)` whenever it is not a
    /// duplicate of the last value delivered, starting from `initial`: ``make(initial:select:isDuplicate:deliver:onSourceEnd:)``
    /// for a delivery that cannot fail, one call less per value (benchmark S3x).
    @inlinable
    package static func make<Value>(initial: Value, select: @escaping (Source) -> Value,
                            isDuplicate: @escaping (Value, Value) -> Bool,
                            onChange: @escaping (Value) -> Void,
                            onSourceEnd: (@Sendable () -> Void)? = nil) -> SelectingObserver {
        let last = LastValue(initial)
        return SelectingObserver(
            update: { source in
                let value = select(source)
                if isDuplicate(last.value, value) { return .keep }
                last.value = value
                onChange(value)
                return .keep
            },
            onSourceEnd: onSourceEnd
        )
    }

    @usableFromInline
    package override func notify(_ source: Source) {
        if case .end = update(source) { endSubscription() }
    }

    package nonisolated override func sourceDidEnd() {
        onSourceEnd?()
    }
}

/// The last value an observer (or a `distinctUntilChanged` subscription) delivered; a
/// class so the update closure can change it without a boxed capture's run-time access
/// checks, half of benchmark R2's cost per subscriber before.
@MainActor @usableFromInline
package final class LastValue<Value> {
    // Unchecked: touched only by one observer's update, on the main actor, and each access
    // ends before the value is delivered, so a value sent from inside the delivery
    // (re-entrancy) cannot overlap one; SignalTests' distinct_reentrantSend_deliversEachChangeOnce
    // sends from inside the observer.
    @exclusivity(unchecked) @usableFromInline var value: Value

    @usableFromInline
    package init(_ value: Value) {
        self.value = value
    }
}

extension LastValue {
    /// Keeps `value` and returns `true`, unless it equals the value kept (`nil`: none yet).
    // Written here rather than at the callers (signals, in Reflow): `@exclusivity(unchecked)`
    // holds only for accesses compiled in the module that declares the property; an access
    // written in another module is checked at run time (benchmark R2: 16 → 23 ns a value).
    @inlinable
    package func keepIfChanged<Wrapped>(_ value: Wrapped, isEqual: (Wrapped, Wrapped) -> Bool) -> Bool
    where Value == Wrapped? {
        if let previous = self.value, isEqual(previous, value) { return false }
        self.value = value
        return true
    }

    /// Keeps `value` and returns `true`, unless it is `==` to the value kept (`nil`: none yet).
    @inlinable
    package func keepIfChanged<Wrapped: Equatable>(_ value: Wrapped) -> Bool where Value == Wrapped? {
        if let previous = self.value, previous == value { return false }
        self.value = value
        return true
    }
}

/// An observer that delivers every value of its source, selecting and skipping nothing:
/// a signal's subscriber.
@MainActor @usableFromInline
package final class ClosureObserver<Value>: Observer<Value> {
    @usableFromInline let onNext: (Value) -> Void

    @usableFromInline
    package init(_ onNext: @escaping (Value) -> Void) {
        self.onNext = onNext
    }

    @usableFromInline
    package override func notify(_ value: Value) {
        onNext(value)
    }
}
