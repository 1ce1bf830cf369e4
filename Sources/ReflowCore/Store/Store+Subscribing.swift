extension Store {
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
