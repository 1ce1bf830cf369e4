import ReflowCore

/// A connection's props and bindings, and how the connection follows its store: every
/// connection has one, and follows its store one way, as a member of one of the store's
/// groups. A ``GroupedConnectionMember`` maps the whole state, in a ``ConnectionGroup``;
/// a ``SliceConnectionMember`` maps a declared slice, in the slice type's ``KeyPathGroup``.
/// A store-less connection's is this class itself: it follows nothing and is always
/// connected.
@MainActor @usableFromInline
class ConnectionMember<State, Props>: PropsCell<Props> {
    /// Whether the connection is connected.
    // Unchecked exclusivity: a Bool read by the group's pass and written by connect() and
    // disconnect(), on the main actor; no access spans a call. Checked, S7 by
    // mapStateToProps took 3.2× and S9 1.21× (2026-11-24).
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline final var isEnabled = false
    #else
    @safe @exclusivity(unchecked) @usableFromInline final var isEnabled = false
    #endif

    /// `connect()`: the props for `state`, stored, if they differ from the current ones.
    ///
    /// - Parameter subscription: The subscription by which this member follows its store,
    ///   if it has one of its own (a slice member): told what the member now holds.
    func catchUp(to state: State, following subscription: SubscriptionHandle?) -> Props? { nil }

    /// Takes this member out of its group; its connection is gone or follows another store.
    func leaveGroup() {}

    /// Follows `store`, when the connection is pointed at it: leaves the old store's group
    /// and joins the new one's, or returns the subscription that follows it. Cold: the
    /// initializers join with a pass specialized in the caller's module.
    func follow(_ store: Store<State>) -> SubscriptionHandle? { nil }
}

/// How a connection with no declared slice follows its store: as a member of the store's
/// ``ConnectionGroup`` for its props' type.
///
/// The group's pass, specialized in the caller's module, runs `map` (the connection's
/// `mapStateToProps`); with `Equatable` props it compares the result with the props this
/// member holds and delivers only a change, otherwise it delivers every mapping. While the
/// connection is disconnected the pass skips it, and `connect()` catches up.
@MainActor @usableFromInline
final class GroupedConnectionMember<State, Props>: ConnectionMember<State, Props> {
    /// The slot in `group`; kept by the group.
    var index: Int {
        get { Int(storedIndex) }
        set { storedIndex = Int32(newValue) }
    }
    // First and an Int32: it fills the word `isEnabled` starts, so a member takes one
    // malloc size class less (benchmark S5); 2³¹ connections with one props type is
    // beyond any app's memory.
    private var storedIndex: Int32 = -1
    @usableFromInline let map: (State) -> Props
    /// The group this member is in; `nil` once it left.
    var group: ConnectionGroup<State, Props>?

    @usableFromInline
    init(props: Props, map: @escaping (State) -> Props) {
        self.map = map
        super.init(props: props)
    }

    override func catchUp(to state: State, following _: SubscriptionHandle?) -> Props? {
        let props = map(state)
        if let isDuplicate = group?.isDuplicate, isDuplicate(self.props, props) { return nil }
        self.props = props
        return props
    }

    override func leaveGroup() {
        group?.remove(self)
    }

    override func follow(_ store: Store<State>) -> SubscriptionHandle? {
        // Invariant: a member that follows a store is in one of its groups.
        guard let old = group else { preconditionFailure("GroupedConnectionMember: not in a group") }
        old.remove(self)
        store.connectionGroup(of: Props.self, pass: old.pass, isDuplicate: old.isDuplicate).join(self)
        return nil
    }
}

/// How a connection with a declared `Equatable` slice follows its store: as a member of
/// the store's ``KeyPathGroup`` for the slice's type, so connections that declare the
/// same slice share its projection and comparison, and a slice that no reducer of an
/// action can write is not even read.
///
/// The group tells the member of every change of the slice; while the connection is
/// disconnected the member ignores them, and `connect()` compares the slice with the one
/// it last mapped.
@MainActor @usableFromInline
final class SliceConnectionMember<State, Slice: Equatable, Props>: ConnectionMember<State, Props> {
    /// The slice the connection's props were last mapped from.
    @usableFromInline var lastSlice: Slice
    /// Where the slice is: its key path, and for an array's element its read.
    @usableFromInline let path: KeyPath<State, Slice>
    @usableFromInline let elementRead: ArrayElementRead?
    /// For an array's element: the array's count in a state, through its key path (cold:
    /// read only when the connection is pointed at another store).
    private let arrayCount: ((State) -> Int)?
    private let mapSlice: (Slice) -> Props

