import Testing
import Reflow

/// Random programs on a `SignalSubject`: sends, subscriptions, cancels, and subscribers
/// that send, subscribe or cancel while a value is being delivered. The model: a value
/// sent during a delivery is delivered after it, in order, to the subscribers there when
/// it was sent; cancelling takes effect at once.
@MainActor
@Suite struct SignalSubjectModelTests {
    fileprivate enum Reaction: Equatable { case send(Int), subscribe, cancel(Int) }

    fileprivate enum Step: Equatable, CustomStringConvertible {
        case subscribe(onValue: Int, then: Reaction?)
        case send(Int)
        case cancel(Int)

        var description: String {
            switch self {
            case .subscribe(let trigger, let then): "subscribe" + (then.map { " (on \(trigger): \($0))" } ?? "")
            case .send(let value): "send \(value)"
            case .cancel(let index): "cancel #\(index)"
            }
        }
    }

    private static func model(_ steps: [Step]) -> [String] {
        struct Subscriber { var isLive = true; let trigger: Int; let then: Reaction? }
        var log: [String] = []
        var subscribers: [Subscriber] = []
        var isDelivering = false
        var queued: [(value: Int, count: Int)] = []
        var budget = 8
        func deliver(_ value: Int, to count: Int) {
            for index in 0..<count where subscribers[index].isLive {
                log.append("#\(index) got \(value)")
                guard let then = subscribers[index].then, value == subscribers[index].trigger, budget > 0 else { continue }
                budget -= 1
                switch then {
                case .send(let value): send(value)
                case .subscribe: subscribers.append(Subscriber(trigger: -1, then: nil))
                case .cancel(let target): if subscribers.indices.contains(target) { subscribers[target].isLive = false }
                }
            }
        }
        func send(_ value: Int) {
            if isDelivering { return queued.append((value, subscribers.count)) }
            isDelivering = true
            deliver(value, to: subscribers.count)
            var index = 0
            while index < queued.count {
                deliver(queued[index].value, to: queued[index].count)
                index += 1
            }
            queued = []
            isDelivering = false
        }
        for step in steps {
            switch step {
            case .subscribe(let trigger, let then): subscribers.append(Subscriber(trigger: trigger, then: then))
            case .send(let value): send(value)
            case .cancel(let index): if subscribers.indices.contains(index) { subscribers[index].isLive = false }
            }
        }
        return log
    }

    private static func run(_ steps: [Step]) -> [String] {
        let subject = SignalSubject<Int>()
        var log: [String] = []
        var subscriptions: [SubscriptionHandle] = []
        var budget = 8
        func subscribe(trigger: Int, then: Reaction?) {
            let index = subscriptions.count
            subscriptions.append(subject.signal.subscribe { value in
                log.append("#\(index) got \(value)")
                guard let then, value == trigger, budget > 0 else { return }
                budget -= 1
                switch then {
                case .send(let value): subject.send(value)
                case .subscribe: subscribe(trigger: -1, then: nil)
                case .cancel(let target): if subscriptions.indices.contains(target) { subscriptions[target].cancel() }
                }
            })
        }
        for step in steps {
            switch step {
            case .subscribe(let trigger, let then): subscribe(trigger: trigger, then: then)
            case .send(let value): subject.send(value)
            case .cancel(let index): if subscriptions.indices.contains(index) { subscriptions[index].cancel() }
            }
        }
        return log
    }

    private static func randomProgram(_ random: inout SeededRandom) -> [Step] {
        var steps: [Step] = []
        var subscribers = 0
        for _ in 0..<Int.random(in: 3...14, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35:
                let then: Reaction? = switch Int.random(in: 0..<5, using: &random) {
                case 0, 1: .send(Int.random(in: 0...3, using: &random))
                case 2: .subscribe
                case 3: .cancel(Int.random(in: 0...subscribers, using: &random))
                default: nil
                }
                steps.append(.subscribe(onValue: Int.random(in: 0...3, using: &random), then: then))
                subscribers += 1
            case 35..<85: steps.append(.send(Int.random(in: 0...3, using: &random)))
            default: steps.append(.cancel(Int.random(in: 0...max(subscribers, 1), using: &random)))
            }
        }
        return steps
    }

    @Test func randomPrograms_matchTheModel() async {
        await checkRandomPrograms(
            "signal subject", count: 2_000,
            generate: { Self.randomProgram(&$0) },
            fails: { Self.run($0) != Self.model($0) },
            shrink: { shrink($0) { Self.run($0) != Self.model($0) } },
            describe: { steps in
                """
                \(steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))
                model:   \(Self.model(steps))
                subject: \(Self.run(steps))
                """
            }
        )
    }
}
