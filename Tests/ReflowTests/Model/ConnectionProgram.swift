import Reflow

// Random programs for connections: bindings of every kind, connect and disconnect,
// dispatches (or props set on a store-less connection), and bindings that dispatch, set
// props, bind or cancel while they are being told.

struct ModelProps: Equatable {
    var a: Int
    var b: Int

    init(_ state: ModelState) {
        a = state.a
        b = state.b
    }

    init(a: Int, b: Int) {
        self.a = a
        self.b = b
    }
}

enum PropsField: CaseIterable, CustomStringConvertible {
    case a, b

    func select(_ props: ModelProps) -> Int { self == .a ? props.a : props.b }
    var keyPath: KeyPath<ModelProps, Int> { self == .a ? \.a : \.b }
    var description: String { self == .a ? "a" : "b" }
}

enum BindingKind: CaseIterable {
    /// `bind(\.field) { ... }`
    case sink
    /// `bind(\.field, to: object, \.value)`
    case object
    /// `bind(\.field, to: { ... }, mapping: { $0 * 10 })`, logged divided back.
    case mapped
}

indirect enum BindingReaction: Equatable, CustomStringConvertible {
    case dispatch(ModelAction)
    case setProps(a: Int, b: Int)
    case bind(BindingSpec)
    case cancel(binding: Int)

    var description: String {
        switch self {
        case .dispatch(let action): "dispatch \(action)"
        case .setProps(let a, let b): "props = (\(a), \(b))"
        case .bind(let spec): "bind \(spec)"
        case .cancel(let id): "cancel #\(id)"
        }
    }
}

struct BindingSpec: Equatable, CustomStringConvertible {
    var kind: BindingKind
    var field: PropsField
    var reaction: BindingReaction?
    var trigger = 0

    var description: String { "\(kind) .\(field)" + (reaction.map { " (on \(trigger): \($0))" } ?? "") }
}

enum ConnectionStep: Equatable, CustomStringConvertible {
    case bind(BindingSpec)
    case dispatch(ModelAction)
    case setProps(a: Int, b: Int)
    case connect
    case disconnect
    case cancel(binding: Int)

    var description: String {
        switch self {
        case .bind(let spec): "bind \(spec)"
        case .dispatch(let action): "dispatch \(action)"
        case .setProps(let a, let b): "props = (\(a), \(b))"
        case .connect: "connect"
        case .disconnect: "disconnect"
        case .cancel(let id): "cancel #\(id)"
        }
    }
}

struct ConnectionProgram: CustomStringConvertible {
    /// With a store, props follow it; without, the program sets them.
    var hasStore: Bool
    var steps: [ConnectionStep]

    var description: String {
        (hasStore ? "store-backed\n" : "store-less\n") + steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n")
    }

    static let reactionBudget = 8

    static func random(using random: inout SeededRandom) -> ConnectionProgram {
        let hasStore = random.chance(70)
        var bindings = 0
        var steps: [ConnectionStep] = []
        for _ in 0..<Int.random(in: 4...14, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                steps.append(.bind(randomSpec(&random, hasStore: hasStore, bindings: bindings + 1, reacting: true)))
                bindings += 1
            case 30..<70:
                steps.append(hasStore ? .dispatch(randomAction(&random)) : .setProps(a: value(&random), b: value(&random)))
            case 70..<80:
                steps.append(.connect)
            case 80..<88:
                steps.append(.disconnect)
            default:
                steps.append(.cancel(binding: Int.random(in: 0...max(bindings, 1), using: &random)))
            }
        }
        return ConnectionProgram(hasStore: hasStore, steps: steps)
    }

    private static func value(_ random: inout SeededRandom) -> Int { Int.random(in: 0...3, using: &random) }

    private static func randomAction(_ random: inout SeededRandom) -> ModelAction {
        random.chance(50) ? .setA(value(&random)) : .setB(value(&random))
    }

    static func randomSpec(_ random: inout SeededRandom, hasStore: Bool, bindings: Int, reacting: Bool) -> BindingSpec {
        var spec = BindingSpec(kind: random.pick(BindingKind.allCases), field: random.pick(PropsField.allCases))
        guard reacting, random.chance(50) else { return spec }
        spec.trigger = value(&random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: spec.reaction = hasStore ? .dispatch(randomAction(&random)) : .setProps(a: value(&random), b: value(&random))
        case 1: spec.reaction = .bind(randomSpec(&random, hasStore: hasStore, bindings: bindings, reacting: false))
        default: spec.reaction = .cancel(binding: Int.random(in: 0...max(bindings, 1), using: &random))
        }
        return spec
    }

    static func simplify(_ step: ConnectionStep) -> [ConnectionStep] {
        guard case .bind(var spec) = step, spec.reaction != nil else { return [] }
        spec.reaction = nil
        return [.bind(spec)]
    }
}