    @usableFromInline
    init(slice: Slice, path: KeyPath<State, Slice>, elementRead: ArrayElementRead? = nil,
         arrayCount: ((State) -> Int)? = nil, mapSlice: @escaping (Slice) -> Props) {
        self.lastSlice = slice
        self.path = path
        self.elementRead = elementRead
        self.arrayCount = arrayCount
        self.mapSlice = mapSlice
        super.init(props: mapSlice(slice))
    }

    private func project(_ state: State) -> Slice {
        // The element's type is spelled out: left to inference, `??` makes it `Slice?`,
        // and the array would be read with an optional's stride (memory past the element).
        if let elementRead { return elementRead.read(state, as: Slice.self) }
        return state[keyPath: path]
    }

    /// The slice changed in the store: map and deliver it while connected.
    @inlinable
    final func sliceChanged(to slice: Slice, mapSlice: (Slice) -> Props) {
        // The group tells only changes; while connected, its last value and the member's
        // last slice are the same (connect() brings them together).
        guard isEnabled else { return }
        lastSlice = slice
        deliver(mapSlice(slice))
    }

    /// ``sliceChanged(to:mapSlice:)`` in a notification that `watcher` watches: the
    /// connection reports itself, then its bindings.
    @usableFromInline
    final func sliceChanged(to slice: Slice, mapSlice: (Slice) -> Props, watchedBy watcher: any NotificationWatcher) {
        guard isEnabled else { return }
        lastSlice = slice
        reportChange(to: watcher)
        deliver(mapSlice(slice), Watched(watcher))
    }

    /// Joins `store`'s group of key-path subscriptions of `Slice`, where the slice's value
    /// is `initial` now; the connection reports itself to a watcher of the store.
    // Inlinable: the closures are then built, and specialized for State, Slice and Props,
    // in the caller's module (benchmark S7 with `slice:`).
    @inlinable
    final func subscribeSlice(of store: Store<State>, initial: Slice,
                              mapSlice: @escaping (Slice) -> Props) -> SubscriptionHandle {
        let group = store.keyPathGroup(of: Slice.self, pass: KeyPathGroup<State, Slice>.sharingProjections)
        return store.subscribe(path, elementRead: elementRead, in: group, initial: initial,
                               watchedChange: { slice, watcher in self.sliceChanged(to: slice, mapSlice: mapSlice, watchedBy: watcher) },
                               onChange: { slice in self.sliceChanged(to: slice, mapSlice: mapSlice) })
    }

    override func follow(_ store: Store<State>) -> SubscriptionHandle? {
        if let elementRead, let arrayCount {
            let count = arrayCount(store.state)
            if !(0..<count).contains(elementRead.index) {
                Store<State>.elementOutOfBounds(
                    elementRead.index, count: count, of: path,
                    doing: "pointed a connection (`slice:at:`) at a store that lacks element",
                    remedy: "Point it at a store whose array has the element, or make a connection to an index inside it")
            }
        }
        return subscribeSlice(of: store, initial: project(store.state), mapSlice: mapSlice)
    }

    /// Tells `watcher` that the slice changed: the connection maps it and delivers.
    @usableFromInline
    func reportChange(to watcher: any NotificationWatcher) {
        watcher.evaluated(self, .connection(Props.self))
        watcher.fired(self, .connection(Props.self))
    }

    override func catchUp(to state: State, following subscription: SubscriptionHandle?) -> Props? {
        let slice = project(state)
        let isChanged = slice != lastSlice
        if isChanged {
            lastSlice = slice
            props = mapSlice(slice)
        }
        // The group went on delivering to the subscription while this member ignored it
        // (disconnected), and inside a batch the state may still move before the
        // notification: the group's next pass must compare with the slice this member
        // holds, not with the value the group delivered last.
        if let subscription { Store<State>.keyPathSubscription(subscription, delivered: lastSlice) }
        return isChanged ? props : nil
    }
}
