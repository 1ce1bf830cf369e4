extension Store {
    /// Observes one entity of an ``EntityCollection`` in the state: `onChange` gets it at
    /// once, then whenever it changes (`nil` once it is removed).
    ///
    /// Notification reads the collection's change journal, so a dispatch that changes
    /// one entity notifies only that entity's subscribers, however many entities there are.
    ///
    /// ```swift
    /// let subscription = store.subscribe(todo.id, in: \.todos) { todo in
    ///     cell.title = todo?.title ?? ""
    /// }
    /// ```
    ///
    /// > Note: All entity subscriptions on one collection are notified together, at the
    /// > place in subscription order of the first of them.
    ///
    /// - Complexity: O(*c*) per dispatch in the entities that changed, not in the
    ///   collection's size or the number of entity subscriptions.
    public func subscribe<ID: Hashable, Entity: Equatable>(
        _ id: ID, in collection: KeyPath<State, EntityCollection<ID, Entity>>,
        _ onChange: @escaping (Entity?) -> Void
    ) -> Subscription {
        let current = state[keyPath: collection]
        noteSubscriberFromReactor()
        let index: EntityObserverIndex<State, ID, Entity>
        if let existing = entityIndexes[collection] {
            // Invariant: an index is stored under its own key path, whose value type fixes
            // ID and Entity, so the stored index has exactly this type.
            index = existing as! EntityObserverIndex<State, ID, Entity>
        } else {
            index = EntityObserverIndex(keyPath: collection, current: current)
            index.onEmpty = { [unowned self, unowned index] in
                if self.entityIndexes[collection] === index { self.entityIndexes[collection] = nil }
                index.endSubscription()
            }
            entityIndexes[collection] = index
            observers.insert(index)
        }
        return index.subscribe(id, current: current, onChange: onChange)
    }
}
