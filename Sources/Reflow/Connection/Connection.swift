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
/// Connections are cheap: connections with props of one type made one after another share
/// one store observer, and each keeps its props and its bindings in one object (under
/// 300 bytes with one binding whose sink captures `[weak self]`). Props that are not
/// `Equatable` are delivered on every state change, as ReRxSwift does; `Equatable` props
/// only when they changed.
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
    /// The props, the bindings, and how the connection follows its store (see
    /// ``ConnectionMember``).
    @usableFromInline let cell: ConnectionMember<State, Props>

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
    /// A slice member's subscription to its store's key-path group; `nil` for a member of
    /// a connection group and for a store-less connection.
    var storeSubscription: SubscriptionHandle?

    /// Creates a connection to `store`; props are computed from the current state now.
    ///
    /// `Equatable` props are distinct until changed: new props equal to the current ones
    /// are dropped, so a state change that leaves them equal reaches no binding, as
    /// react-redux and ReRxSwift compare props before re-rendering. Other props are
    /// delivered on every state change, as ReRxSwift does.
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
        MainThreadCheck.require("Connection(store:...)")
        // A member of the store's group of connections with these props, which compares
        // `Equatable` props and delivers every mapping of others; the pass is specialized
        // here, in the caller's module.
        let member = GroupedConnectionMember<State, Props>(props: mapStateToProps(store.state), map: mapStateToProps)
        let group = store.connectionGroup(for: Props.self)
        self.init(store: store, mapDispatchToActions: mapDispatchToActions, member: member)
        group.join(member)
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
        self.cell = ConnectionMember(props: props)
        cell.isEnabled = true
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
        store.announce(member, .connection(Props.self))
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
        guard followedStore != nil else { return }
        let member = cell
        if MainQueueDetection.isOnMainQueue {
            MainActor.assumeIsolated { member.leaveGroup() }
        } else {
            Task { @MainActor in member.leaveGroup() }
        }
    }

    /// Whether the props follow the store: between ``connect()`` and ``disconnect()``.
    /// A store-less connection is always connected.
    public var isConnected: Bool { cell.isEnabled }

    /// Starts following the store: catches up to its current state at once, then updates
    /// on each change. Call it when the screen appears. Calling it twice does nothing.
    public func connect() {
        MainThreadCheck.require("Connection.connect()")
        guard let store = followedStore, !cell.isEnabled else { return }
        cell.isEnabled = true
        if let props = cell.catchUp(to: store.state, following: storeSubscription) { self.props = props }
    }

    /// Stops following the store; bindings stay and resume on the next ``connect()``.
    /// Call it when the screen disappears.
    public func disconnect() {
        MainThreadCheck.require("Connection.disconnect()")
        guard followedStore != nil else { return }  // a store-less connection stays connected
        cell.isEnabled = false
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
