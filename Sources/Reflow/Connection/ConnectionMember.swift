/// How a connection with `Equatable` props and no declared slice follows its store: as a
/// member of the store's ``SelectionGroup``, like a `store.subscribe` of its props.
///
/// The group's pass, specialized in the caller's module, runs `mapStateToProps` and
/// compares the props inline with the others of its kind; only a change reaches the
/// connection. While the connection is disconnected the member selects the props it
/// already has, so nothing is computed or delivered.
@MainActor @usableFromInline
class ConnectionMember<State, Props>: PropsCell<Props> {
    /// Whether the connection is connected.
    // Unchecked exclusivity: a Bool read by the group's pass and written by connect() and
    // disconnect(), on the main actor; no access spans a call.
    @exclusivity(unchecked) @usableFromInline var isEnabled = false
    /// New props for `state` if they differ from the current ones (for `connect()`).
    private let propsIfChanged: (State, Props) -> Props?
    /// The member of the store's group this connection is: told what `connect()` delivered.
    // Strong (a weak reference would give the member a side table): the cycle it closes,
    // member → group → selector → this, is broken when the connection's deinit takes the
    // member out of its group (`leaveGroup`).
    var groupMember: SelectionMember<State, Props>?

    @usableFromInline
    init(props: Props, propsIfChanged: @escaping (State, Props) -> Props?) {
        self.propsIfChanged = propsIfChanged
        super.init(props: props)
    }

    /// `connect()`: the props for `state`, if they differ from the current ones; the
    /// group is told, so its next pass compares with them.
    /// Takes this member out of its group; its connection is gone.
    final func leaveGroup() {
        groupMember?.endSubscription()
        groupMember = nil
    }

    func catchUp(to state: State) -> Props? {
        guard let props = propsIfChanged(state, self.props) else { return nil }
        self.props = props
        groupMember?.noteDelivered(props)
        return props
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
    private let project: (State) -> Slice
    private let mapSlice: (Slice) -> Props

    @usableFromInline
    init(slice: Slice, project: @escaping (State) -> Slice, mapSlice: @escaping (Slice) -> Props) {
        self.lastSlice = slice
        self.project = project
        self.mapSlice = mapSlice
        super.init(props: mapSlice(slice), propsIfChanged: { _, _ in nil })
    }

    override func catchUp(to state: State) -> Props? {
        let slice = project(state)
        guard slice != lastSlice else { return nil }
        lastSlice = slice
        props = mapSlice(slice)
        return props
    }
}
