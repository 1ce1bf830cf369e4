/// The store observer for all per-entity subscriptions on one ``EntityCollection``: it
/// reads the collection's change journal and notifies only the subscribers of the ids
/// that changed.
@MainActor
final class EntityObserverIndex<State, ID: Hashable, Entity: Equatable>: StateObserver<State> {
    let keyPath: KeyPath<State, EntityCollection<ID, Entity>>
    private var subscribers: [ID: ObserverTable<Entity?>] = [:]
    private weak var readJournal: ChangeJournal<ID>?
    private var readPosition = 0

    init(keyPath: KeyPath<State, EntityCollection<ID, Entity>>, current: EntityCollection<ID, Entity>) {
        self.keyPath = keyPath
        super.init()
        markRead(current)
    }

    func subscribe(_ id: ID, current: EntityCollection<ID, Entity>, onChange: @escaping (Entity?) -> Void) -> Subscription {
        let table = subscribers[id] ?? {
            let table = ObserverTable<Entity?>()
            subscribers[id] = table
            return table
        }()
        let initial = current[id: id]
        let observer = SelectingObserver<Entity?, Entity?>(initial: initial, select: { $0 }, isDuplicate: { $0 == $1 }, onChange: onChange)
        let subscription = table.subscribe(observer)
        onChange(initial)
        return subscription
    }

    override func notify(_ state: State) {
        let collection = state[keyPath: keyPath]
        if let journal = readJournal, journal === collection.journal, let changed = journal.changes(since: readPosition) {
            readPosition = journal.end
            if changed.count == 1 {
                subscribers[changed.first!]?.notify(collection[id: changed.first!])
            } else if !changed.isEmpty {
                var seen = Set<ID>()
                for id in changed where seen.insert(id).inserted {
                    subscribers[id]?.notify(collection[id: id])
                }
            }
        } else {
            markRead(collection)
            for (id, table) in subscribers { table.notify(collection[id: id]) }
        }
    }

    private func markRead(_ collection: EntityCollection<ID, Entity>) {
        readJournal = collection.journal
        readPosition = collection.journal.end
    }
}