struct ConnectionRunResult: Equatable {
    var deliveries: [String] = []
    var finalProps = ModelProps(a: 0, b: 0)
}

/// The reference for connections: what DESIGN.md says, directly.
///
/// - A store dispatch while the store notifies is queued; otherwise it reduces and, if
///   the connection is connected and the new props differ from the last computed ones,
///   sets them.
/// - Setting props tells the bindings; while they are being told, the new props are
///   queued and told after the pass, in order, to the bindings that existed then.
/// - A binding is told a value when it differs from the last one it got.
final class ConnectionModel {
    private struct Binding {
        let spec: BindingSpec
        var last: Int
        var isLive = true
    }

    private let hasStore: Bool
    private var state = ModelState()
    private var mappedProps: ModelProps
    private var props: ModelProps
    private var isConnected: Bool
    private var bindings: [Binding] = []
    private var isTelling = false
    private var toldLater: [(props: ModelProps, count: Int)] = []
    private var storeIsNotifying = false
    private var storeQueue: [ModelAction] = []
    private var budget = ConnectionProgram.reactionBudget
    private var result = ConnectionRunResult()

    init(hasStore: Bool) {
        self.hasStore = hasStore
        mappedProps = ModelProps(state)
        props = mappedProps
        isConnected = !hasStore  // a store-less connection counts as connected
    }

    func run(_ steps: [ConnectionStep]) -> ConnectionRunResult {
        for step in steps {
            switch step {
            case .bind(let spec): bind(spec)
            case .dispatch(let action): dispatch(action)
            case .setProps(let a, let b): setProps(ModelProps(a: a, b: b))
            case .connect:
                if hasStore && !isConnected {
                    isConnected = true
                    follow()
                }
            case .disconnect: if hasStore { isConnected = false }
            case .cancel(let id): cancel(id)
            }
        }
        result.finalProps = props
        return result
    }

    private func bind(_ spec: BindingSpec) {
        let value = spec.field.select(props)
        bindings.append(Binding(spec: spec, last: value))
        result.deliveries.append("#\(bindings.count - 1) got \(value)")
    }

    private func cancel(_ id: Int) {
        if bindings.indices.contains(id) { bindings[id].isLive = false }
    }

    private func dispatch(_ action: ModelAction) {
        if storeIsNotifying { return storeQueue.append(action) }
        action.reduce(&state)
        storeIsNotifying = true
        if isConnected { follow() }
        storeIsNotifying = false
        while !storeQueue.isEmpty { dispatch(storeQueue.removeFirst()) }
    }

    /// Props from the store's state, set when they differ from the last computed.
    private func follow() {
        let new = ModelProps(state)
        guard new != mappedProps else { return }
        mappedProps = new
        setProps(new)
    }

    private func setProps(_ new: ModelProps) {
        props = new
        if isTelling { return toldLater.append((new, bindings.count)) }
        isTelling = true
        tell(new, upTo: bindings.count)
        var index = 0
        while index < toldLater.count {
            tell(toldLater[index].props, upTo: toldLater[index].count)
            index += 1
        }
        toldLater = []
        isTelling = false
    }

    private func tell(_ props: ModelProps, upTo count: Int) {
        for index in 0..<count where bindings[index].isLive {
            let spec = bindings[index].spec
            let value = spec.field.select(props)
            if value == bindings[index].last { continue }
            bindings[index].last = value
            result.deliveries.append("#\(index) got \(value)")
            react(spec, to: value)
        }
    }

