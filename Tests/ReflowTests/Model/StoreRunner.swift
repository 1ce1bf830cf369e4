import Reflow
import ReflowDevtools

struct ModelSetA: Action { var value: Int }
struct ModelSetB: Action { var value: Int }
struct ModelBumpC: Action {}

extension ModelAction {
    var reflowAction: any Action {
        switch self {
        case .setA(let value): ModelSetA(value: value)
        case .setB(let value): ModelSetB(value: value)
        case .bumpC: ModelBumpC()
        }
    }

    init(_ action: any Action) {
        switch action {
        case let action as ModelSetA: self = .setA(action.value)
        case let action as ModelSetB: self = .setB(action.value)
        default: self = .bumpC
        }
    }
}

/// Scoped reducers for `a` and `b` (so key-path subscriptions to the other slice can be
/// skipped by footprint), an unscoped one for `c`.
let modelReducer = Reducer<ModelState>.combine(
    Reducer<Int>.on(ModelSetA.self) { value, action in value = action.value }.scope(\.a),
    Reducer<Int>.on(ModelSetB.self) { value, action in value = action.value }.scope(\.b),
    Reducer<ModelState>.on(ModelBumpC.self) { state, _ in ModelAction.bumpC.reduce(&state) }
)

/// A reactor whose state is one field of ``ModelState``; it is only ever hosted.
final class FieldReactor: Reactor {
    enum Action: Sendable { case set(Int) }
    let initialState = 0
    func reduce(state: Int, mutation: Action) -> Int {
        switch mutation { case .set(let value): value }
    }
}

/// Runs a program against a real `Store`.
@MainActor
final class StoreRunner {
    private let store: Store<ModelState>
    private var subscriptions: [SubscriptionHandle?] = []
    private var creating: Int?
    private var budget = StoreProgram.reactionBudget
    private var result = StoreRunResult()
    private var history: History<ModelState>?
    /// The reactors hosted: each keeps one observer of the store, which is no subscriber's.
    private var hostedReactors: [FieldReactor] = []
    /// The subscribers that follow a hosted reactor's `state`, a signal the store does not count.
    private var followingReactors: Set<Int> = []

    init(middleware: [MiddlewareKind]) {
        store = Store(reducer: modelReducer, state: ModelState(), middleware: middleware.map { kind in
            Middleware { context, action, next in
                kind.handle(ModelAction(action), next: { next($0.reflowAction) },
                            dispatch: { context.dispatch($0.reflowAction) })
            }
        })
    }

    func run(_ steps: [StoreStep]) -> StoreRunResult {
        for step in steps {
            switch step {
            case .subscribe(let spec): subscribe(spec)
            case .dispatch(let action): store.dispatch(action.reflowAction)
            case .batch(let items):
                store.batch {
                    for item in items {
                        switch item {
                        case .action(let action): store.dispatch(action.reflowAction)
                        case .subscribe(let spec): subscribe(spec)
                        }
                    }
                }
            case .cancel(let id): cancel(id)
            case .release(let id):
                guard subscriptions.indices.contains(id) else { break }
                subscriptions[id] = nil
                followingReactors.remove(id)
            case .trace(let isOn):
                history?.detach()
                history = nil
                if isOn {
                    let tracing = History<ModelState>()
                    tracing.isTracing = true
                    tracing.attach(to: store)
                    history = tracing
                }
            }
        }
        result.finalState = store.state
        result.liveSubscriptions = store.subscriptionCount - hostedReactors.count + followingReactors.count
        return result
    }

    private func subscribe(_ spec: SubscriberSpec) {
        let id = subscriptions.count
        subscriptions.append(nil)
        let onChange: (Int) -> Void = { [unowned self] value in
            self.result.deliveries.append("#\(id) got \(value)")
            if self.creating != id { self.react(spec, to: value) }
        }
        let field = spec.field
        creating = id
        let subscription: SubscriptionHandle = switch spec.kind {
        case .closure: store.subscribe({ field.select($0) }, onChange)
        case .keyPath: store.subscribe(field.keyPath, onChange)
        case .parity: store.subscribe({ field.select($0) % 2 }, onChange)
        case .customEqual: store.subscribe({ field.select($0) }, isDuplicate: ==, onChange)
        case .everyState: store.subscribe({ field.select($0) }, isDuplicate: { _, _ in false }, onChange)
        case .hostedReactor:
            // Kept by the store; it emits when its slice changes, as a subscription with `==`.
            hostReactor(at: field.keyPath, onChange)
        }
        creating = nil
        subscriptions[id] = subscription
        if spec.kind == .hostedReactor { followingReactors.insert(id) }
    }

    private func cancel(_ id: Int) {
        guard subscriptions.indices.contains(id) else { return }
        subscriptions[id]?.cancel()
        followingReactors.remove(id)
    }

    private func hostReactor(at slice: WritableKeyPath<ModelState, Int>, _ onChange: @escaping (Int) -> Void) -> SubscriptionHandle {
        let reactor = FieldReactor()
        store.host(reactor, at: slice)
        hostedReactors.append(reactor)
        return reactor.state.subscribe(onChange)
    }

    private func react(_ spec: SubscriberSpec, to value: Int) {
        guard let reaction = spec.reaction, value == spec.trigger, budget > 0 else { return }
        budget -= 1
        switch reaction {
        case .dispatch(let action): store.dispatch(action.reflowAction)
        case .subscribe(let spec): subscribe(spec)
        case .cancel(let id): cancel(id)
        case .batch(let actions): store.batch { for action in actions { store.dispatch(action.reflowAction) } }
        }
    }
}
