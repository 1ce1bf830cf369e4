#if canImport(Observation)
import ReflowCore
import Observation

/// The one piece behind each view face (``ObservableProps``, ``ObservableStore``,
/// ``ObservableReactor``): the current value, which of its key paths views have read, and
/// how they are told that one changed.
///
/// - Where Observation runs (macOS 14, iOS 17), each read key path is known to the
///   registrar, and a new value tells the readers of the key paths that changed, and
///   nobody else (benchmark V1).
/// - Elsewhere (macOS 13, iOS 16), ``receive(_:owner:)`` answers whether a key path read
///   by any view changed, and the face then sends its `objectWillChange`: every view that
///   observes the face re-renders, but none does for a change nobody read.
@MainActor
struct ObservedValue<Owner: AnyObject, Value> {
    /// One key path that has been read: how to tell that it changed, and how to tell its
    /// readers before and after the change.
    private struct Read {
        let changed: (Value, Value) -> Bool
        let willSet: (Owner) -> Void
        let didSet: (Owner) -> Void
    }

    private(set) var value: Value
    /// Observation's registrar; `nil` where the face sends `objectWillChange`.
    private let notifier: (any FaceNotifier<Owner>)?
    private var reads: [AnyKeyPath: Read] = [:]
    /// Whether a view read the whole value, so that every change concerns it.
    private var wholeIsRead = false
    /// The owner's key path for the whole value (`\.props`, `\.state`).
    private let whole: KeyPath<Owner, Value>

    init(_ value: Value, whole: KeyPath<Owner, Value>, notifier: (any FaceNotifier<Owner>)?) {
        self.value = value
        self.whole = whole
        self.notifier = notifier
    }

    /// The whole value, registering a dependency on every change.
    mutating func readWhole(of owner: Owner) -> Value {
        wholeIsRead = true
        notifier?.access(owner, whole)
        return value
    }

    /// One value at `keyPath`, registering a dependency on it only (known to Observation
    /// as the owner's `ownerKeyPath`).
    mutating func read<T: Equatable>(_ keyPath: KeyPath<Value, T>, as ownerKeyPath: KeyPath<Owner, T>,
                                     of owner: Owner) -> T {
        if reads[keyPath] == nil {
            // Compared on every new value, twice per read key path: a stored path is read
            // at its offset, not projected through the key path at run time.
            let valueAt = KeyPathAccess.reader(keyPath)
            let notifier = notifier
            reads[keyPath] = Read(
                changed: { valueAt($0) != valueAt($1) },
                willSet: { notifier?.willSet($0, ownerKeyPath) },
                didSet: { notifier?.didSet($0, ownerKeyPath) }
            )
        }
        notifier?.access(owner, ownerKeyPath)
        return value[keyPath: keyPath]
    }

    /// Takes `new`, telling the readers of the whole value and of each read key path that
    /// changed.
    ///
    /// - Returns: Whether the face must send `objectWillChange` (no registrar, and a view
    ///   read something that changed).
    /// - Complexity: O(*k*) in the key paths read so far.
    mutating func receive(_ new: Value, owner: Owner) -> Bool {
        let changed = reads.values.filter { $0.changed(value, new) }
        guard let notifier else {
            value = new
            return wholeIsRead || !changed.isEmpty
        }
        notifier.willSet(owner, whole)
        for read in changed { read.willSet(owner) }
        value = new
        for read in changed { read.didSet(owner) }
        notifier.didSet(owner, whole)
        return false
    }

    /// After a two-way binding's write of `value` at `keyPath`: if the value there is still
    /// `before` although another was set (the reducer rejected it, or clamped it to the
    /// same), no change tells the views, so the readers are told to read it again.
    ///
    /// - Returns: Whether the face must send `objectWillChange`.
    func rereadIfKept<T: Equatable>(_ keyPath: KeyPath<Value, T>, before: T, set value: T, owner: Owner) -> Bool {
        let after = self.value[keyPath: keyPath]
        guard after == before, after != value else { return false }
        return reread(keyPath, owner: owner)
    }

    /// Tells the readers of `keyPath` and of the whole value to read again although the
    /// value did not change: a control bound to it shows a value the store did not take
    /// (a two-way binding whose action the reducer rejected or changed).
    ///
    /// - Returns: Whether the face must send `objectWillChange`.
    private func reread<T>(_ keyPath: KeyPath<Value, T>, owner: Owner) -> Bool {
        guard let notifier else { return true }
        notifier.willSet(owner, whole)
        reads[keyPath]?.willSet(owner)
        reads[keyPath]?.didSet(owner)
        notifier.didSet(owner, whole)
        return false
    }
}
#endif
