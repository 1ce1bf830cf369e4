import Testing
import Reflow

/// Seeded programs of many key-path subscriptions to the elements of one array (by array
/// and index, and by composed key path) and to a field beside it, against a model of what
/// each must receive: every dispatch tells, in subscription order, each live subscriber
/// whose value changed. They join at random (some inside a batch, ahead of the
/// notification), leave at random (some from another's `onChange`, during the pass), so
/// their groups' slots are freed, reused and squeezed, and most dispatches change the
/// value of a few of many members: the pass that visits only those members.
@MainActor
@Suite struct KeyPathGroupModelTests {
    enum Source: Equatable, CustomStringConvertible {
        /// `subscribe(\.values, at: index)`.
        case element(Int)
        /// `subscribe(\.values[index])`.
        case path(Int)
        /// `subscribe(\.other)`.
        case other

        var description: String {
            switch self {
            case .element(let index): "values at \(index)"
            case .path(let index): "\\.values[\(index)]"
            case .other: "\\.other"
            }
        }

        func value(in state: Grid) -> Int {
            switch self {
            case .element(let index), .path(let index): state.values[index]
            case .other: state.other
            }
        }
    }

    struct Write: Equatable, CustomStringConvertible {
        /// An element's index, or `nil` for `other`.
        var index: Int?
        var value: Int
        var description: String { "\(index.map { "values[\($0)]" } ?? "other") = \(value)" }
    }

    enum Step: CustomStringConvertible {
        /// Subscribes; when told a value during a notification, the subscriber cancels
        /// subscriber number `cancels`, if there is one by then.
        case subscribe(Source, cancels: Int?)
        case cancel(Int)
        case dispatch(Write)
        /// Dispatches the writes in one batch, subscribing between `before` and `after` if
        /// `joining` is set: the subscriber starts from a value its key path's last
        /// notification has not seen, which `after` may undo.
        case batch(before: [Write], joining: Source?, after: [Write])

        var description: String {
            switch self {
            case .subscribe(let source, let cancels): "subscribe \(source)" + (cancels.map { ", cancels #\($0)" } ?? "")
            case .cancel(let number): "cancel #\(number)"
            case .dispatch(let write): "dispatch \(write)"
            case .batch(let before, let joining, let after):
                "batch \(before)" + (joining.map { ", joining \($0), then \(after)" } ?? "")
            }
        }
    }

    static let elementCount = 6

    @Test func manyMembers_fewChangingPerDispatch_followTheModel() {
        checkRandomPrograms("key-path subscriptions", count: 400, generate: Self.generate,
                            fails: { Self.run($0) != Self.model($0) },
                            shrink: { program in shrink(program) { Self.run($0) != Self.model($0) } },
                            describe: { program in
                                program.map(\.description).joined(separator: "\n")
                                    + "\nstore: \(Self.run(program))\nmodel: \(Self.model(program))"
                            })
    }

    static func generate(_ random: inout SeededRandom) -> [Step] {
        var steps: [Step] = []
        var subscribed = 0
        func source() -> Source {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: .element(Int.random(in: 0..<elementCount, using: &random))
            case 5..<8: .path(Int.random(in: 0..<elementCount, using: &random))
            default: .other
            }
        }
        func write() -> Write {
            Write(index: random.chance(85) ? Int.random(in: 0..<elementCount, using: &random) : nil,
                  value: Int.random(in: 0..<3, using: &random))
        }
        for _ in 0..<Int.random(in: 20..<160, using: &random) {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<7:
                let cancels = random.chance(10) ? Int.random(in: 0..<(subscribed + 8), using: &random) : nil
                steps.append(.subscribe(source(), cancels: cancels))
                subscribed += 1
            case 7..<11 where subscribed > 0:
                steps.append(.cancel(Int.random(in: 0..<subscribed, using: &random)))
            case 11..<18:
                steps.append(.dispatch(write()))
            default:
                let joining = random.chance(60) ? source() : nil
                let before = (0..<Int.random(in: 1...3, using: &random)).map { _ in write() }
                let after = joining == nil ? [] : (0..<Int.random(in: 0...2, using: &random)).map { _ in write() }
                steps.append(.batch(before: before, joining: joining, after: after))
                if joining != nil { subscribed += 1 }
            }
        }
        return steps
    }

    /// What each subscriber received, in order: "#number value".
    static func run(_ steps: [Step]) -> [String] {
        let store = Store(reducer: gridReducer, state: Grid(values: Array(repeating: 0, count: elementCount)))
        var log: [String] = []
        var handles: [SubscriptionHandle] = []
        var isNotifying = false
        func subscribe(_ source: Source, cancels: Int?) {
            let number = handles.count
            let onChange: (Int) -> Void = { value in
                log.append("#\(number) \(value)")
                if isNotifying, let cancels, cancels < handles.count { handles[cancels].cancel() }
            }
            switch source {
            case .element(let index): handles.append(store.subscribe(\.values, at: index, onChange))
            case .path(let index): handles.append(store.subscribe(\.values[index], onChange))
            case .other: handles.append(store.subscribe(\.other, onChange))
            }
        }
        for step in steps {
            switch step {
            case .subscribe(let source, let cancels):
                subscribe(source, cancels: cancels)
            case .cancel(let number):
                handles[number].cancel()
            case .dispatch(let write):
                isNotifying = true
                store.dispatch(write.action)
                isNotifying = false
            case .batch(let before, let joining, let after):
                store.batch {
                    for write in before { store.dispatch(write.action) }
                    if let joining { subscribe(joining, cancels: nil) }
                    for write in after { store.dispatch(write.action) }
                    isNotifying = true
                }
                isNotifying = false
            }
        }
        return log
    }

    /// The model: subscribers in subscription order, each with the value it last received.
    static func model(_ steps: [Step]) -> [String] {
        var state = Grid(values: Array(repeating: 0, count: elementCount))
        var subscribers: [(source: Source, cancels: Int?, last: Int, isLive: Bool)] = []
        var log: [String] = []
        func subscribe(_ source: Source, cancels: Int?) {
            let value = source.value(in: state)
            log.append("#\(subscribers.count) \(value)")
            subscribers.append((source, cancels, value, true))
        }
        func notify() {
            for number in subscribers.indices where subscribers[number].isLive {
                let value = subscribers[number].source.value(in: state)
                guard value != subscribers[number].last else { continue }
                subscribers[number].last = value
                log.append("#\(number) \(value)")
                if let cancels = subscribers[number].cancels, cancels < subscribers.count {
                    subscribers[cancels].isLive = false
                }
            }
        }
        for step in steps {
            switch step {
            case .subscribe(let source, let cancels):
                subscribe(source, cancels: cancels)
            case .cancel(let number):
                subscribers[number].isLive = false
            case .dispatch(let write):
                write.apply(to: &state)
                notify()
            case .batch(let before, let joining, let after):
                for write in before { write.apply(to: &state) }
                if let joining { subscribe(joining, cancels: nil) }
                for write in after { write.apply(to: &state) }
                notify()
            }
        }
        return log
    }
}

struct Grid {
    var values: [Int]
    var other = 0
}

private struct WriteAction: Action {
    var write: KeyPathGroupModelTests.Write
}

extension KeyPathGroupModelTests.Write {
    var action: any Action { WriteAction(write: self) }

    func apply(to state: inout Grid) {
        if let index { state.values[index] = value } else { state.other = value }
    }
}

private let gridReducer = Reducer<Grid>.on(WriteAction.self) { state, action in action.write.apply(to: &state) }