    private func react(_ spec: BindingSpec, to value: Int) {
        guard let reaction = spec.reaction, value == spec.trigger, budget > 0 else { return }
        budget -= 1
        switch reaction {
        case .dispatch(let action): dispatch(action)
        case .setProps(let a, let b): setProps(ModelProps(a: a, b: b))
        case .bind(let spec): bind(spec)
        case .cancel(let id): cancel(id)
        }
    }
}

/// Runs a connection program against a real `Connection`.
@MainActor
final class ConnectionRunner {
    private let store: Store<ModelState>?
    private let connection: Connection<ModelState, ModelProps, Void>
    private var subscriptions: [SubscriptionHandle?] = []
    private var targets: [BindingTarget] = []
    private var creating: Int?
    private var budget = ConnectionProgram.reactionBudget
    private var result = ConnectionRunResult()
    /// Bindings whose last delivered value is checked against the final props.
    private var lastDelivered: [Int: (field: PropsField, value: Int)] = [:]

    /// - Parameter declaresSlice: A store-backed connection declares its slice (the whole
    ///   state, through a key path) instead of mapping the state.
    init(hasStore: Bool, declaresSlice: Bool = false) {
        if hasStore {
            let store = Store(reducer: modelReducer, state: ModelState())
            self.store = store
            connection = declaresSlice
                ? Connection(store: store, slice: \ModelState.self, mapSliceToProps: ModelProps.init, mapDispatchToActions: { _ in () })
                : Connection(store: store, mapStateToProps: ModelProps.init, mapDispatchToActions: { _ in () })
        } else {
            store = nil
            connection = Connection(props: ModelProps(ModelState()), actions: ())
        }
    }

    /// Every live binding's last value matches the props it ended on.
    var bindingsEndOnCurrentProps: Bool {
        lastDelivered.allSatisfy { id, last in
            subscriptions[id]?.isCancelled != false || last.value == last.field.select(connection.props)
        }
    }

    func run(_ steps: [ConnectionStep]) -> ConnectionRunResult {
        for step in steps {
            switch step {
            case .bind(let spec): bind(spec)
            case .dispatch(let action): store?.dispatch(action.reflowAction)
            case .setProps(let a, let b): connection.props = ModelProps(a: a, b: b)
            case .connect: connection.connect()
            case .disconnect: connection.disconnect()
            case .cancel(let id): if subscriptions.indices.contains(id) { subscriptions[id]?.cancel() }
            }
        }
        result.finalProps = connection.props
        return result
    }

    private func bind(_ spec: BindingSpec) {
        let id = subscriptions.count
        subscriptions.append(nil)
        let onValue: (Int) -> Void = { [unowned self] value in
            self.result.deliveries.append("#\(id) got \(value)")
            self.lastDelivered[id] = (spec.field, value)
            if self.creating != id { self.react(spec, to: value) }
        }
        creating = id
        let subscription: SubscriptionHandle
        switch spec.kind {
        case .sink:
            subscription = connection.bind(spec.field.keyPath, to: onValue)
        case .object:
            let target = BindingTarget(onValue)
            targets.append(target)
            subscription = connection.bind(spec.field.keyPath, to: target, \.value)
        case .mapped:
            subscription = connection.bind(spec.field.keyPath, to: { onValue($0 / 10) }, mapping: { $0 * 10 })
        }
        creating = nil
        subscriptions[id] = subscription
    }

    private func react(_ spec: BindingSpec, to value: Int) {
        guard let reaction = spec.reaction, value == spec.trigger, budget > 0 else { return }
        budget -= 1
        switch reaction {
        case .dispatch(let action): store?.dispatch(action.reflowAction)
        case .setProps(let a, let b): connection.props = ModelProps(a: a, b: b)
        case .bind(let spec): bind(spec)
        case .cancel(let id): if subscriptions.indices.contains(id) { subscriptions[id]?.cancel() }
        }
    }
}

/// An object a binding writes into; it reports each write.
@MainActor
final class BindingTarget {
    private let onWrite: (Int) -> Void
    var value = -1 {
        didSet { onWrite(value) }
    }

    init(_ onWrite: @escaping (Int) -> Void) {
        self.onWrite = onWrite
    }
}
