/// The reference for ``ScaleProgram``s, written from the documented rules alone:
/// - An observer is given its value when it is made (a store subscription at subscribe, a
///   connection's binding when bound), then, after each notification of the store it
///   follows, its value if it differs from the last one it was given.
/// - A connection is told only while connected; `connect()` catches up at once (given the
///   value if it differs). Pointing a connection at another store disconnects it, follows
///   that store and connects again if it was.
/// - A dispatch notifies after its reduction; inside a batch the store notifies once, when
///   the batch ends; a dispatch made while the store is notifying runs after the current
///   notification, in order.
/// - A notification visits the observers in the order they joined the store (a re-pointed
///   connection joins at the end); one made or joined during it is not visited by it, one
///   released or disconnected before its turn is not told, one connected before its turn
///   has caught up already.
/// - A sink's reaction runs the first time its value's last element, modulo 4, is its
///   trigger. A reaction cannot release a store subscription that is still being made
///   (its first value is being given): the app holds no handle for it yet.
struct ScaleModel {
    private struct Observer {
        var spec: ScaleObserverSpec
        var store: Int
        var last: [Int]
        /// How many times it joined a store: a notification visits it only at the place it
        /// held when the notification began.
        var joins = 1
        var connected = false
        var alive = true
        var reacted = false
    }

    private struct StoreModel {
        var state: ScaleState
        /// The observers in the order they joined, each with its join count then.
        var order: [(id: Int, joins: Int)] = []
        var isNotifying = false
        var batchDepth = 0
        var batchChanged = false
        var queue: [ScaleAction] = []
    }

    private var stores: [StoreModel]
    private var observers: [Observer] = []
    private var result = ScaleResult()
    /// The store subscription being made, while its first value is given.
    private var subscribing: Int?

    init(_ program: ScaleProgram) {
        stores = program.initialStates.map { StoreModel(state: $0) }
    }

    static func run(_ program: ScaleProgram) -> ScaleResult {
        var model = ScaleModel(program)
        for step in program.steps { model.apply(step) }
        model.result.states = model.stores.map(\.state)
        return model.result
    }

    private mutating func apply(_ step: ScaleStep) {
        switch step {
        case .add(let spec): add(spec)
        case .dispatch(let store, let action): dispatch(action, to: store)
        case .batch(let store, let steps):
            stores[store].batchDepth += 1
            for step in steps { apply(step) }
            stores[store].batchDepth -= 1
            if stores[store].batchDepth == 0 && stores[store].batchChanged {
                stores[store].batchChanged = false
                notifyAndDrain(store)
            }
        case .connect(let id): connect(id)
        case .disconnect(let id): if isLiveConnection(id) { observers[id].connected = false }
        case .release(let id): release(id)
        case .repoint(let id, let store): repoint(id, to: store)
        }
    }

    private mutating func release(_ id: Int) {
        if id < observers.count && id != subscribing { observers[id].alive = false }
    }

    private mutating func add(_ spec: ScaleObserverSpec) {
        let id = observers.count
        let value = spec.selection.value(in: stores[spec.store].state)
        observers.append(Observer(spec: spec, store: spec.store, last: value))
        result.received.append([])
        stores[spec.store].order.append((id, 1))
        subscribing = spec.kind.isConnection ? nil : id
        give(value, to: id)
        subscribing = nil
        if spec.kind.isConnection && spec.connects { connect(id) }
    }

    private func isLiveConnection(_ id: Int) -> Bool {
        id < observers.count && observers[id].alive && observers[id].spec.kind.isConnection
    }

    private mutating func connect(_ id: Int) {
        guard isLiveConnection(id), !observers[id].connected else { return }
        observers[id].connected = true
        catchUp(id)
    }

    private mutating func repoint(_ id: Int, to store: Int) {
        guard isLiveConnection(id), observers[id].store != store else { return }
        let wasConnected = observers[id].connected
        observers[id].connected = false
        stores[observers[id].store].order.removeAll { $0.id == id }
        observers[id].store = store
        observers[id].joins += 1
        stores[store].order.append((id, observers[id].joins))
        if wasConnected { connect(id) }
    }

    /// Gives observer `id` its store's value if it differs from its last.
    private mutating func catchUp(_ id: Int) {
        let value = observers[id].spec.selection.value(in: stores[observers[id].store].state)
        guard value != observers[id].last else { return }
        observers[id].last = value
        give(value, to: id)
    }

    private mutating func give(_ value: [Int], to id: Int) {
        result.received[id].append(value)
        let spec = observers[id].spec
        guard let reaction = spec.reaction, !observers[id].reacted, let last = value.last, last % 4 == spec.trigger else {
            return
        }
        observers[id].reacted = true
        switch reaction {
        case .dispatch(let store, let action): dispatch(action, to: store)
        case .connect(let target): connect(target)
        case .disconnect(let target): if isLiveConnection(target) { observers[target].connected = false }
        case .release(let target): release(target)
        case .repoint(let target, let store): repoint(target, to: store)
        }
    }

    private mutating func dispatch(_ action: ScaleAction, to store: Int) {
        if stores[store].isNotifying {
            stores[store].queue.append(action)
            return
        }
        action.apply(to: &stores[store].state)
        if stores[store].batchDepth > 0 {
            stores[store].batchChanged = true
            return
        }
        notifyAndDrain(store)
    }

    private mutating func notifyAndDrain(_ store: Int) {
        notify(store)
        while !stores[store].queue.isEmpty {
            let action = stores[store].queue.removeFirst()
            action.apply(to: &stores[store].state)
            notify(store)
        }
    }

    private mutating func notify(_ store: Int) {
        stores[store].isNotifying = true
        for (id, joins) in stores[store].order {
            let observer = observers[id]
            guard observer.alive, observer.store == store, observer.joins == joins,
                  !observer.spec.kind.isConnection || observer.connected else {
                continue
            }
            catchUp(id)
        }
        stores[store].isNotifying = false
    }
}
