import ReflowCore

#if canImport(Observation)
import Observation

/// The property-level bookkeeping of Reflow's Observation faces: which key paths of a
/// value readers have read, and, when a new value arrives, which of those changed, so
/// that only their readers are invalidated.
///
/// Each face (``ObservableProps``, ``ObservableStore``, ``ObservableReactor``) reads
/// through `@dynamicMemberLookup`; the tracker records a key path the first time it is
/// read and compares it on every later value.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
@MainActor
struct KeyPathTracker<Owner: Observable & AnyObject, Root> {
    /// One key path that has been read: how to tell that it changed, and how to tell its
    /// readers before and after the change.
    private struct Read {
        let changed: (Root, Root) -> Bool
        let willSet: (Owner, ObservationRegistrar) -> Void
        let didSet: (Owner, ObservationRegistrar) -> Void
    }

    private var reads: [AnyKeyPath: Read] = [:]

    /// The number of distinct key paths read so far.
    var trackedCount: Int { reads.count }

    /// Records that `keyPath` was read, known to Observation as `ownerKeyPath`, and
    /// registers the access with `registrar`.
    mutating func read<T: Equatable>(_ keyPath: KeyPath<Root, T>, as ownerKeyPath: KeyPath<Owner, T>,
                                     of owner: Owner, registrar: ObservationRegistrar) {
        if reads[keyPath] == nil {
            // Compared on every new value, twice per read key path: a stored path is read
            // at its offset, not projected through the key path at run time.
            let valueAt = KeyPathAccess.reader(keyPath)
            reads[keyPath] = Read(
                changed: { valueAt($0) != valueAt($1) },
                willSet: { $1.willSet($0, keyPath: ownerKeyPath) },
                didSet: { $1.didSet($0, keyPath: ownerKeyPath) }
            )
        }
        registrar.access(owner, keyPath: ownerKeyPath)
    }

    /// Replaces `value` with `new`, telling the readers of each read key path whose value
    /// changed (and nobody else).
    ///
    /// - Complexity: O(*k*) in the key paths read so far.
    func update(_ value: inout Root, to new: Root, owner: Owner, registrar: ObservationRegistrar) {
        let changed = reads.values.filter { $0.changed(value, new) }
        for read in changed { read.willSet(owner, registrar) }
        value = new
        for read in changed { read.didSet(owner, registrar) }
    }
}

/// The one piece behind each Observation face (``ObservableProps``, ``ObservableStore``,
/// ``ObservableReactor``): the current value, its registrar and its key-path tracker.
/// A face keeps one of these and says which of its key paths stands for the whole value.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
@MainActor
struct ObservedValue<Owner: Observable & AnyObject, Value> {
    let registrar = ObservationRegistrar()
    private(set) var value: Value
    private var tracker = KeyPathTracker<Owner, Value>()
    /// The owner's key path for the whole value (`\.props`, `\.state`).
    private let whole: KeyPath<Owner, Value>

    init(_ value: Value, whole: KeyPath<Owner, Value>) {
        self.value = value
        self.whole = whole
    }

    /// The whole value, registering a dependency on every change.
    func readWhole(of owner: Owner) -> Value {
        registrar.access(owner, keyPath: whole)
        return value
    }

    /// One value at `keyPath`, registering a dependency on it only (known to Observation
    /// as the owner's `ownerKeyPath`).
    mutating func read<T: Equatable>(_ keyPath: KeyPath<Value, T>, as ownerKeyPath: KeyPath<Owner, T>, of owner: Owner) -> T {
        tracker.read(keyPath, as: ownerKeyPath, of: owner, registrar: registrar)
        return value[keyPath: keyPath]
    }

    /// Takes `new`, telling the readers of the whole value and of each read key path that
    /// changed.
    mutating func receive(_ new: Value, owner: Owner) {
        registrar.willSet(owner, keyPath: whole)
        tracker.update(&value, to: new, owner: owner, registrar: registrar)
        registrar.didSet(owner, keyPath: whole)
    }
}
#endif
