import Testing
import Reflow

/// Random programs that point a connection at one store and then another (as ReRxSwift's
/// specs do with `connection.store = testStore`), interleaved with dispatches to either
/// store, connect, disconnect, `newState(state:)`, props set by hand and the connection's
/// own actions, for each way a connection follows a store: a group member (`Equatable`
/// props), a store observer (props that are not), a declared slice and an array element.
/// Checked against ``RepointModel``: what the binding was told, the final props, and what
/// each store holds.
@MainActor
@Suite struct ConnectionRepointModelTests {
    @Test(arguments: RepointKind.allCases)
    func randomPrograms_matchTheModel(kind: RepointKind) async {
        await checkRandomPrograms(
            "re-pointed \(kind) connection", count: 600,
            generate: { RepointStep.randomProgram(&$0) },
            fails: { RepointRunner(kind: kind).run($0) != RepointModel(kind: kind).run($0) },
            shrink: { program in shrink(program) { RepointRunner(kind: kind).run($0) != RepointModel(kind: kind).run($0) } },
            describe: { program in
                """
                \(program.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))
                model:      \(RepointModel(kind: kind).run(program))
                connection: \(RepointRunner(kind: kind).run(program))
                """
            })
    }
}

enum RepointKind: CaseIterable, CustomStringConvertible, Sendable {
    case grouped, observer, slice, element

    var description: String {
        switch self {
        case .grouped: "Equatable-props"
        case .observer: "plain-props"
        case .slice: "slice"
        case .element: "element"
        }
    }
}

struct RepointState: Equatable {
    var slice: Int
    var other = 0
    var items: [Int]

    init(slice: Int) {
        self.slice = slice
        items = [slice]
    }

    /// What the connection's props are computed from (the slice, or the array's element).
    func source(_ kind: RepointKind) -> Int { kind == .element ? items[0] : slice }
}

struct SetSource: Action { var value: Int }
struct SetOther: Action { var value: Int }

let repointReducer = Reducer<RepointState>
    .on(SetSource.self) { state, action in
        state.slice = action.value
        state.items[0] = action.value
    }
    .on(SetOther.self) { state, action in state.other = action.value }

enum RepointStep: Equatable, CustomStringConvertible {
    case dispatch(store: Int, source: Int?)
    case connect
    case disconnect
    case repoint(store: Int)
    case newState(source: Int)
    case setProps(value: Int)
    case callAction(source: Int)

    var description: String {
        switch self {
        case .dispatch(let store, let source): "store \(store): " + (source.map { "set source \($0)" } ?? "set other")
        case .connect: "connect"
        case .disconnect: "disconnect"
        case .repoint(let store): "connection.store = store \(store)"
        case .newState(let source): "newState(source \(source))"
        case .setProps(let value): "props = \(value)"
        case .callAction(let source): "actions.set(\(source))"
        }
    }

    static func randomProgram(_ random: inout SeededRandom) -> [RepointStep] {
        (0..<Int.random(in: 3...16, using: &random)).map { _ in
            let value = Int.random(in: 0...3, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30: return .dispatch(store: Int.random(in: 0...1, using: &random), source: random.chance(75) ? value : nil)
            case 30..<42: return .connect
            case 42..<50: return .disconnect
            case 50..<68: return .repoint(store: Int.random(in: 0...1, using: &random))
            case 68..<78: return .newState(source: value)
            case 78..<88: return .setProps(value: value * 10 + 1)
            default: return .callAction(source: value)
            }
        }
    }
}

struct RepointResult: Equatable, CustomStringConvertible {
    var told: [Int] = []
    var props = 0
    var sources: [Int] = []

    var description: String { "told \(told), props \(props), stores' sources \(sources)" }
}

/// The reference, from the connection's documented rules:
/// - While connected, a change of the followed store maps its state: a group member tells
///   new props when they differ from the current ones; a plain-props observer sets them on
///   every change; a slice connection maps when its slice differs from the one it last
///   mapped (even when that one came from `newState(state:)` or a catch-up inside a
///   batch, so it never stays on a value the store does not hold).
/// - `connect()` catches up (a slice connection: when the slice differs from the one it
///   last mapped); `newState(state:)` maps a given state the same way, connected or not.
/// - Re-pointing disconnects, follows the new store (its subscription starts at that
///   store's value), builds actions that dispatch there, and reconnects if it was.
/// - The binding is told a value when it differs from the last it was told.
struct RepointModel {
    let kind: RepointKind
    var stores = [RepointState(slice: 0), RepointState(slice: 5)]
    var current = 0
    var connected = false
    var props: Int
    var lastSlice: Int
    var result = RepointResult()

    init(kind: RepointKind) {
        self.kind = kind
        lastSlice = stores[0].source(kind)
        props = lastSlice * 10
        result.told = [props]
    }

