import ReflowCore

// What a spec does to a screen's own connection, as ReRxSwift's specs do: point it at a test
// store, and map a given state.

extension Connection {
    /// The store the connection follows.
    ///
    /// Set it to point a screen at another store (a test store in a spec, as ReRxSwift's
    /// specs do), connected or not. The connection then leaves the old store, follows the
    /// new one and builds its ``actions`` again from `mapDispatchToActions`, so that they
    /// dispatch there (mock actions set earlier are replaced). When connected, it catches up
    /// to the new store's state at once.
    ///
    /// ```swift
    /// let testStore = Store(reducer: appReducer, state: AppState())
    /// screen.connection.store = testStore
    /// ```
    ///
    /// A store-less connection (`Connection(props:actions:)`) has no store and no mapping;
    /// reading or setting this stops the program with a message that says so.
    public var store: Store<State> {
        get {
            guard let followedStore else { Self.hasNoStore("read its store") }
            return followedStore
        }
        set { repoint(to: newValue) }
    }

    /// Maps `state` to props as the store would on a change, connected or not, and delivers
    /// them to the bindings if they changed (ReRxSwift's `newState(state:)`): a spec tests
    /// `mapStateToProps` through the screen's own connection with it.
    ///
    /// ```swift
    /// screen.connection.newState(state: AppState(content: "some text"))
    /// #expect(screen.props.text == "some text")
    /// ```
    ///
    /// The store's state does not change; its next change maps the store's state again.
    /// A store-less connection has no mapping: calling this on one stops the program with a
    /// message that says so.
    ///
    /// - Parameter state: The state to map.
    public func newState(state: State) {
        MainThreadCheck.require("Connection.newState(state:)")
        guard followedStore != nil else { Self.hasNoStore("map a state with newState(state:)") }
        if let props = cell.catchUp(to: state, following: storeSubscription) { self.props = props }
    }

    private func repoint(to newStore: Store<State>) {
        MainThreadCheck.require("Connection.store")
        guard let oldStore = followedStore, let buildActions else { Self.hasNoStore("be pointed at a store") }
        guard oldStore !== newStore else { return }
        let wasConnected = isConnected
        disconnect()
        followedStore = newStore
        actions = buildActions(newStore.weakDispatch)
        storeSubscription = nil  // a slice member's subscription to the old store
        storeSubscription = cell.follow(newStore)
        if wasConnected { connect() }
    }

    private static func hasNoStore(_ what: String) -> Never {
        fatalError("""
            Reflow: a store-less Connection (made with Connection(props:actions:)) cannot \
            \(what): it has no store and no mapStateToProps. Make it with \
            Connection(store:mapStateToProps:mapDispatchToActions:) to follow a store.
            """)
    }
}
