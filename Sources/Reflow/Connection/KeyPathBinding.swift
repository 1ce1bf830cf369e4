import ReflowCore

/// A connection's binding of an `Equatable` value at a key path of its props to a sink:
/// one object, holding the key path, its stored offset, the last value delivered and the
/// sink.
///
/// Its step (read, compare with the last value, deliver) is a function built by
/// ``Connection/bind(_:to:)`` in the caller's module, where `Props` and `Value` are
/// concrete, so the read and the comparison are specialized; the function captures
/// nothing, so a binding allocates no closure context (benchmark S5), and the value is
/// read at its offset when the key path is a stored property laid out inline (S7).
@MainActor @usableFromInline
final class KeyPathBinding<Props, Value>: Observer<Props> {
    @usableFromInline typealias Step = (KeyPathBinding, Props) -> Void

    let step: Step
    @usableFromInline let keyPath: KeyPath<Props, Value>
    /// `MemoryLayout<Props>.offset(of: keyPath)`; `nil` projects through the key path.
    @inlinable var offset: Int? { storedOffset >= 0 ? storedOffset : nil }
    // -1 for none: an `Int?` would take two words of every binding (benchmark S5).
    @usableFromInline let storedOffset: Int
    @usableFromInline let sink: (Value) -> Void
    // Unchecked: main actor only; the step finishes writing it before calling the sink,
    // which may set the props again (a re-entrant send is queued by the table, and the
    // next step reads the value written here: ConnectionReentrancyTests). The checks cost
    // a tenth of S7 with all readers (23.5 against 21.3 µs).
    @exclusivity(unchecked) @usableFromInline var last: Value

    @usableFromInline
    init(keyPath: KeyPath<Props, Value>, initial: Value, sink: @escaping (Value) -> Void, step: @escaping Step) {
        self.keyPath = keyPath
        self.storedOffset = MemoryLayout<Props>.offset(of: keyPath) ?? -1
        self.last = initial
        self.sink = sink
        self.step = step
    }

    @usableFromInline
    override func notify(_ props: Props) {
        step(self, props)
    }

    /// The step of a binding of an `Equatable` value: deliver it when it changed.
    ///
    /// - Complexity: O(1) plus the comparison and the sink.
    @inlinable
    static func deliverChanges(_ binding: KeyPathBinding, _ props: Props) where Value: Equatable {
        let value = KeyPathAccess.read(props, at: binding.offset, through: binding.keyPath)
        if value == binding.last { return }
        binding.last = value
        if let watcher = NotificationWatch.current { watcher.bindingFired(binding.keyPath) }
        binding.sink(value)
    }
}
