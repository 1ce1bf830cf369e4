import Reflow

// Programs for the scale model (`ScaleModelTests`): from one to thousands of observers of
// every kind over two stores, and the steps and reactions that change them.

/// Two stores' state: a few scalars and an array whose first `stable` elements are never
/// removed (element observers watch only those), while its tail grows and shrinks.
struct ScaleState: Equatable {
    var a = 0
    var b = 0
    var fields: [Int]
    var stable: Int
}

enum ScaleAction: Action, Equatable, CustomStringConvertible {
    case setA(Int), setB(Int), setField(Int, Int), append(Int), removeLast

    var description: String {
        switch self {
        case .setA(let value): "a = \(value)"
        case .setB(let value): "b = \(value)"
        case .setField(let index, let value): "fields[\(index)] = \(value)"
        case .append(let value): "append \(value)"
        case .removeLast: "removeLast"
        }
    }

    func apply(to state: inout ScaleState) {
        switch self {
        case .setA(let value): state.a = value
        case .setB(let value): state.b = value
        case .setField(let index, let value): state.fields[index] = value
        case .append(let value): state.fields.append(value)
        case .removeLast: if state.fields.count > state.stable { state.fields.removeLast() }
        }
    }

    /// Few values, and mostly the first element: values then often come back to one an
    /// observer was given before, which is where a stale observer shows.
    static func random(stable: Int, using random: inout SeededRandom) -> ScaleAction {
        let value = Int.random(in: 0...2, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<2: return .setA(value)
        case 2: return .setB(value)
        case 3..<7: return .setField(random.chance(60) ? 0 : Int.random(in: 0..<stable, using: &random), value)
        case 7..<9: return .append(value)
        default: return .removeLast
        }
    }
}

/// A scoped reducer for `a`, so that footprints skip other observers' selectors.
let scaleReducer = Reducer<ScaleState>.combine(
    Reducer<Int> { a, action in
        if case .setA(let value)? = action as? ScaleAction { a = value }
    }.scope(\.a),
    Reducer<ScaleState> { state, action in
        guard let action = action as? ScaleAction else { return }
        if case .setA = action { return }
        action.apply(to: &state)
    }
)

/// What an observer watches; every value is written as `[Int]`.
enum ScaleSelection: Equatable, CustomStringConvertible {
    case a, b, sum, count, field(Int), fields

    func value(in state: ScaleState) -> [Int] {
        switch self {
        case .a: [state.a]
        case .b: [state.b]
        case .sum: [state.a + state.b]
        case .count: [state.fields.count]
        case .field(let index): [state.fields[index]]
        case .fields: state.fields
        }
    }

    var description: String {
        switch self {
        case .a: "a"
        case .b: "b"
        case .sum: "a+b"
        case .count: "fields.count"
        case .field(let index): "fields[\(index)]"
        case .fields: "fields"
        }
    }
}

/// How an observer follows its store.
enum ScaleObserverKind: CaseIterable, CustomStringConvertible {
    /// `store.subscribe({ ... }) { ... }`
    case closure
    /// `store.subscribe(\.path) { ... }`
    case keyPath
    /// `store.subscribe(\.fields, at: i) { ... }`
    case element
    /// `Connection(store:mapStateToProps:...)`
    case mapped
    /// `Connection(store:slice: \.path, ...)`
    case slice
    /// `Connection(store:slice: \.fields, at: i, ...)`
    case sliceElement

    var isConnection: Bool { self == .mapped || self == .slice || self == .sliceElement }

    var description: String {
        switch self {
        case .closure: "subscribe(closure)"
        case .keyPath: "subscribe(keyPath)"
        case .element: "subscribe(_:at:)"
        case .mapped: "Connection(mapStateToProps:)"
        case .slice: "Connection(slice:)"
        case .sliceElement: "Connection(slice:at:)"
        }
    }

    /// A selection this kind can watch: a key path for the key-path kinds, an element for
    /// the element kinds, anything for closures.
    func randomSelection(stable: Int, using random: inout SeededRandom) -> ScaleSelection {
        let field = ScaleSelection.field(random.chance(50) ? 0 : Int.random(in: 0..<stable, using: &random))
        switch self {
        case .element, .sliceElement: return field
        case .keyPath, .slice: return random.pick([.a, .b, .count, .fields, field, field])
        case .closure, .mapped: return random.pick([.a, .b, .sum, .count, .fields, field])
        }
    }
}

/// What a sink does the first time it is given a value whose last element, modulo 4, is
/// its trigger.
enum ScaleReaction: Equatable, CustomStringConvertible {
    case dispatch(store: Int, ScaleAction)
    case connect(Int), disconnect(Int), release(Int), repoint(Int, to: Int)

    var description: String {
        switch self {
        case .dispatch(let store, let action): "dispatch \(action) to store \(store)"
        case .connect(let id): "connect #\(id)"
        case .disconnect(let id): "disconnect #\(id)"
        case .release(let id): "release #\(id)"
        case .repoint(let id, let store): "point #\(id) at store \(store)"
        }
    }
}

struct ScaleObserverSpec: Equatable, CustomStringConvertible {
    var kind: ScaleObserverKind
    var selection: ScaleSelection
    var store: Int
    /// A connection binds to an object's property rather than a closure.
    var bindsObject = false
    var connects = true
    var reaction: ScaleReaction?
    var trigger = 0

    var description: String {
        "\(kind) of \(selection) on store \(store)" + (kind.isConnection ? (bindsObject ? ", bound to an object" : "") + (connects ? ", connected" : "") : "")
            + (reaction.map { " (on \(trigger): \($0))" } ?? "")
    }
}

