import ReflowCore

/// A connection's binding of a value at a key path of its props to a sink or to an
/// object's property: one object, holding the key path, its stored offset, the last value
/// delivered and the sink. Every binding of a connection is one.
///
/// Its step (read, compare with the last value, deliver) is a function built by
/// ``Connection/bind(_:to:)`` in the caller's module, where `Props` and `Value` are
/// concrete, so the read and the comparison are specialized; for a binding to a sink the
/// function captures nothing, so the binding allocates no closure context (benchmark S5),
/// and the value is read at its offset when the key path is a stored property laid out
/// inline (S7). A binding to an object's property, or of an array compared element by
/// element, has a step that captures the object (weakly) or the comparison.
@MainActor @usableFromInline
final class KeyPathBinding<Props, Value>: Observer<Props> {
    /// Reads, compares and delivers; in a watched notification it tells the watcher when
    /// it delivers.
    @usableFromInline typealias Step = (KeyPathBinding, Props, (any NotificationWatcher)?) -> Void

    let step: Step
    @usableFromInline let keyPath: KeyPath<Props, Value>
    /// `MemoryLayout<Props>.offset(of: keyPath)`; `nil` projects through the key path.
    @inlinable var offset: Int? { storedOffset >= 0 ? storedOffset : nil }
    // -1 for none: an `Int?` would take two words of every binding (benchmark S5).
    @usableFromInline let storedOffset: Int
    /// Where changes go; `nil` when the step writes them itself (to an object).
    @usableFromInline let sink: ((Value) -> Void)?
    // Unchecked: main actor only; the step finishes writing it before calling the sink,
    // which may set the props again (a re-entrant send is queued by the table, and the
    // next step reads the value written here: ConnectionReentrancyTests). The checks cost
    // a tenth of S7 with all readers (23.5 against 21.3 µs).
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var last: Value
    #else
    @safe @exclusivity(unchecked) @usableFromInline var last: Value
    #endif

    @usableFromInline
    init(keyPath: KeyPath<Props, Value>, initial: Value, sink: ((Value) -> Void)?, step: @escaping Step) {
        self.keyPath = keyPath
        self.storedOffset = MemoryLayout<Props>.offset(of: keyPath) ?? -1
        self.last = initial
        self.sink = sink
        self.step = step
    }

    @usableFromInline
    override func notify(_ props: Props) {
        step(self, props, nil)
    }

    override func notify(_ props: Props, watchedBy watcher: any NotificationWatcher) {
        step(self, props, watcher)
    }

    /// A step that compares with `isEqual` rather than `==`.
    static func deliveringChanges(comparingWith isEqual: @escaping (Value, Value) -> Bool) -> Step {
        { binding, props, watcher in
            let value = KeyPathAccess.read(props, at: binding.offset, through: binding.keyPath)
            if isEqual(binding.last, value) { return }
            binding.last = value
            if let watcher { watcher.observerFired(at: binding.keyPath) }
            binding.sink?(value)
        }
    }

    /// A step that writes changes into `target`, held weakly, and ends the binding once
    /// `target` is gone.
    static func writingChanges<Target: AnyObject>(to target: Target, _ write: @escaping (Target, Value) -> Void) -> Step
    where Value: Equatable {
        { [weak target] binding, props, watcher in
            guard let target else { return binding.endSubscription() }
            let value = KeyPathAccess.read(props, at: binding.offset, through: binding.keyPath)
            if value == binding.last { return }
            binding.last = value
            if let watcher { watcher.observerFired(at: binding.keyPath) }
            write(target, value)
        }
    }
}

extension KeyPathBinding where Value: Equatable {
    /// The step of a binding of an `Equatable` value: deliver it when it changed.
    ///
    /// - Complexity: O(1) plus the comparison and the sink.
    // A closure made here, not a static method referenced by the binder: that reference's
    // thunk would be code of the binder's file on every notification. It captures nothing,
    // so a binding allocates no context for it (S5).
    @inlinable
    static var deliveringChanges: Step {
        { binding, props, watcher in
            let value = KeyPathAccess.read(props, at: binding.offset, through: binding.keyPath)
            if value == binding.last { return }
            binding.last = value
            if let watcher { watcher.observerFired(at: binding.keyPath) }
            binding.sink?(value)
        }
    }
}
