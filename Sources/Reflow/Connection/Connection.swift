import ReflowCore

/// Maps a store's state to a view's `Props` and dispatch to its `Actions`.
///
/// This is react-redux's and ReRxSwift's connection: a view or view model reads only
/// ``props`` and calls only ``actions``. Bind key paths of the props to sinks or to object
/// properties; a binding fires with the current value when made, then only when the
/// value at its key path changes.
///
/// ```swift
/// let connection = Connection(
///     store: store,
///     mapStateToProps: { Props(title: $0.title, count: $0.count) },
///     mapDispatchToActions: { dispatch in Actions(increment: { dispatch(Increment()) }) }
/// )
/// connection.bind(\.title, to: label, \.text)          // holds `label` weakly
/// connection.bind(\.count, to: { print("count", $0) })
/// connection.connect()                                 // when the screen appears
/// connection.actions.increment()
/// connection.disconnect()                              // when it disappears
/// ```
///
/// ## Lifetime
/// - While disconnected, props do not follow the store. ``connect()`` catches up to the
///   store's current state at once; bindings made earlier fire for values that changed.
/// - Bindings live as long as the connection (or until the object they write to is
///   released, or you cancel the returned subscription).
/// - The connection holds the store. A sink that captures the view model that owns the
///   connection makes a cycle: capture it `[weak self]`, or bind to an object property.
///
/// Connections are cheap: connections with `Equatable` props made one after another share
/// one store observer, and each keeps its props and its bindings in one object (under
/// 300 bytes with one binding whose sink captures `[weak self]`).
@MainActor
public final class Connection<State, Props, Actions> {
    /// The current props. Setting them (for previews, or on a store-less connection)
    /// drives the bindings as a store would.
    ///
    /// Props set while bindings are being told (a binding that dispatches, or sets props
    /// on a store-less connection) are delivered after that pass, in order: every binding
    /// ends on the current props, and none is re-entered.
    // Inlinable accessors: setting props from the caller's module (a store-less
    // connection, or the group member's delivery) tells the bindings through a pass
    // specialized for `Props` (benchmark S7, all readers).
    @inlinable
    public var props: Props {
        get { cell.props }
        set { cell.deliver(newValue) }
    }
    /// The props and the bindings; the group member itself for a member connection.
    @usableFromInline let cell: PropsCell<Props>

    /// The actions built by `mapDispatchToActions`.
    ///
    /// Settable, as in ReRxSwift, so that a spec can put mock actions in their place:
    /// ```swift
    /// var tapped = false
    /// screen.actions = Actions(updatedText: { _ in tapped = true })
    /// ```
    /// Mock actions stay until you set others or point the connection at another
    /// ``store``, which builds the actions again from `mapDispatchToActions`.
    public var actions: Actions

    /// The store the connection follows; `nil` for a store-less connection.
    var followedStore: Store<State>?
    /// `mapDispatchToActions`, kept so that pointing the connection at another store
    /// builds actions that dispatch there; `nil` for a store-less connection.
    let buildActions: ((Dispatch) -> Actions)?
    /// What follows the store besides a group's member: the store observer's subscription,
    /// or a member's slice subscription; `nil` for a member of a connection group and for
    /// a store-less connection. One field for all of them: a connection is three words and
    /// its actions (benchmark S5).
    var storeSubscription: SubscriptionHandle?

    /// The store observer, for props that are not `Equatable`.
    var storeObserver: ConnectionObserver<State, Props, Actions>? {
        storeSubscription?.observer as? ConnectionObserver<State, Props, Actions>
    }

    /// The group member, for `Equatable` props: the cell itself.
    var member: ConnectionMember<State, Props>? {
        cell as? ConnectionMember<State, Props>
    }

