import Testing
@testable import Reflow
@testable import ReflowCore

/// Random programs of per-entity subscriptions on an `EntityCollection`: changes to one
/// or many entities (the change journal), removals, additions, whole replacements (a
/// full scan), batches, cancels, and subscribers that dispatch or subscribe mid-pass.
///
/// Entities are notified in the journal's order, not in subscription order, so the check
/// is per subscriber: each must see exactly the model's sequence of values, the final
/// state must match, and the store must count exactly the live subscriptions and keep a
/// table only for watched ids.
@MainActor
@Suite struct EntityModelTests {
    fileprivate struct Item: Identifiable, Equatable { var id: Int; var value: Int }
    fileprivate struct ItemsState: Equatable { var items = EntityCollection<Int, Item>((0..<4).map { Item(id: $0, value: 0) }) }

    fileprivate enum Change: Equatable, CustomStringConvertible {
        case bump(Int)
        case remove(Int)
        case add(Int)
        case replaceAll

        var description: String {
            switch self {
            case .bump(let id): "bump \(id)"
            case .remove(let id): "remove \(id)"
            case .add(let id): "add \(id)"
            case .replaceAll: "replace all"
            }
        }

        func apply(_ state: inout ItemsState) {
            switch self {
            case .bump(let id): state.items.update(id: id) { $0.value = ($0.value + 1) % 3 }
            case .remove(let id): state.items.remove(id: id)
            case .add(let id): if state.items[id: id] == nil { state.items.append(Item(id: id, value: 0)) }
            case .replaceAll:
                // A fresh collection with the same entities: a different journal.
                state.items = EntityCollection(state.items.elements)
            }
        }
    }

    fileprivate struct ChangeAction: Action { var change: Change }

    fileprivate enum Step: Equatable, CustomStringConvertible {
        case subscribe(id: Int, onValue: Int?, then: Change?)
        case dispatch(Change)
        case batch([Change])
        case cancel(Int)

        var description: String {
            switch self {
            case .subscribe(let id, let trigger, let then):
                "subscribe \(id)" + (then.map { " (on \(trigger!): \($0))" } ?? "")
            case .dispatch(let change): "dispatch \(change)"
            case .batch(let changes): "batch \(changes)"
            case .cancel(let index): "cancel #\(index)"
            }
        }
    }

    private struct Outcome: Equatable {
        var deliveries: [String: [Int?]] = [:]
        var state = ItemsState()
        var live = 0
    }

    // MARK: - The model

    private static func model(_ steps: [Step]) -> Outcome {
        struct Subscriber { let name: String; let id: Int; var last: Item?; var isLive = true; let trigger: Int?; let then: Change? }
        var outcome = Outcome()
        var subscribers: [Subscriber] = []
        var queue: [Change] = []
        var budget = 6
        func subscribe(_ id: Int, name: String, trigger: Int?, then: Change?) {
            let current = outcome.state.items[id: id]
            subscribers.append(Subscriber(name: name, id: id, last: current, trigger: trigger, then: then))
            outcome.deliveries[name, default: []].append(current?.value)
        }
        func notify() {
            for index in subscribers.indices where subscribers[index].isLive {
                let current = outcome.state.items[id: subscribers[index].id]
                guard current != subscribers[index].last else { continue }
                subscribers[index].last = current
                outcome.deliveries[subscribers[index].name, default: []].append(current?.value)
                if let then = subscribers[index].then, current?.value == subscribers[index].trigger, budget > 0 {
                    budget -= 1
                    queue.append(then)
                }
            }
            while !queue.isEmpty {
                queue.removeFirst().apply(&outcome.state)
                notify()
            }
        }
        for step in steps {
            switch step {
            case .subscribe(let id, let trigger, let then):
                subscribe(id, name: "#\(subscribers.count)", trigger: trigger, then: then)
            case .dispatch(let change):
                change.apply(&outcome.state)
                notify()
            case .batch(let changes):
                for change in changes { change.apply(&outcome.state) }
                if !changes.isEmpty { notify() }
            case .cancel(let index):
                if subscribers.indices.contains(index) { subscribers[index].isLive = false }
            }
        }
        outcome.live = subscribers.filter(\.isLive).count
        return outcome
    }

