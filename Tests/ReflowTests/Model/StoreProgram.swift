import Reflow
import ReflowDevtools

// The language of random store programs, shared by the reference model and the runner
// that drives a real Store.

struct ModelState: Equatable {
    var a = 0
    var b = 0
    /// `c` is an element of a stored array, so that `subscribe(\.cells[1])` exercises
    /// array-element key paths (read as elements, skipped by the footprints of `a` and `b`).
    var cells = [7, 0, 7]
    var c: Int {
        get { cells[1] }
        set { cells[1] = newValue }
    }
}

enum ModelAction: Equatable, CustomStringConvertible {
    case setA(Int)
    case setB(Int)
    case bumpC

    var description: String {
        switch self {
        case .setA(let value): "setA(\(value))"
        case .setB(let value): "setB(\(value))"
        case .bumpC: "bumpC"
        }
    }

    func reduce(_ state: inout ModelState) {
        switch self {
        case .setA(let value): state.a = value
        case .setB(let value): state.b = value
        case .bumpC: state.c = (state.c + 1) % 4
        }
    }
}

enum ModelField: CaseIterable, CustomStringConvertible {
    case a, b, c

    func select(_ state: ModelState) -> Int {
        switch self {
        case .a: state.a
        case .b: state.b
        case .c: state.c
        }
    }

    var keyPath: WritableKeyPath<ModelState, Int> {
        switch self {
        case .a: \.a
        case .b: \.b
        case .c: \.cells[1]
        }
    }

    var description: String { "\(self == .a ? "a" : self == .b ? "b" : "c")" }
}

/// How a subscription selects and compares.
enum SelectionKind: CaseIterable {
    /// `subscribe({ $0.field })` with `==`.
    case closure
    /// `subscribe(\.field)`.
    case keyPath
    /// `subscribe({ $0.field % 2 })`: fewer changes than the field.
    case parity
    /// `subscribe({ $0.field }, isDuplicate: ==)`.
    case customEqual
    /// `subscribe({ $0.field }, isDuplicate: { _, _ in false })`: every state.
    case everyState
    /// A reactor hosted at the field (`a`, `b`: stored inline, skipped by the footprints of
    /// the others; `c`: an array element, always read), its `state` subscribed.
    case hostedReactor

    func select(_ field: ModelField, _ state: ModelState) -> Int {
        self == .parity ? field.select(state) % 2 : field.select(state)
    }

    func isDuplicate(_ last: Int, _ new: Int) -> Bool {
        self == .everyState ? false : last == new
    }
}

/// What a subscriber does when it receives `trigger` during a notification.
indirect enum Reaction: Equatable, CustomStringConvertible {
    case dispatch(ModelAction)
    case subscribe(SubscriberSpec)
    case cancel(subscriber: Int)
    case batch([ModelAction])

    var description: String {
        switch self {
        case .dispatch(let action): "dispatch \(action)"
        case .subscribe(let spec): "subscribe \(spec)"
        case .cancel(let id): "cancel #\(id)"
        case .batch(let actions): "batch \(actions)"
        }
    }
}

struct SubscriberSpec: Equatable, CustomStringConvertible {
    var kind: SelectionKind
    var field: ModelField
    var reaction: Reaction?
    var trigger = 0

    var description: String {
        "\(kind) .\(field)" + (reaction.map { " (on \(trigger): \($0))" } ?? "")
    }
}

/// A middleware the program installs.
enum MiddlewareKind: CaseIterable, CustomStringConvertible {
    /// Drops `setB(0)`.
    case dropSetBZero
    /// Rewrites `setA(v)` to `setA(3 - v)`.
    case mirrorSetA
    /// Dispatches `setB(1)` before passing `bumpC` on.
    case setBBeforeBumpC
    /// Dispatches `setA(0)` after passing `setB(2)` on.
    case setAAfterSetBTwo

    var description: String {
        switch self {
        case .dropSetBZero: "drop setB(0)"
        case .mirrorSetA: "mirror setA"
        case .setBBeforeBumpC: "setB(1) before bumpC"
        case .setAAfterSetBTwo: "setA(0) after setB(2)"
        }
    }

    /// Runs the middleware: `next` passes an action on, `dispatch` enters the whole chain.
    func handle(_ action: ModelAction, next: (ModelAction) -> Void, dispatch: (ModelAction) -> Void) {
        switch (self, action) {
        case (.dropSetBZero, .setB(0)):
            return
        case (.mirrorSetA, .setA(let value)):
            next(.setA(3 - value))
        case (.setBBeforeBumpC, .bumpC):
            dispatch(.setB(1))
            next(action)
        case (.setAAfterSetBTwo, .setB(2)):
            next(action)
            dispatch(.setA(0))
        default:
            next(action)
        }
    }
}

