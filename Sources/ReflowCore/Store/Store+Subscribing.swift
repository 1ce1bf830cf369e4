extension Store {
    /// Observes a value selected from the state.
    ///
    /// `onChange` is called at once with the current value, then after each dispatch whose
    /// new state selects a value that differs (`!=`) from the last one this subscriber got.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.todos.filter(\.isDone).count }) { done in
    ///     print("\(done) done")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: A pure function of the state; runs once per notification.
    ///   - onChange: Receives the new value.
    /// - Returns: The subscription; updates stop when it is cancelled or released.
    /// - Complexity: O(1) to subscribe and to cancel; when the app has reactors, subscribing
    ///   also checks them for release (O(*r*) in live reactors, see ``Reactor``).
    // Inlinable so the pass, and the comparison in it, are specialized for State and Value
    // in the caller's module; unspecialized, each subscriber pays generic value-witness
    // calls (benchmarks S2 and S3).
    @inlinable
    public func subscribe<Value: Equatable>(_ select: @escaping (State) -> Value,
                                            _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let group = selectionGroup(of: Value.self, usesCustomEquality: false,
                                   pass: SelectionGroup<State, Value>.comparingEqual)
        return didSubscribe(group.subscribe(select, initial: select(state), isDuplicate: nil, onChange: onChange),
                            selecting: "closure")
    }

    /// Observes a value at a key path of the state.
    ///
    /// `onChange` is called at once with the current value, then only when it changes.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.user.name) { name in title = name }
    /// ```
    ///
    /// Subscriptions made one after another to the same key path share its work: the key
    /// path is projected, and its value compared, once per dispatch for all of them.
    ///
    /// - Complexity: O(1) to subscribe and to cancel; when the app has reactors, subscribing
    ///   also checks them for release (O(*r*) in live reactors, see ``Reactor``).
    ///
    /// - Parameters:
    ///   - keyPath: The value to watch; subscriptions to one key path share its projection.
    ///   - onChange: Called with the current value at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    @inlinable
    public func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>,
                                            _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let subscription = subscribe(keyPath, in: keyPathGroup(of: Value.self, pass: KeyPathGroup<State, Value>.sharingProjections),
                                     initial: state[keyPath: keyPath], onChange: onChange)
        return didSubscribe(subscription, selecting: String(describing: keyPath))
    }

    /// Observes one element of an array in the state, given as the array's key path and
    /// the element's index.
    ///
    /// `onChange` is called at once with the current element, then only when it changes.
    /// The same as `subscribe(\.rows[index])`, but faster where many elements are watched:
    /// when `array` is a stored property kept inline in the state, the element is read
    /// with a load at the array's offset and a subscript, not through a key path (about
    /// 120 ns less per read), and an action whose reducers are scoped elsewhere
    /// (``Reducer/scope(_:)``) skips it.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.scores, at: 3) { score in label.text = "\(score)" }
    /// ```
    ///
    /// Like the subscript, reading an index outside the array stops the program, with a
    /// message naming the index and the array's count; cancel the subscription before the
    /// reducer removes its element.
    ///
    /// - Parameters:
    ///   - array: The array in the state.
    ///   - index: The element's index.
    ///   - onChange: Called with the current element at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    /// - Complexity: O(1) to subscribe and to cancel; one load and one comparison per
    ///   notification that can have written the array, shared by the subscriptions to the
    ///   same element.
    @inlinable
    public func subscribe<Element: Equatable>(_ array: KeyPath<State, [Element]>, at index: Int,
                                              _ onChange: @escaping (Element) -> Void) -> SubscriptionHandle {
        let elementPath = array.appending(path: \[Element].[index])
        let current = state[keyPath: array]
        guard current.indices.contains(index) else { Store<State>.elementOutOfBounds(index, count: current.count, of: array) }
        let subscription = subscribe(elementPath, elementRead: ArrayElementRead(array, index: index),
                                     in: keyPathGroup(of: Element.self, pass: KeyPathGroup<State, Element>.sharingProjections),
                                     initial: current[index], onChange: onChange)
        return didSubscribe(subscription, selecting: String(describing: elementPath))
    }

    /// Stops the program: a subscription or connection was made, or pointed at a store,
    /// for element `index` of an array that has `count` elements.
    ///
    /// - Parameters:
    ///   - doing: What was done, ending where the element is named.
    ///   - remedy: What to do instead.
    @usableFromInline
    package static func elementOutOfBounds(_ index: Int, count: Int, of array: AnyKeyPath,
                                           doing: String = "subscribed to element",
                                           remedy: String = "Use an index inside the array") -> Never {
        fatalError("""
            Reflow: \(doing) \(index) of \(array), which has \(count) elements. \
            \(remedy) (0..<\(count)).
            """)
    }

    /// Observes a selected value with your own test for "unchanged".
    ///
    /// Use it for values that are not `Equatable` (tuples, reference types), for a cheaper
    /// comparison, or to receive every state: pass `isDuplicate: { _, _ in false }`.
    ///
    /// ```swift
    /// store.subscribe({ ($0.page, $0.query) }, isDuplicate: ==) { page, query in ... }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Picks the value to watch from the state; called once per dispatch.
    ///   - isDuplicate: Whether a new value is the same as the last one delivered (then
    ///     `onChange` is not called).
    ///   - onChange: Called with the current value at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    // Inlinable for the same reason as the `Equatable` variant.
    @inlinable
    public func subscribe<Value>(_ select: @escaping (State) -> Value,
                                 isDuplicate: @escaping (Value, Value) -> Bool,
                                 _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let group = selectionGroup(of: Value.self, usesCustomEquality: true,
                                   pass: SelectionGroup<State, Value>.comparingCustom)
        return didSubscribe(group.subscribe(select, initial: select(state), isDuplicate: isDuplicate, onChange: onChange),
                            selecting: "closure")
    }

    /// The number of live subscriptions (connections count one each, per-entity
    /// subscriptions one each).
    ///
    /// Released reactors that subscribed to this store are stopped first, so their
    /// subscriptions are not counted.
    ///
    /// - Complexity: O(*s*) plus O(*r*) in live reactors; meant for diagnostics and tests.
    public var subscriptionCount: Int {
        Housekeeping.run()
        return observers.subscriptionCount
    }

    /// The newest group if it is a key-path group of `Value` and no pass is running, else
    /// a new group at the end (a member added during a pass must not be visited by it).
    @usableFromInline
    package func keyPathGroup<Value: Equatable>(of _: Value.Type,
                                        pass: @escaping KeyPathGroup<State, Value>.Pass) -> KeyPathGroup<State, Value> {
        noteNewSubscriber()
        return observers.joinableGroup(KeyPathGroup<State, Value>.self) {
            KeyPathGroup(writes: loop.writes, pass: pass)
        }
    }

    /// Adds a key-path subscription to `group`; a stored path (or an element of a stored
    /// array read at its offset) turns on footprint tracking,
    /// which lets later notifications skip it when no reducer could write it.
    ///
    /// - Parameter watchedChange: For a subscriber that reports itself to a
    ///   ``NotificationWatcher``: how it takes a change in a watched notification.
    @usableFromInline
    package func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>, elementRead: ArrayElementRead? = nil,
                                     in group: KeyPathGroup<State, Value>, initial: Value,
                                     watchedChange: KeyPathGroup<State, Value>.WatchedChange? = nil,
                                     onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let subscription = group.subscribe(keyPath, elementRead: elementRead, initial: initial,
                                           watchedChange: watchedChange, onChange: onChange)
        if group.tracksFootprint(of: keyPath) { trackFootprints() }
        return subscription
    }

    /// Tells the key-path subscription `subscription` that its subscriber now holds `value`,
    /// given to it outside the group's passes (a connection's slice caught up on
    /// `connect()`): the next pass compares the state's value with `value`, not with the
    /// one the group delivered last.
    ///
    /// - Complexity: O(1); the group's next pass visits every member once.
    package static func keyPathSubscription<Value: Equatable>(_ subscription: SubscriptionHandle, delivered value: Value) {
        guard let observer = subscription.observer else { return }  // cancelled: nothing follows
        guard let member = observer as? KeyPathMember<State, Value> else {
            preconditionFailure("Store: \(type(of: observer)) is not a key-path subscription of \(Value.self)")
        }
        member.group?.member(member, delivered: value)
    }

    /// Names a new subscription for the store's ``NotificationWatcher``, if it has one, so
    /// that names follow the order subscriptions were made in.
    ///
    /// - Parameter detail: What it selects: a key path, or "closure".
    @usableFromInline
    package func didSubscribe(_ subscription: SubscriptionHandle, selecting detail: @autoclosure () -> String) -> SubscriptionHandle {
        if let observer = subscription.observer {
            // The detail is made once, when there is a watcher to name the observer.
            announce(observer, { let detail = detail(); return .subscription(detail) }())
        }
        return subscription
    }

    /// Names a new observer of a feature (an entity subscription) for the store's
    /// ``NotificationWatcher``, if it has one, by the observer's own label.
    @usableFromInline
    package func didMake<Value>(_ observer: Observer<Value>) {
        announce(observer, observer.watchLabel)
    }

    /// The newest group if it selects `Value` the same way and no pass is running, else a
    /// new group at the end.
    @usableFromInline
    func selectionGroup<Value>(of _: Value.Type, usesCustomEquality: Bool,
                               pass: @escaping SelectionGroup<State, Value>.Pass) -> SelectionGroup<State, Value> {
        noteNewSubscriber()
        return observers.joinableGroup(SelectionGroup<State, Value>.self,
                                       accepts: { $0.usesCustomEquality == usesCustomEquality }) {
            SelectionGroup(usesCustomEquality: usesCustomEquality, pass: pass)
        }
    }

    /// A new subscriber: features' housekeeping runs (subscribing is not a hot path).
    package func noteNewSubscriber() {
        MainThreadCheck.require("Store.subscribe")
        Housekeeping.run()
    }
}