    /// Creates a connection to `store`; props are computed from the current state now.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change
    ///     while connected.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    // Inlinable, like the other store initializers: the mapping closure is then built,
    // and specialized for State and Props, in the caller's module (S7).
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping (State) -> Props,
                            mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        self.init(store: store, mapDispatchToActions: mapDispatchToActions, propsIfChanged: { mapStateToProps($0) })
    }

    /// Creates a connection that reads only one `Equatable` slice of the state:
    /// `mapSliceToProps` runs only when that slice changed.
    ///
    /// ReRxSwift recomputes props on every state change; declaring the slice avoids it.
    /// When the slice is a stored property, or an element of a stored array
    /// (`\.rows[3]`), and an action is handled only by reducers scoped elsewhere
    /// (``Reducer/scope(_:)``), the slice is not even read.
    ///
    /// ```swift
    /// Connection(store: store, slice: \.profile,
    ///            mapSliceToProps: { Props(name: $0.name) },
    ///            mapDispatchToActions: { _ in () })
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - slice: The part of the state the props depend on.
    ///   - mapSliceToProps: A pure function of the slice; runs when the slice changed.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init<Slice: Equatable>(store: Store<State>,
                                              slice: KeyPath<State, Slice>,
                                              mapSliceToProps: @escaping (Slice) -> Props,
                                              mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        // A member of the store's group of key-path subscriptions of this slice type:
        // connections that declare the same slice share its projection (S7 with slice:).
        MainThreadCheck.require("Connection(store:...)")
        let initial = store.state[keyPath: slice]
        let member = SliceConnectionMember<State, Slice, Props>(slice: initial, path: slice, mapSlice: mapSliceToProps)
        self.init(store: store, mapDispatchToActions: mapDispatchToActions, member: member)
        keep(member.subscribeSlice(of: store, initial: initial, mapSlice: mapSliceToProps))
    }

    /// - Parameter sliceBytes: Where the declared slice lies in the state, when it is a
    ///   stored property: the connection then skips dispatches whose reducers cannot write it.
    @usableFromInline
    init(store: Store<State>, mapDispatchToActions: @escaping (Dispatch) -> Actions,
         propsIfChanged: @escaping (State) -> Props?, sliceBytes: Range<Int>? = nil) {
        MainThreadCheck.require("Connection(store:...)")
        self.followedStore = store
        self.buildActions = mapDispatchToActions
        // The first call always yields props: there is no previous state to compare with.
        self.cell = PropsCell(props: propsIfChanged(store.state)!)
        self.actions = mapDispatchToActions(store.weakDispatch)
        Housekeeping.run()
        follow(store, with: ConnectionObserver<State, Props, Actions>(
            propsIfChanged: propsIfChanged, sliceBytes: sliceBytes, writes: store.loop.writes))
        store.loop.watcher?.observerMade(cell, .connection(Props.self))
    }

    /// Follows `store` through `observer` (props that are not `Equatable`).
    func follow(_ store: Store<State>, with observer: ConnectionObserver<State, Props, Actions>) {
        if observer.sliceBytes != nil { store.trackFootprints() }
        observer.connection = self
        storeSubscription = store.observers.subscribe(observer)
    }

    /// Creates a connection without a store, from fixed props and (mock) actions: for
    /// previews, prototypes and view tests. Set ``props`` to drive its bindings.
    ///
    /// The type parameters are `Connection<State, Props, Actions>`. Where the state type
    /// is not given by the context, it is `Void`; where it is (a view model's
    /// `connection` property), the store-less connection takes the app's state type:
    ///
    /// ```swift
    /// let preview = Connection(
    ///     props: Props(title: "Preview", count: 3),
    ///     actions: Actions(increment: {})
    /// )                                                 // Connection<Void, Props, Actions>
    /// let typed: Connection<AppState, Props, Actions> = Connection(
    ///     props: Props(title: "Preview", count: 3),
    ///     actions: Actions(increment: {})
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - props: The props bindings see first.
    ///   - actions: The actions views call, usually closures that record or print.
    public convenience init(props: Props, actions: Actions) {
        self.init(storelessProps: props, actions: actions)
    }

    init(storelessProps props: Props, actions: Actions) {
        MainThreadCheck.require("Connection(props:actions:)")
        self.followedStore = nil
        self.buildActions = nil
        self.cell = PropsCell(props: props)
        self.actions = actions
    }

    /// A connection that follows `store` as a member of one of its groups; the caller
    /// joins the group, with a pass specialized in its module.
    @usableFromInline
    init(store: Store<State>, mapDispatchToActions: @escaping (Dispatch) -> Actions,
         member: ConnectionMember<State, Props>) {
        // The public initializers that make members checked the thread before they made
        // the member's group.
        self.followedStore = store
        self.buildActions = mapDispatchToActions
        self.cell = member
        self.actions = mapDispatchToActions(store.weakDispatch)
        Housekeeping.run()
        store.loop.watcher?.observerMade(member, .connection(Props.self))
    }

    /// Keeps `subscription`, the one that follows the store for this connection's member,
    /// for as long as this connection lives.
    @usableFromInline
    func keep(_ subscription: SubscriptionHandle) {
        #if REFLOW_INTERNAL_CHECKS
        precondition(storeSubscription == nil, "Connection: a second store subscription")
        #endif
        storeSubscription = subscription
    }


    deinit {
        // A member connection leaves its group here, as a subscription would when released:
        // at once on the main queue, else as soon as the main actor runs.
        guard let member = cell as? ConnectionMember<State, Props> else { return }
        if MainQueueDetection.isOnMainQueue {
            MainActor.assumeIsolated { member.leaveGroup() }
        } else {
            Task { @MainActor in member.leaveGroup() }
        }
    }

    /// Whether the props follow the store: between ``connect()`` and ``disconnect()``.
    /// A store-less connection is always connected.
    public var isConnected: Bool { storeObserver?.isEnabled ?? member?.isEnabled ?? true }

    /// Starts following the store: catches up to its current state at once, then updates
    /// on each change. Call it when the screen appears. Calling it twice does nothing.
    public func connect() {
        MainThreadCheck.require("Connection.connect()")
        guard let store = followedStore else { return }
        if let member, !member.isEnabled {
            member.isEnabled = true
            if let props = member.catchUp(to: store.state) { self.props = props }
        }
        guard let storeObserver, !storeObserver.isEnabled else { return }
        storeObserver.isEnabled = true
        if let props = storeObserver.propsIfChanged(store.state) { self.props = props }
    }

    /// Stops following the store; bindings stay and resume on the next ``connect()``.
    /// Call it when the screen disappears.
    public func disconnect() {
        MainThreadCheck.require("Connection.disconnect()")
        storeObserver?.isEnabled = false
        member?.isEnabled = false
    }

    /// Adds a binding to the props' table, which keeps it for as long as the props live;
    /// the returned handle only ends it early, so a caller may drop it (nothing is kept
    /// per binding beyond the observer: benchmark S5). The binding is added unlinked: the
    /// handle knows the table.
    @usableFromInline
    func addBinding(_ observer: Observer<Props>) -> BindingHandle {
        cell.insertUnlinked(observer)
        return BindingHandle(binding: observer, in: cell)
    }
}

