import Testing
import Reflow

/// Seeded programs of many key-path subscriptions to the elements of two arrays (by array
/// and index, and by composed key path) and to a field beside them, against a model of what
/// each must receive: every dispatch tells, in subscription order, each live subscriber
/// whose value changed. They join at random (some inside a batch, ahead of the
/// notification), leave at random (some from another's `onChange`, during the pass), so
/// their groups' slots are freed, reused and squeezed, and most dispatches change the
/// value of a few of many members: the pass that visits only those members. Writes come
/// from unscoped reducers and from reducers scoped to each array and to the field, so a
/// pass reads the elements of whichever array its first element subscription names
/// through one buffer and the other array's by offset, and skips what a scoped write
/// cannot touch.
@MainActor
@Suite struct KeyPathGroupModelTests {
    enum Source: Equatable, CustomStringConvertible {
        /// `subscribe(\.values, at: index)`.
        case element(Int)
        /// `subscribe(\.more, at: index)`: another array of the same element type, so its
        /// subscriptions share the group of `values`' elements.
        case moreElement(Int)
        /// `subscribe(\.values[index])`.
        case path(Int)
        /// `subscribe(\.other)`.
        case other

        var description: String {
            switch self {
            case .element(let index): "values at \(index)"
            case .moreElement(let index): "more at \(index)"
            case .path(let index): "\\.values[\(index)]"
            case .other: "\\.other"
            }
        }

        func value(in state: Grid) -> Int {
            switch self {
            case .element(let index), .path(let index): state.values[index]
            case .moreElement(let index): state.more[index]
            case .other: state.other
            }
        }
    }

    struct Write: Equatable, CustomStringConvertible {
        /// An element's index, or `nil` for `other`.
        var index: Int?
        /// Whether the element is one of `more`, not of `values`.
        var inMore = false
        var value: Int
        /// Whether the write's reducer is scoped to what it writes (the array or `other`),
        /// not one over the whole grid.
        var isScoped = false
        var description: String {
            let target = index.map { inMore ? "more[\($0)]" : "values[\($0)]" } ?? "other"
            return "\(target) = \(value)" + (isScoped ? " (scoped)" : "")
        }
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

    @Test func manyMembers_fewChangingPerDispatch_followTheModel() async {
        await checkRandomPrograms("key-path subscriptions", count: 400, generate: Self.generate,
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
            case 0..<3: .element(Int.random(in: 0..<elementCount, using: &random))
            case 3..<5: .moreElement(Int.random(in: 0..<elementCount, using: &random))
            case 5..<8: .path(Int.random(in: 0..<elementCount, using: &random))
            default: .other
            }
        }
        func write() -> Write {
            Write(index: random.chance(85) ? Int.random(in: 0..<elementCount, using: &random) : nil,
                  inMore: random.chance(40), value: Int.random(in: 0..<3, using: &random),
                  isScoped: random.chance(50))
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
        let store = Store(reducer: gridReducer, state: Grid(elementCount: elementCount))
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
            case .moreElement(let index): handles.append(store.subscribe(\.more, at: index, onChange))
            case .path(let index): handles.append(store.subscribe(\.values[index], onChange))
            case .other: handles.append(store.subscribe(\.other, onChange))
            }
        }
        for step in steps {
            switch step {
            case .subscribe(let source, let cancels):
                subscribe(source, cancels: cancels)
            case .cancel(let number):
                // A shrunk program may cancel a subscription its shrinking removed.
                if number < handles.count { handles[number].cancel() }
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
        var state = Grid(elementCount: elementCount)
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
                if number < subscribers.count { subscribers[number].isLive = false }
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
    var more: [Int]

    init(elementCount: Int) {
        values = Array(repeating: 0, count: elementCount)
        more = Array(repeating: 0, count: elementCount)
    }
}

private struct WriteAction: Action {
    var write: KeyPathGroupModelTests.Write
}

private struct ScopedWriteToValues: Action {
    var index: Int
    var value: Int
}

private struct ScopedWriteToMore: Action {
    var index: Int
    var value: Int
}

private struct ScopedWriteToOther: Action {
    var value: Int
}

extension KeyPathGroupModelTests.Write {
    var action: any Action {
        guard isScoped else { return WriteAction(write: self) }
        guard let index else { return ScopedWriteToOther(value: value) }
        return inMore ? ScopedWriteToMore(index: index, value: value) : ScopedWriteToValues(index: index, value: value)
    }

    func apply(to state: inout Grid) {
        guard let index else { return state.other = value }
        if inMore { state.more[index] = value } else { state.values[index] = value }
    }
}

private let gridReducer = Reducer<Grid>.combine(
    Reducer<Grid>.on(WriteAction.self) { state, action in action.write.apply(to: &state) },
    Reducer<[Int]>.on(ScopedWriteToValues.self) { values, action in values[action.index] = action.value }
        .scope(\Grid.values),
    Reducer<[Int]>.on(ScopedWriteToMore.self) { more, action in more[action.index] = action.value }
        .scope(\Grid.more),
    Reducer<Int>.on(ScopedWriteToOther.self) { other, action in other = action.value }.scope(\Grid.other)
)
