import Reflow
import Testing

/// Many connections in one store, with `Equatable` props and without, share groups whose members are
/// the connections themselves. Random programs create, connect, disconnect and release
/// them and dispatch; a binding's sink may, while the group's pass runs, release another
/// connection, disconnect one, make a new one or dispatch. Checked against the obvious
/// model after every step: each live connected connection's props are its mapping of the
/// state, and its binding last delivered them; a binding never gets the same value twice in
/// a row; a released connection gets nothing more once it is freed. (One released while the
/// program is inside its `connect()`, or still holds it after creating it, is alive until
/// that call returns, as any Swift object is: it may still get the props computed meanwhile.
/// Seed 16297 of a 20,000-program soak does that.)
@MainActor
@Suite struct ConnectionGroupModelTests {
    struct GroupState: Equatable { var values = [Int](repeating: 0, count: 6) }
    struct SetValue: Action { var index: Int; var value: Int }
    static let reducer = Reducer<GroupState>.on(SetValue.self) { state, action in state.values[action.index] = action.value }

    enum Reaction { case none, release, disconnect, create, dispatch }

    /// Props that are not `Equatable`: their connections deliver every mapping.
    struct Uncompared { var value: Int }

    /// A connection of either kind, as the program holds it.
    @MainActor enum Made {
        case comparing(Connection<GroupState, Int, Void>)
        case everyMapping(Connection<GroupState, Uncompared, Void>)

        var props: Int {
            switch self {
            case .comparing(let connection): connection.props
            case .everyMapping(let connection): connection.props.value
            }
        }

        func bind(_ sink: @escaping (Int) -> Void) {
            switch self {
            case .comparing(let connection): connection.bind(\.self, to: sink)
            case .everyMapping(let connection): connection.bind(\.value, to: sink)
            }
        }

        func connect() {
            switch self {
            case .comparing(let connection): connection.connect()
            case .everyMapping(let connection): connection.connect()
            }
        }

        func disconnect() {
            switch self {
            case .comparing(let connection): connection.disconnect()
            case .everyMapping(let connection): connection.disconnect()
            }
        }
    }

    @MainActor final class World {
        let store = Store(reducer: ConnectionGroupModelTests.reducer, state: GroupState())
        var connections: [Int: Made] = [:]
        var connected: Set<Int> = []
        /// The props of each live disconnected connection: they must not move.
        var frozen: [Int: Int] = [:]
        var released: Set<Int> = []
        /// Connections the program itself holds at the moment (during `create` and
        /// `connect`): alive whatever `connections` says.
        var heldByProgram: Set<Int> = []
        var delivered: [Int: [Int]] = [:]
        var failures: [String] = []
        var nextID = 0
        var random: SeededRandom

        init(seed: UInt64) { random = SeededRandom(seed: seed) }

        static func map(_ state: GroupState, id: Int) -> Int { state.values[id % 6] * 10 + id % 3 }

        func create(connect: Bool) {
            let id = nextID
            nextID += 1
            heldByProgram.insert(id)
            defer { heldByProgram.remove(id) }
            let reaction = random.chance(25) ? random.pick([Reaction.release, .disconnect, .create, .dispatch]) : .none
            var isFirst = true
            let sink: (Int) -> Void = { [unowned self] value in
                if released.contains(id) && !heldByProgram.contains(id) { failures.append("released #\(id) got \(value)") }
                if let last = delivered[id]?.last, last == value { failures.append("#\(id) got \(value) twice") }
                delivered[id, default: []].append(value)
                if isFirst { isFirst = false; return }
                react(reaction, from: id)
            }
            // Half have props that are not `Equatable`: they join groups that deliver every
            // mapping, beside the groups of the others. Half of the rest are made as generic
            // code makes them, where Swift does not know the props are `Equatable`.
            let connection: Made
            switch random.pick([0, 1, 2, 3]) {
            case 0:
                connection = .comparing(Connection(store: store, mapStateToProps: { World.map($0, id: id) },
                                                   mapDispatchToActions: { _ in () }))
            case 1:
                connection = .comparing(connectionMadeGenerically(store) { World.map($0, id: id) })
            default:
                connection = .everyMapping(Connection(store: store,
                                                      mapStateToProps: { Uncompared(value: World.map($0, id: id)) },
                                                      mapDispatchToActions: { _ in () }))
            }
            connection.bind(sink)
            connections[id] = connection
            if connect {
                connection.connect()
                connected.insert(id)
            } else {
                frozen[id] = connection.props
            }
        }