enum BatchItem: Equatable, CustomStringConvertible {
    case action(ModelAction)
    case subscribe(SubscriberSpec)

    var description: String {
        switch self {
        case .action(let action): "\(action)"
        case .subscribe(let spec): "subscribe \(spec)"
        }
    }
}

enum StoreStep: Equatable, CustomStringConvertible {
    case subscribe(SubscriberSpec)
    case dispatch(ModelAction)
    case batch([BatchItem])
    case cancel(subscriber: Int)
    case release(subscriber: Int)
    /// Attaches a tracing `History` (`true`) or detaches it: the loop's reduction-observer
    /// and watch stages turn on or off, and what subscribers get must not change.
    case trace(Bool)

    var description: String {
        switch self {
        case .subscribe(let spec): "subscribe \(spec)"
        case .dispatch(let action): "dispatch \(action)"
        case .batch(let items): "batch \(items)"
        case .cancel(let id): "cancel #\(id)"
        case .release(let id): "release #\(id)"
        case .trace(let isOn): isOn ? "attach a tracing history" : "detach the history"
        }
    }
}

struct StoreProgram: CustomStringConvertible {
    var middleware: [MiddlewareKind]
    var steps: [StoreStep]

    var description: String {
        "middleware: \(middleware)\n" + steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n")
    }

    /// How many reactions may fire in one run, so reactions that dispatch cannot loop.
    static let reactionBudget = 8

    static func random(using random: inout SeededRandom) -> StoreProgram {
        var middleware: [MiddlewareKind] = []
        for kind in MiddlewareKind.allCases where random.chance(20) { middleware.append(kind) }
        middleware.shuffle(using: &random)
        var subscribers = 0
        var steps: [StoreStep] = []
        for _ in 0..<Int.random(in: 4...16, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<30:
                steps.append(.subscribe(randomSpec(&random, subscribers: subscribers + 1, reacting: true)))
                subscribers += 1
            case 30..<70:
                steps.append(.dispatch(randomAction(&random)))
            case 70..<82:
                let items = (0..<Int.random(in: 1...4, using: &random)).map { _ -> BatchItem in
                    random.chance(20) ? .subscribe(randomSpec(&random, subscribers: subscribers, reacting: false))
                                      : .action(randomAction(&random))
                }
                subscribers += items.filter { if case .subscribe = $0 { true } else { false } }.count
                steps.append(.batch(items))
            case 82..<89:
                steps.append(.cancel(subscriber: Int.random(in: 0...max(subscribers, 1), using: &random)))
            case 89..<94:
                steps.append(.trace(random.chance(70)))
            default:
                steps.append(.release(subscriber: Int.random(in: 0...max(subscribers, 1), using: &random)))
            }
        }
        return StoreProgram(middleware: middleware, steps: steps)
    }

    static func randomAction(_ random: inout SeededRandom) -> ModelAction {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .setA(Int.random(in: 0...3, using: &random))
        case 1: .setB(Int.random(in: 0...3, using: &random))
        default: .bumpC
        }
    }

    static func randomSpec(_ random: inout SeededRandom, subscribers: Int, reacting: Bool) -> SubscriberSpec {
        var spec = SubscriberSpec(kind: random.pick(SelectionKind.allCases), field: random.pick(ModelField.allCases))
        guard reacting, random.chance(50) else { return spec }
        spec.trigger = Int.random(in: 0...3, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: spec.reaction = .dispatch(randomAction(&random))
        case 1: spec.reaction = .subscribe(randomSpec(&random, subscribers: subscribers, reacting: false))
        case 2: spec.reaction = .cancel(subscriber: Int.random(in: 0...max(subscribers, 1), using: &random))
        default: spec.reaction = .batch((0..<Int.random(in: 1...3, using: &random)).map { _ in randomAction(&random) })
        }
        return spec
    }

    /// Simpler versions of a step, for shrinking.
    static func simplify(_ step: StoreStep) -> [StoreStep] {
        switch step {
        case .subscribe(let spec) where spec.reaction != nil:
            var plain = spec
            plain.reaction = nil
            return [.subscribe(plain)]
        case .batch(let items) where items.count > 1:
            return items.indices.map { index in
                var fewer = items
                fewer.remove(at: index)
                return .batch(fewer)
            }
        default:
            return []
        }
    }
}

/// What a run produced: every delivery in order, the final state, the live count.
struct StoreRunResult: Equatable {
    var deliveries: [String] = []
    var finalState = ModelState()
    var liveSubscriptions = 0
}
