import ReflowCore

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
    ///
    /// - Parameters:
    ///   - id: The entity to observe.
    ///   - collection: Where the collection lives in the state.
    ///   - onChange: Called with the entity at once, then with each change (`nil` once removed).
    /// - Returns: The subscription; it ends when cancelled or released.
    // Inlinable: the per-entity observer is then built, and its comparison specialized,
    // in the caller's module (benchmark S3x).
    @inlinable
    public func subscribe<ID: Hashable, Entity: Equatable>(
        _ id: ID, in collection: KeyPath<State, EntityCollection<ID, Entity>>,
        _ onChange: @escaping (Entity?) -> Void
    ) -> SubscriptionHandle {
        let index = entityIndex(for: collection)
        let initial = state[keyPath: collection][id: id]
        let observer = SelectingObserver<Entity?>.make(
            initial: initial, select: { $0 }, isDuplicate: { $0 == $1 }, onChange: onChange
        )
        let subscription = index.subscribe(id, observer)
        didMake(observer)
        onChange(initial)
        return subscription
    }

    /// The index of per-entity subscriptions on `collection`, made on first use.
    @usableFromInline
    func entityIndex<ID: Hashable, Entity: Equatable>(
        for collection: KeyPath<State, EntityCollection<ID, Entity>>
    ) -> EntityObserverIndex<State, ID, Entity> {
        noteNewSubscriber()
        let indexes = features.feature(EntityIndexes<State>.self, orMake: EntityIndexes.init)
        if let existing = indexes.byCollection[collection] {
            // Invariant: an index is stored under its own key path, whose value type fixes
            // ID and Entity, so the stored index has exactly this type.
            return existing as! EntityObserverIndex<State, ID, Entity>
        }
        let index = EntityObserverIndex(keyPath: collection, current: state[keyPath: collection])
        // Weak: the index may outlive the store's features by a moment (the store ended).
        index.onEmpty = { [weak indexes, unowned index] in
            if let indexes, indexes.byCollection[collection] === index { indexes.byCollection[collection] = nil }
            index.endSubscription()
        }
        indexes.byCollection[collection] = index
        observers.insert(index)
        return index
    }
}

/// A store's per-entity subscription indexes, one per entity collection that has
/// per-entity subscriptions; kept in the store's features.
@MainActor
final class EntityIndexes<State>: StoreFeature {
    var byCollection: [AnyKeyPath: Observer<State>] = [:]
}
