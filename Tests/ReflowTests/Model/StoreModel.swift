/// The reference: the store's contract, written as directly as it can be said.
///
/// - `dispatch` outside a notification runs the middleware chain, then reduces, then (outside
///   a batch) notifies and drains the queue.
/// - A notification visits, in subscription order, the subscribers that existed when it
///   began and are still live; each gets the selected value when it is not a duplicate of
///   the last one it got.
/// - During a notification, dispatches are queued (a batch's as one entry), subscriptions
///   get the current value at once and are not visited, cancellations take effect at once.
/// - The queue is drained in order after the notification.
final class StoreModel {
    private struct Subscriber {
        let id: Int
        let spec: SubscriberSpec
        var last: Int
        var isLive = true
    }

    private enum Queued {
        case action(ModelAction)
        case batch([ModelAction])
    }

    private let middleware: [MiddlewareKind]
    private var state = ModelState()
    private var subscribers: [Subscriber] = []
    private var queue: [Queued] = []
    private var isNotifying = false
    private var isDraining = false
    private var batchDepth = 0
    private var batchChanged = false
    private var collected: [ModelAction]?
    private var budget = StoreProgram.reactionBudget
    private var result = StoreRunResult()

    init(middleware: [MiddlewareKind]) {
        self.middleware = middleware
    }

    func run(_ steps: [StoreStep]) -> StoreRunResult {
        for step in steps {
            switch step {
            case .subscribe(let spec): subscribe(spec)
            case .dispatch(let action): dispatch(action)
            case .batch(let items):
                batch {
                    for item in items {
                        switch item {
                        case .action(let action): dispatch(action)
                        case .subscribe(let spec): subscribe(spec)
                        }
                    }
                }
            case .cancel(let id), .release(let id): cancel(id)
            case .trace: break  // devtools watch; they change nothing a subscriber gets
            }
        }
        result.finalState = state
        result.liveSubscriptions = subscribers.filter(\.isLive).count
        return result
    }

    private func subscribe(_ spec: SubscriberSpec) {
        let id = subscribers.count
        let value = spec.kind.select(spec.field, state)
        subscribers.append(Subscriber(id: id, spec: spec, last: value))
        result.deliveries.append("#\(id) got \(value)")
    }

    private func cancel(_ id: Int) {
        if subscribers.indices.contains(id) { subscribers[id].isLive = false }
    }

    private func dispatch(_ action: ModelAction) {
        if isNotifying {
            if collected != nil { collected!.append(action) } else { queue.append(.action(action)) }
            return
        }
        runChain(action, from: 0)
    }

    private func runChain(_ action: ModelAction, from index: Int) {
        guard index < middleware.count else { return reduceAndNotify(action) }
        middleware[index].handle(action, next: { self.runChain($0, from: index + 1) }, dispatch: { self.dispatch($0) })
    }

    private func reduceAndNotify(_ action: ModelAction) {
        action.reduce(&state)
        if batchDepth > 0 {
            batchChanged = true
        } else {
            notify()
            drain()
        }
    }

    private func batch(_ body: () -> Void) {
        if isNotifying && collected == nil {
            collected = []
            body()
            let actions = collected!
            collected = nil
            if !actions.isEmpty { queue.append(.batch(actions)) }
            return
        }
        batchDepth += 1
        body()
        batchDepth -= 1
        if batchDepth == 0 && batchChanged {
            batchChanged = false
            notify()
            drain()
        }
    }

    private func notify() {
        isNotifying = true
        let count = subscribers.count
        for index in 0..<count where subscribers[index].isLive {
            let spec = subscribers[index].spec
            let value = spec.kind.select(spec.field, state)
            if spec.kind.isDuplicate(subscribers[index].last, value) { continue }
            subscribers[index].last = value
            result.deliveries.append("#\(index) got \(value)")
            react(spec, to: value)
        }
        isNotifying = false
    }

    private func react(_ spec: SubscriberSpec, to value: Int) {
        guard let reaction = spec.reaction, value == spec.trigger, budget > 0 else { return }
        budget -= 1
        switch reaction {
        case .dispatch(let action): dispatch(action)
        case .subscribe(let spec): subscribe(spec)
        case .cancel(let id): cancel(id)
        case .batch(let actions): batch { for action in actions { dispatch(action) } }
        }
    }

    private func drain() {
        guard !isDraining else { return }
        isDraining = true
        while !queue.isEmpty {
            switch queue.removeFirst() {
            case .action(let action): dispatch(action)
            case .batch(let actions): batch { for action in actions { dispatch(action) } }
            }
        }
        isDraining = false
    }
}
