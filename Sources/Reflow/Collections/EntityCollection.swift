/// An ordered collection of entities keyed by id that remembers which ids changed, so a
/// store notifies only the subscribers of changed entities.
///
/// Keep lists in state as `EntityCollection` (Redux Toolkit's entity adapter, TCA's
/// identified array) and subscribe per entity with
/// ``Store/subscribe(_:in:_:)``: a dispatch that changes one of 10,000 entities then costs
/// about as much as one that changes one of 10.
///
/// ```swift
/// struct AppState { var todos = EntityCollection<Todo.ID, Todo>() }
///
/// let reducer = Reducer<AppState>.on(Toggle.self) { state, toggle in
///     state.todos[id: toggle.id]?.isDone.toggle()
/// }
/// let row = store.subscribe(todo.id, in: \.todos) { todo in render(todo) }
/// ```
///
/// Equality and hashing ignore the change journal: two collections with the same entities
/// in the same order are equal.
///
/// - Complexity: Lookup, update and append are O(1); removal is O(*n*) (it keeps order).
public struct EntityCollection<ID: Hashable, Entity> {
    private var order: [ID] = []
    private var storage: [ID: Entity] = [:]
    private let idOf: (Entity) -> ID
    var journal = ChangeJournal<ID>()

    /// Creates a collection whose ids are read from each entity with `id`.
    ///
    /// - Parameter id: Reads an entity's id; called when entities are added or replaced.
    public init(id: @escaping (Entity) -> ID) {
        self.idOf = id
    }

    /// Creates a collection of `entities`, in order, with ids read by `id`.
    ///
    /// - Precondition: ids are unique.
    ///
    /// - Parameters:
    ///   - entities: The entities, in order.
    ///   - id: Reads an entity's id.
    public init(_ entities: some Sequence<Entity>, id: @escaping (Entity) -> ID) {
        self.idOf = id
        for entity in entities { append(entity) }
    }

    /// The number of entities.
    public var count: Int { order.count }

    /// Whether the collection is empty.
    public var isEmpty: Bool { order.isEmpty }

    /// The ids, in order.
    public var ids: [ID] { order }

    /// The entities, in order.
    public var elements: [Entity] { order.map { storage[$0]! } }

    /// The entity with `id`; assigning `nil` removes it, assigning a new id's entity
    /// appends it.
    public subscript(id id: ID) -> Entity? {
        get { storage[id] }
        set {
            if let newValue {
                guard idOf(newValue) == id else {
                    fatalError("EntityCollection: the entity assigned at id \(id) has id \(idOf(newValue)); assign each entity at its own id.")
                }
                if storage.updateValue(newValue, forKey: id) == nil { order.append(id) }
                noteChange(of: id)
            } else {
                remove(id: id)
            }
        }
    }

    /// Appends `entity`, or replaces the entity with the same id in place.
    public mutating func append(_ entity: Entity) {
        let id = idOf(entity)
        if storage.updateValue(entity, forKey: id) == nil { order.append(id) }
        noteChange(of: id)
    }

    /// Changes the entity with `id` in place.
    ///
    /// - Returns: `false` when there is no entity with that id.
    @discardableResult
    public mutating func update(id: ID, _ change: (inout Entity) -> Void) -> Bool {
        guard storage[id] != nil else { return false }
        change(&storage[id]!)
        noteChange(of: id)
        return true
    }

    /// Removes the entity with `id` and returns it, or `nil` if there was none.
    @discardableResult
    public mutating func remove(id: ID) -> Entity? {
        guard let removed = storage.removeValue(forKey: id) else { return nil }
        order.removeAll { $0 == id }
        noteChange(of: id)
        return removed
    }

    /// Removes every entity.
    public mutating func removeAll() {
        let removed = order
        order.removeAll()
        storage.removeAll()
        for id in removed { noteChange(of: id) }
    }

    private mutating func noteChange(of id: ID) {
        // A journal shared with a copy of this collection would record the copy's changes
        // too; start a fresh one, which tells observers to look at everything once.
        if !isKnownUniquelyReferenced(&journal) { journal = ChangeJournal() }
        journal.record(id)
    }
}

extension EntityCollection where Entity: Identifiable, Entity.ID == ID {
    /// Creates an empty collection of identifiable entities.
    public init() {
        self.init(id: { $0.id })
    }

    /// Creates a collection of identifiable entities, in order.
    ///
    /// - Parameter entities: The entities, in order; their ids must be unique.
    public init(_ entities: some Sequence<Entity>) {
        self.init(entities, id: { $0.id })
    }
}

extension EntityCollection: Sequence {
    /// Iterates the entities in order.
    public func makeIterator() -> IndexingIterator<[Entity]> { elements.makeIterator() }
}

extension EntityCollection: Equatable where Entity: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.order == rhs.order && lhs.storage == rhs.storage
    }
}

extension EntityCollection: CustomReflectable {
    /// Shows the entities (not the journal) in diffs and logs.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}