    // MARK: - The store

    private static func run(_ steps: [Step]) -> (Outcome, watchedIDsMatch: Bool) {
        let store = Store(reducer: Reducer<ItemsState>.on(ChangeAction.self) { state, action in
            action.change.apply(&state)
        }, state: ItemsState())
        var outcome = Outcome()
        var subscriptions: [SubscriptionHandle] = []
        var budget = 6
        var watched: [Int: Int] = [:]
        for step in steps {
            switch step {
            case .subscribe(let id, let trigger, let then):
                let name = "#\(subscriptions.count)"
                var isInitial = true
                subscriptions.append(store.subscribe(id, in: \.items) { item in
                    outcome.deliveries[name, default: []].append(item?.value)
                    if !isInitial, let then, item?.value == trigger, budget > 0 {
                        budget -= 1
                        store.dispatch(ChangeAction(change: then))
                    }
                })
                isInitial = false
                watched[id, default: 0] += 1
            case .dispatch(let change):
                store.dispatch(ChangeAction(change: change))
            case .batch(let changes):
                store.batch { for change in changes { store.dispatch(ChangeAction(change: change)) } }
            case .cancel(let index):
                if subscriptions.indices.contains(index), !subscriptions[index].isCancelled {
                    subscriptions[index].cancel()
                    if case .subscribe(let id, _, _) = steps.filter({ if case .subscribe = $0 { true } else { false } })[index] {
                        watched[id]! -= 1
                        if watched[id] == 0 { watched[id] = nil }
                    }
                }
            }
        }
        outcome.state = store.state
        outcome.live = store.subscriptionCount
        let index = store.features.existing(EntityIndexes<ItemsState>.self)?.byCollection[\ItemsState.items] as? EntityObserverIndex<ItemsState, Int, Item>
        let watchedIDsMatch = (index?.watchedIDCount ?? 0) == watched.count
        return (outcome, watchedIDsMatch)
    }

    private static func randomChange(_ random: inout SeededRandom) -> Change {
        let id = Int.random(in: 0..<5, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6: return .bump(id)
        case 6: return .remove(id)
        case 7, 8: return .add(id)
        default: return .replaceAll
        }
    }

    private static func randomProgram(_ random: inout SeededRandom) -> [Step] {
        var steps: [Step] = []
        var subscribers = 0
        for _ in 0..<Int.random(in: 4...16, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35:
                let reacts = random.chance(40)
                steps.append(.subscribe(id: Int.random(in: 0..<5, using: &random),
                                        onValue: reacts ? Int.random(in: 0..<3, using: &random) : nil,
                                        then: reacts ? .bump(Int.random(in: 0..<5, using: &random)) : nil))
                subscribers += 1
            case 35..<75: steps.append(.dispatch(randomChange(&random)))
            case 75..<88: steps.append(.batch((0..<Int.random(in: 1...4, using: &random)).map { _ in randomChange(&random) }))
            default: steps.append(.cancel(Int.random(in: 0...max(subscribers, 1), using: &random)))
            }
        }
        return steps
    }

    @Test func randomPrograms_matchTheModel() async {
        func fails(_ steps: [Step]) -> Bool {
            let (actual, watchedIDsMatch) = Self.run(steps)
            return actual != Self.model(steps) || !watchedIDsMatch
        }
        func subscribeCount(_ steps: [Step]) -> Int {
            steps.filter { if case .subscribe = $0 { true } else { false } }.count
        }
        await checkRandomPrograms(
            "entity subscriptions", count: 4_000,
            generate: { Self.randomProgram(&$0) },
            fails: fails,
            // Cancels name subscriptions by position: shrink by dropping other steps only.
            shrink: { steps in shrink(steps) { subscribeCount($0) == subscribeCount(steps) && fails($0) } },
            describe: { steps in
                """
                \(steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))
                model: \(Self.model(steps))
                store: \(Self.run(steps))
                """
            }
        )
    }
}