extension Connection where State == Void {
    /// Creates a connection without a store whose state type is `Void`, so that
    /// `Connection(props:actions:)` needs no generic arguments; otherwise the same as the
    /// store-less initializer of every connection.
    ///
    /// - Parameters:
    ///   - props: The props bindings see first.
    ///   - actions: The actions views call, usually closures that record or print.
    public convenience init(props: Props, actions: Actions) {
        self.init(storelessProps: props, actions: actions)
    }
}

extension Connection where Props: Equatable {
    /// Creates a connection to `store` whose props are distinct until changed: new props
    /// equal to the current ones are dropped, so a state change that leaves them equal
    /// reaches no binding.
    ///
    /// Swift picks this initializer whenever `Props` is `Equatable`, as react-redux and
    /// ReRxSwift compare props before re-rendering.
    ///
    /// - Parameters:
    ///   - store: The store to follow once connected.
    ///   - mapStateToProps: A pure function of the state; runs on each state change
    ///     while connected.
    ///   - mapDispatchToActions: Builds the actions from the store's dispatch; runs once, and again
    ///     when the connection is pointed at another store (`store`).
    @inlinable
    public convenience init(store: Store<State>,
                            mapStateToProps: @escaping (State) -> Props,
                            mapDispatchToActions: @escaping (Dispatch) -> Actions) {
        MainThreadCheck.require("Connection(store:...)")
        // A member of the store's group of connections with these props: the pass that
        // maps and compares is specialized here, in the caller's module (S5, S7, S9).
        let member = GroupedConnectionMember<State, Props>(props: mapStateToProps(store.state), map: mapStateToProps)
        let group = store.connectionGroup(of: Props.self, pass: ConnectionGroup<State, Props>.deliveringChanges)
        self.init(store: store, mapDispatchToActions: mapDispatchToActions, member: member)
        group.join(member)
    }

}