indirect enum ScaleStep: Equatable, CustomStringConvertible {
    /// Makes observer number `count of adds so far`.
    case add(ScaleObserverSpec)
    case dispatch(store: Int, ScaleAction)
    /// `store.batch { ... }` around the steps (dispatches go to that store).
    case batch(store: Int, [ScaleStep])
    case connect(Int), disconnect(Int), release(Int), repoint(Int, to: Int)

    var description: String {
        switch self {
        case .add(let spec): "add \(spec)"
        case .dispatch(let store, let action): "dispatch \(action) to store \(store)"
        case .batch(let store, let steps): "batch on store \(store) { \(steps.map(\.description).joined(separator: "; ")) }"
        case .connect(let id): "connect #\(id)"
        case .disconnect(let id): "disconnect #\(id)"
        case .release(let id): "release #\(id)"
        case .repoint(let id, let store): "point #\(id) at store \(store)"
        }
    }
}

struct ScaleProgram: CustomStringConvertible {
    var stable: Int
    var initialCounts: [Int]
    var steps: [ScaleStep]

    var description: String {
        "stable \(stable), counts \(initialCounts)\n" + steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n")
    }

    /// The states the two stores start from.
    var initialStates: [ScaleState] {
        initialCounts.enumerated().map { store, count in
            ScaleState(a: store, b: 0, fields: (0..<count).map { ($0 + store) % 4 }, stable: stable)
        }
    }

    /// A program with `observers` observers (most made first, some between the steps).
    static func random(observers: Int, using random: inout SeededRandom) -> ScaleProgram {
        let stable = Int.random(in: 1...6, using: &random)
        let counts = (0..<2).map { _ in stable + Int.random(in: 0...3, using: &random) }
        var steps: [ScaleStep] = []
        var made = 0
        // Most steps aim at a few observers, so that connect, disconnect and re-point
        // meet the dispatches and batches that change what those observers watch.
        let hot = (0..<6).map { _ in Int.random(in: 0..<max(observers, 1), using: &random) }
        func anyID() -> Int {
            random.chance(75) ? random.pick(hot) : Int.random(in: 0..<max(observers, 1), using: &random)
        }
        func spec() -> ScaleObserverSpec {
            let kind = random.pick(ScaleObserverKind.allCases)
            var spec = ScaleObserverSpec(kind: kind, selection: kind.randomSelection(stable: stable, using: &random),
                                         store: random.chance(75) ? 0 : 1)
            spec.bindsObject = random.chance(40)
            spec.connects = random.chance(80)
            if random.chance(12) {
                spec.trigger = Int.random(in: 0...3, using: &random)
                spec.reaction = reaction()
            }
            return spec
        }
        func reaction() -> ScaleReaction {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: .dispatch(store: random.chance(70) ? 0 : 1, ScaleAction.random(stable: stable, using: &random))
            case 4..<6: .connect(anyID())
            case 6: .disconnect(anyID())
            case 7..<9: .release(anyID())
            default: .repoint(anyID(), to: Int.random(in: 0...1, using: &random))
            }
        }
        func change(inBatchOn batchStore: Int?) -> ScaleStep {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<9: return .dispatch(store: batchStore ?? (random.chance(70) ? 0 : 1), ScaleAction.random(stable: stable, using: &random))
            case 9..<12: return .connect(anyID())
            case 12..<14: return .disconnect(anyID())
            case 14..<16: return .release(anyID())
            case 16..<18: return .repoint(anyID(), to: Int.random(in: 0...1, using: &random))
            default:
                if made < observers {
                    made += 1
                    return .add(spec())
                }
                return .connect(anyID())
            }
        }
        let upFront = observers - observers / 10
        while made < upFront {
            made += 1
            steps.append(.add(spec()))
        }
        for _ in 0..<Int.random(in: 10...40, using: &random) {
            if random.chance(30) {
                let store = Int.random(in: 0...1, using: &random)
                steps.append(.batch(store: store, (0..<Int.random(in: 1...8, using: &random)).map { _ in change(inBatchOn: store) }))
            } else {
                steps.append(change(inBatchOn: nil))
            }
        }
        while made < observers {
            made += 1
            steps.append(.add(spec()))
        }
        steps.append(.dispatch(store: 0, .setB(9)))
        steps.append(.dispatch(store: 1, .setB(9)))
        return ScaleProgram(stable: stable, initialCounts: counts, steps: steps)
    }
}

/// What each observer was given, in order; the same shape from the model and the run.
struct ScaleResult: Equatable, CustomStringConvertible {
    var received: [[[Int]]] = []
    var states: [ScaleState] = []

    var description: String {
        let lines = received.enumerated().map { "    #\($0): \($1.map { $0.map(String.init).joined(separator: ",") })" }
        return "states \(states.map { "a \($0.a) b \($0.b) fields \($0.fields)" })\n" + lines.joined(separator: "\n")
    }

    /// The observers whose logs differ, for a short message.
    func differences(from other: ScaleResult) -> String {
        var lines: [String] = []
        if states != other.states { lines.append("states: \(states) vs \(other.states)") }
        for index in 0..<max(received.count, other.received.count) {
            let mine = index < received.count ? received[index] : []
            let theirs = index < other.received.count ? other.received[index] : []
            if mine != theirs { lines.append("#\(index): \(mine) vs \(theirs)") }
        }
        return lines.prefix(12).joined(separator: "\n")
    }
}