        func react(_ reaction: Reaction, from id: Int) {
            let others = connections.keys.filter { $0 != id }.sorted()
            switch reaction {
            case .none: break
            case .release:
                guard let victim = others.first else { return }
                release(victim)
            case .disconnect:
                guard let victim = others.last else { return }
                disconnect(victim)
            case .create:
                if nextID < 400 { create(connect: true) }
            case .dispatch:
                store.dispatch(SetValue(index: Int.random(in: 0..<6, using: &random), value: Int.random(in: 0..<4, using: &random)))
            }
        }

        func release(_ id: Int) {
            connections[id] = nil
            connected.remove(id)
            frozen[id] = nil
            released.insert(id)
        }

        func connect(_ id: Int) {
            heldByProgram.insert(id)
            connections[id]?.connect()
            heldByProgram.remove(id)
            connected.insert(id)
            frozen[id] = nil
        }

        func disconnect(_ id: Int) {
            guard let connection = connections[id] else { return }
            connection.disconnect()
            connected.remove(id)
            if frozen[id] == nil { frozen[id] = connection.props }
        }

        func check(_ label: String) {
            for id in connected {
                guard let connection = connections[id] else { continue }
                let expected = World.map(store.state, id: id)
                if connection.props != expected { failures.append("\(label): #\(id) props \(connection.props), expected \(expected)") }
                if delivered[id]?.last != connection.props { failures.append("\(label): #\(id) last delivered \(String(describing: delivered[id]?.last))") }
            }
            for (id, props) in frozen where connections[id]?.props != props {
                failures.append("\(label): disconnected #\(id) moved from \(props) to \(String(describing: connections[id]?.props))")
            }
            #expect(store.subscriptionCount == connections.count, "\(label)")
        }
    }

    @Test func randomPrograms_matchTheModel() async {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 2_500))) {
            let world = World(seed: seed)
            for step in 0..<60 {
                let roll = Int.random(in: 0..<100, using: &world.random)
                switch roll {
                case 0..<20: world.create(connect: world.random.chance(80))
                case 20..<30:
                    if let id = world.connections.keys.sorted().first(where: { _ in world.random.chance(50) }) { world.release(id) }
                case 30..<40:
                    if let id = world.connections.keys.sorted().randomElement(using: &world.random) { world.connect(id) }
                case 40..<45:
                    if let id = world.connections.keys.sorted().randomElement(using: &world.random) { world.disconnect(id) }
                default:
                    world.store.dispatch(SetValue(index: Int.random(in: 0..<6, using: &world.random),
                                                  value: Int.random(in: 0..<4, using: &world.random)))
                }
                world.check("seed \(seed), step \(step)")
            }
            #expect(world.failures.isEmpty, "seed \(seed): \(world.failures.prefix(3))")
            await Task.yield()  // lets the run's other main-actor tests go on between programs
        }
    }
}

/// A connection made where `Props` is generic, as generic code makes one: Swift does not
/// know whether the props are `Equatable`; the connection finds out when it is made.
@MainActor
func connectionMadeGenerically<State, Props>(_ store: Store<State>,
                                             map: @escaping (State) -> Props) -> Connection<State, Props, Void> {
    Connection(store: store, mapStateToProps: map, mapDispatchToActions: { _ in () })
}
