import ReflowCore

/// The store observer for all per-entity subscriptions on one ``EntityCollection``: it
/// reads the collection's change journal and notifies only the subscribers of the ids
/// that changed.
///
/// Each id with subscribers has a table of its own; the table is dropped with its last
/// subscriber, and the index leaves the store with its last table, so nothing stays for
/// ids no longer watched.
@MainActor @usableFromInline
final class EntityObserverIndex<State, ID: Hashable, Entity: Equatable>: Observer<State> {
    let keyPath: KeyPath<State, EntityCollection<ID, Entity>>
    private var subscribers: [ID: EntitySubscribers<State, ID, Entity>] = [:]
    private weak var readJournal: ChangeJournal<ID>?
    private var readPosition = 0
    /// Runs when the index has no subscriber left (the store forgets it).
    var onEmpty: (() -> Void)?

    init(keyPath: KeyPath<State, EntityCollection<ID, Entity>>, current: EntityCollection<ID, Entity>) {
        self.keyPath = keyPath
        super.init()
        markRead(current)
    }

    override var subscriptionCount: Int {
        subscribers.values.reduce(0) { $0 + $1.liveCount }
    }

    /// The number of ids with a table (for leak tests).
    var watchedIDCount: Int { subscribers.count }

    /// Adds `observer` for the entity with `id`.
    @usableFromInline
    func subscribe(_ id: ID, _ observer: Observer<Entity?>) -> SubscriptionHandle {
        let subscription = (subscribers[id] ?? makeTable(for: id)).subscribe(observer)
        checkInvariants()
        return subscription
    }

    private func makeTable(for id: ID) -> EntitySubscribers<State, ID, Entity> {
        let table = EntitySubscribers(index: self, id: id)
        subscribers[id] = table
        return table
    }

    /// The last subscriber of `id` left `table`: forget the table.
    fileprivate func tableBecameEmpty(_ table: EntitySubscribers<State, ID, Entity>) {
        // The table may be in a pass: it stays alive through the pass's reference.
        if subscribers[table.id] === table { subscribers[table.id] = nil }
        checkInvariants()
        if subscribers.isEmpty { onEmpty?() }
    }

    /// What a watcher calls the subscribers of `id`: the entity's place in the state.
    fileprivate func label(of id: ID) -> ObserverLabel {
        let keyPath = keyPath
        return .subscription("\(keyPath)[id: \(String(reflecting: id))]")
    }

    override func notify(_ state: State) {
        forEachChange(in: state) { table, entity in table.notify(entity) }
    }

    /// Hands the watcher to the subscribers told: each reports itself.
    override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        forEachChange(in: state) { table, entity in table.notify(entity, watchedBy: watcher) }
    }

    /// Calls `tell` with the subscribers of each entity that changed since the last
    /// notification, and the entity (`nil` once removed); all of them when the journal
    /// cannot say (the collection was replaced, or its journal was trimmed).
    @inline(__always)
    private func forEachChange(in state: State, _ tell: (EntitySubscribers<State, ID, Entity>, Entity?) -> Void) {
        let collection = state[keyPath: keyPath]
        if let journal = readJournal, journal === collection.journal, let changed = journal.changes(since: readPosition) {
            readPosition = journal.end
            if changed.count == 1, let id = changed.first {
                if let table = subscribers[id] { tell(table, collection[id: id]) }
            } else if !changed.isEmpty {
                var seen = Set<ID>()
                for id in changed where seen.insert(id).inserted {
                    if let table = subscribers[id] { tell(table, collection[id: id]) }
                }
            }
        } else {
            markRead(collection)
            for (id, table) in subscribers { tell(table, collection[id: id]) }
        }
    }

    private func markRead(_ collection: EntityCollection<ID, Entity>) {
        readJournal = collection.journal
        readPosition = collection.journal.end
    }

    /// Checks that every watched id has a live subscriber, and that the journal read is
    /// not ahead of the journal. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        // A full walk keeps debug builds usable only while the index is small.
        guard subscribers.count <= 256 else { return }
        for (id, table) in subscribers {
            precondition(!table.isEmpty, "EntityObserverIndex: an empty table kept for id \(id)")
        }
        if let readJournal {
            precondition(readPosition <= readJournal.end, "EntityObserverIndex: read past the journal's end")
        }
        #endif
    }
}

/// The subscribers of one entity: a table that tells its index when its last subscriber
/// leaves, so the index drops it, and that names its subscribers by the entity.
@MainActor
final class EntitySubscribers<State, ID: Hashable, Entity: Equatable>: ObserverTable<Entity?> {
    /// Unowned: the index holds its tables, and a table outlives its index only inside a
    /// pass of the index, which holds the index.
    unowned let index: EntityObserverIndex<State, ID, Entity>
    let id: ID

    init(index: EntityObserverIndex<State, ID, Entity>, id: ID) {
        self.index = index
        self.id = id
    }

    override func didBecomeEmpty() {
        index.tableBecameEmpty(self)
    }

    override var observerLabel: ObserverLabel? { index.label(of: id) }
}