    func run(_ steps: [RepointStep]) -> RepointResult {
        var model = self
        for step in steps { model.apply(step) }
        model.result.props = model.props
        model.result.sources = model.stores.map { $0.source(kind) }
        return model.result
    }

    private mutating func apply(_ step: RepointStep) {
        switch step {
        case .dispatch(let store, let source): dispatch(to: store, source: source)
        case .connect: connect()
        case .disconnect: connected = false
        case .repoint(let store):
            guard store != current else { return }
            let wasConnected = connected
            connected = false
            current = store
            if wasConnected { connect() }
        case .newState(let source): catchUp(to: source)
        case .setProps(let value): set(value)
        case .callAction(let source): dispatch(to: current, source: source)
        }
    }

    private mutating func dispatch(to store: Int, source: Int?) {
        if let source { stores[store].slice = source; stores[store].items[0] = source }
        guard store == current else { return }
        let value = stores[store].source(kind)
        switch kind {
        case .grouped: if connected, value * 10 != props { set(value * 10) }
        case .observer: if connected { set(value * 10) }
        case .slice, .element:
            if connected, value != lastSlice {
                lastSlice = value
                set(value * 10)
            }
        }
    }

    private mutating func connect() {
        guard !connected else { return }
        connected = true
        catchUp(to: stores[current].source(kind))
    }

    private mutating func catchUp(to value: Int) {
        switch kind {
        case .grouped: if value * 10 != props { set(value * 10) }
        case .observer: set(value * 10)
        case .slice, .element:
            guard value != lastSlice else { return }
            lastSlice = value
            set(value * 10)
        }
    }

    private mutating func set(_ value: Int) {
        props = value
        if result.told.last != value { result.told.append(value) }
    }
}

struct RepointProps: Equatable { var value: Int }
struct PlainRepointProps { var value: Int }
struct RepointActions { var set: (Int) -> Void }

/// The real connection, driven by the same steps.
@MainActor
struct RepointRunner {
    let kind: RepointKind

    func run(_ steps: [RepointStep]) -> RepointResult {
        let stores = [Store(reducer: repointReducer, state: RepointState(slice: 0)),
                      Store(reducer: repointReducer, state: RepointState(slice: 5))]
        var result = RepointResult()
        let actions: (Dispatch) -> RepointActions = { dispatch in RepointActions(set: { dispatch(SetSource(value: $0)) }) }
        let face: ConnectionFace
        switch kind {
        case .grouped:
            face = ConnectionFace(Connection(store: stores[0], mapStateToProps: { RepointProps(value: $0.slice * 10) },
                                             mapDispatchToActions: actions), value: \.value, set: { RepointProps(value: $0) })
        case .observer:
            face = ConnectionFace(Connection(store: stores[0], mapStateToProps: { PlainRepointProps(value: $0.slice * 10) },
                                             mapDispatchToActions: actions), value: \.value, set: { PlainRepointProps(value: $0) })
        case .slice:
            face = ConnectionFace(Connection(store: stores[0], slice: \.slice, mapSliceToProps: { RepointProps(value: $0 * 10) },
                                             mapDispatchToActions: actions), value: \.value, set: { RepointProps(value: $0) })
        case .element:
            face = ConnectionFace(Connection(store: stores[0], slice: \.items, at: 0, mapSliceToProps: { RepointProps(value: $0 * 10) },
                                             mapDispatchToActions: actions), value: \.value, set: { RepointProps(value: $0) })
        }
        face.bind { result.told.append($0) }
        for step in steps {
            switch step {
            case .dispatch(let store, let source):
                stores[store].dispatch(source.map { SetSource(value: $0) } ?? SetOther(value: Int.random(in: 0...9)) as any Action)
            case .connect: face.connect()
            case .disconnect: face.disconnect()
            case .repoint(let store): face.repoint(stores[store])
            case .newState(let source): face.newState(RepointState(slice: source))
            case .setProps(let value): face.setProps(value)
            case .callAction(let source): face.act(source)
            }
        }
        result.props = face.props()
        result.sources = stores.map { $0.state.source(kind) }
        return result
    }
}

/// One connection of any props type, seen through what the program does to it.
@MainActor
struct ConnectionFace {
    let connect: () -> Void
    let disconnect: () -> Void
    let repoint: (Store<RepointState>) -> Void
    let newState: (RepointState) -> Void
    let setProps: (Int) -> Void
    let props: () -> Int
    let act: (Int) -> Void
    let bind: (@escaping (Int) -> Void) -> Void

    init<Props>(_ connection: Connection<RepointState, Props, RepointActions>, value: KeyPath<Props, Int>,
                set: @escaping (Int) -> Props) {
        connect = connection.connect
        disconnect = connection.disconnect
        repoint = { connection.store = $0 }
        newState = { connection.newState(state: $0) }
        setProps = { connection.props = set($0) }
        props = { connection.props[keyPath: value] }
        act = { connection.actions.set($0) }
        bind = { sink in connection.bind(value, to: sink) }
    }
}
