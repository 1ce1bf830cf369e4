/// How a connection with `Equatable` props and no declared slice follows its store: as a
/// member of the store's ``SelectionGroup``, like a `store.subscribe` of its props.
///
/// The group's pass, specialized in the caller's module, runs `mapStateToProps` and
/// compares the props inline with the others of its kind; only a change reaches the
/// connection. While the connection is disconnected the member selects the props it
/// already has, so nothing is computed or delivered.
@MainActor @usableFromInline
final class ConnectionMember<State, Props, Actions> {
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
