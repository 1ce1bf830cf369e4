/// How a connection with `Equatable` props and no declared slice follows its store: as a
/// member of the store's ``SelectionGroup``, like a `store.subscribe` of its props.
///
/// The group's pass, specialized in the caller's module, runs `mapStateToProps` and
/// compares the props inline with the others of its kind; only a change reaches the
/// connection. While the connection is disconnected the member selects the props it
/// already has, so nothing is computed or delivered.
@MainActor @usableFromInline
class ConnectionMember<State, Props, Actions> {
    /// Whether the connection is connected.
    @usableFromInline var isEnabled = false
    /// The props the connection has: what a disconnected member selects.
    @usableFromInline var props: Props
    /// The connection's mapping, for catching up on `connect()`.
    let map: (State) -> Props
    /// Whether two props differ, for catching up.
    let differs: (Props, Props) -> Bool
    @usableFromInline weak var connection: Connection<State, Props, Actions>?
    /// The member of the store's group this connection is: told what `connect()` delivered.
    weak var groupMember: SelectionMember<State, Props>?

    @usableFromInline
    init(props: Props, map: @escaping (State) -> Props, differs: @escaping (Props, Props) -> Bool) {
        self.props = props
        self.map = map
        self.differs = differs
    }

    /// New props from the group's pass.
    func deliver(_ props: Props) {
        self.props = props
        connection?.props = props
    }

    /// `connect()`: computes the props for `state` and delivers them if they changed,
    /// telling the group, so its next pass compares with them.
    func catchUp(to state: State) {
        let props = map(state)
        guard differs(props, self.props) else { return }
        groupMember?.noteDelivered(props)
        deliver(props)
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
final class SliceConnectionMember<State, Slice: Equatable, Props, Actions>: ConnectionMember<State, Props, Actions> {
    /// The slice the connection's props were last mapped from.
    @usableFromInline var lastSlice: Slice
    let project: (State) -> Slice
    let mapSlice: (Slice) -> Props

    @usableFromInline
    init(slice: Slice, project: @escaping (State) -> Slice, mapSlice: @escaping (Slice) -> Props) {
        self.lastSlice = slice
        self.project = project
        self.mapSlice = mapSlice
        super.init(props: mapSlice(slice), map: { mapSlice(project($0)) }, differs: { _, _ in true })
    }

    override func catchUp(to state: State) {
        let slice = project(state)
        guard slice != lastSlice else { return }
        lastSlice = slice
        deliver(mapSlice(slice))
    }
}
