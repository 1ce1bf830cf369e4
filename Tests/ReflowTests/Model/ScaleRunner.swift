import Reflow

/// Props of every connection in a ``ScaleProgram``: the watched value.
struct ScaleProps: Equatable {
    var x: [Int]
}

/// The object a connection's binding writes to, when it binds to a property.
@MainActor
final class ScaleTarget {
    let onSet: ([Int]) -> Void
    var value: [Int] = [] { didSet { onSet(value) } }

    init(onSet: @escaping ([Int]) -> Void) {
        self.onSet = onSet
    }
}

/// Runs a ``ScaleProgram`` on two real stores, with an observer of the spec's kind for each
/// `add`, and records what each observer was given.
@MainActor
final class ScaleRunner {
    private enum Observer {
        case subscription(SubscriptionHandle)
        case connection(Connection<ScaleState, ScaleProps, Void>, ScaleTarget?)
    }

    private let stores: [Store<ScaleState>]
    private var observers: [Observer?] = []
    private var specs: [ScaleObserverSpec] = []
    private var reacted: [Bool] = []
    private var received: [[[Int]]] = []

    init(_ program: ScaleProgram) {
        stores = program.initialStates.map { Store(reducer: scaleReducer, state: $0) }
    }

    static func run(_ program: ScaleProgram) -> ScaleResult {
        let runner = ScaleRunner(program)
        for step in program.steps { runner.apply(step) }
        return runner.finish()
    }

    /// ``run(_:)``, yielding the main actor every few steps (between steps nothing is
    /// under way), so that a program of thousands of observers does not hold it for long
    /// in a parallel test run.
    static func runYielding(_ program: ScaleProgram) async -> ScaleResult {
        let runner = ScaleRunner(program)
        for (index, step) in program.steps.enumerated() {
            runner.apply(step)
            if index % 16 == 15 { await Task.yield() }
        }
        return runner.finish()
    }

    private func finish() -> ScaleResult {
        let result = ScaleResult(received: received, states: stores.map(\.state))
        observers.removeAll()
        return result
    }

    private func apply(_ step: ScaleStep) {
        switch step {
        case .add(let spec): add(spec)
        case .dispatch(let store, let action): stores[store].dispatch(action)
        case .batch(let store, let steps): stores[store].batch { for step in steps { apply(step) } }
        case .connect(let id): connection(id)?.connect()
        case .disconnect(let id): connection(id)?.disconnect()
        case .release(let id): release(id)
        case .repoint(let id, let store): connection(id)?.store = stores[store]
        }
    }

    private func connection(_ id: Int) -> Connection<ScaleState, ScaleProps, Void>? {
        guard id < observers.count, case .connection(let connection, _)? = observers[id] else { return nil }
        return connection
    }

    /// Releases observer `id`; a store subscription still being made (its first value
    /// reached a reaction) is not the caller's yet, so nothing happens.
    private func release(_ id: Int) {
        guard id < observers.count else { return }
        observers[id] = nil
    }

    private func give(_ value: [Int], to id: Int) {
        received[id].append(value)
        let spec = specs[id]
        guard let reaction = spec.reaction, !reacted[id], let last = value.last, last % 4 == spec.trigger else { return }
        reacted[id] = true
        switch reaction {
        case .dispatch(let store, let action): stores[store].dispatch(action)
        case .connect(let target): connection(target)?.connect()
        case .disconnect(let target): connection(target)?.disconnect()
        case .release(let target): release(target)
        case .repoint(let target, let store): connection(target)?.store = stores[store]
        }
    }

    private func add(_ spec: ScaleObserverSpec) {
        let id = observers.count
        observers.append(nil)
        specs.append(spec)
        reacted.append(false)
        received.append([])
        let store = stores[spec.store]
        if spec.kind.isConnection {
            let connection = makeConnection(spec, on: store)
            // Stored before its binding is told, so that a reaction can find it; the runner
            // holds the bound object, which the binding holds weakly.
            let object = spec.bindsObject ? ScaleTarget { [unowned self] in give($0, to: id) } : nil
            observers[id] = .connection(connection, object)
            if let object {
                connection.bind(\.x, to: object, \.value)
            } else {
                connection.bind(\.x) { [unowned self] in give($0, to: id) }
            }
            if spec.connects { self.connection(id)?.connect() }
        } else {
            let subscription = subscribe(spec, to: store) { [unowned self] in give($0, to: id) }
            observers[id] = .subscription(subscription)
        }
    }

    private func subscribe(_ spec: ScaleObserverSpec, to store: Store<ScaleState>,
                           _ give: @escaping ([Int]) -> Void) -> SubscriptionHandle {
        let selection = spec.selection
        switch (spec.kind, selection) {
        case (.element, .field(let index)):
            return store.subscribe(\.fields, at: index) { give([$0]) }
        case (.keyPath, .fields):
            return store.subscribe(\.fields) { give($0) }
        case (.keyPath, _):
            return store.subscribe(Self.scalarPath(selection)) { give([$0]) }
        default:
            return store.subscribe({ selection.value(in: $0) }) { give($0) }
        }
    }

    private func makeConnection(_ spec: ScaleObserverSpec, on store: Store<ScaleState>) -> Connection<ScaleState, ScaleProps, Void> {
        let selection = spec.selection
        switch (spec.kind, selection) {
        case (.sliceElement, .field(let index)):
            return Connection(store: store, slice: \.fields, at: index,
                              mapSliceToProps: { ScaleProps(x: [$0]) }, mapDispatchToActions: { _ in () })
        case (.slice, .fields):
            return Connection(store: store, slice: \.fields,
                              mapSliceToProps: { ScaleProps(x: $0) }, mapDispatchToActions: { _ in () })
        case (.slice, _):
            return Connection(store: store, slice: Self.scalarPath(selection),
                              mapSliceToProps: { ScaleProps(x: [$0]) }, mapDispatchToActions: { _ in () })
        default:
            return Connection(store: store, mapStateToProps: { ScaleProps(x: selection.value(in: $0)) },
                              mapDispatchToActions: { _ in () })
        }
    }

    /// The key path of a selection of one `Int`.
    private static func scalarPath(_ selection: ScaleSelection) -> KeyPath<ScaleState, Int> {
        switch selection {
        case .a: \.a
        case .b: \.b
        case .count: \.fields.count
        case .field(let index): \.fields[index]
        case .sum, .fields: preconditionFailure("ScaleRunner: \(selection) has no key path of one Int")
        }
    }
}
