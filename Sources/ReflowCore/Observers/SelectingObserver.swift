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
/// The steps are compiled into one closure by ``make(initial:select:isDuplicate:onChange:stream:)``,
/// which is inlinable: built in the subscriber's module, the selection and the comparison
/// are specialized for its concrete types (benchmark S7), where a generic class method
/// would pay value-witness calls on every value.
@MainActor @usableFromInline
package final class SelectingObserver<Source>: Observer<Source> {
    /// Selects, compares and delivers; returns whether it delivered. Built by `make`.
    @usableFromInline let update: (Source) -> Bool
    /// For a stream's observer: how to end the stream, and the stream's name.
    // One optional reference, not the two fields: an entity's subscriber, which has
    // neither, stays small (benchmark S3x, 10,000 subscribers).
    let stream: StreamLink?

    @usableFromInline
    init(update: @escaping (Source) -> Bool, stream: StreamLink?) {
        self.update = update
        self.stream = stream
    }

    /// An observer that calls `onChange` with `select(source)` whenever it is not a
    /// duplicate of the last value delivered, starting from `initial` (which the caller
    /// delivers itself, if it should: a stream yields it first).
    ///
    /// - Parameters:
    ///   - initial: The value it starts from, as if already delivered.
    ///   - select: A pure function of the source.
    ///   - isDuplicate: Whether a new value is the same as the last one.
    ///   - onChange: Receives each value that is not a duplicate.
    ///   - stream: For a stream's observer: its end and its name.
    /// - Complexity: Each notification is one selection and one comparison.
    @inlinable
    package static func make<Value>(initial: Value, select: @escaping (Source) -> Value,
                                    isDuplicate: @escaping (Value, Value) -> Bool,
                                    onChange: @escaping (Value) -> Void,
                                    stream: StreamLink? = nil) -> SelectingObserver {
        let last = LastValue(initial)
        return SelectingObserver(
            update: { source in
                let value = select(source)
                if isDuplicate(last.value, value) { return false }
                last.value = value
                onChange(value)
                return true
            },
            stream: stream
        )
    }

    @usableFromInline
    package override func notify(_ source: Source) {
        _ = update(source)
    }

    package override func notify(_ source: Source, watchedBy watcher: any NotificationWatcher) {
        let label = watchLabel
        watcher.evaluated(self, label)
        if update(source) { watcher.fired(self, label) }
    }

    /// A stream's name, else the name its table gives its observers (an entity's), else
    /// its type.
    package override var watchLabel: ObserverLabel {
        stream?.label ?? table?.observerLabel ?? super.watchLabel
    }

    package nonisolated override func sourceDidEnd() {
        stream?.finish()
    }
}

/// What a stream's ``SelectingObserver`` keeps beyond its update: how to finish the
/// stream when its source goes away, and what a ``NotificationWatcher`` calls it.
/// Sendable because a table's end (`sourceDidEnd`) may run off the main actor; the label
/// is read only by a watcher, on the main actor.
@usableFromInline
package final class StreamLink: Sendable {
    let finish: @Sendable () -> Void
    private let storedLabel: UncheckedSendable<ObserverLabel>  // a label

    package init(finish: @escaping @Sendable () -> Void, label: ObserverLabel) {
        self.finish = finish
        self.storedLabel = UncheckedSendable(label)
    }

    @MainActor var label: ObserverLabel { storedLabel.value }
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
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var value: Value
    #else
    @safe @exclusivity(unchecked) @usableFromInline var value: Value
    #endif

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
