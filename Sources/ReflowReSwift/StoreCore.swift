import Reflow
import ReflowCore

/// What a ReSwift ``Store`` keeps on the main actor: its subscribers and its middleware.
@MainActor @usableFromInline
final class StoreCore<State> {
    let chain = MiddlewareChain<State>()
    private(set) var middleware: [Middleware<State>] = []
    private weak var store: Reflow.Store<State>?
    @usableFromInline var subscriptions: [ObjectIdentifier: SubscriberEntry] = [:]
    @usableFromInline var nextToken = 0

    init() {}

    var subscriberCount: Int { subscriptions.count }

    /// Whether the chain's Reflow middleware is in the Reflow store.
    private var isChainInstalled = false

    /// Connects the core to the Reflow store it serves, with the store's first middleware.
    func attach(to store: Reflow.Store<State>, middleware: [Middleware<State>]) {
        self.store = store
        setMiddleware(middleware)
    }

    /// Replaces the middleware and rebuilds the chain (ReSwift's `middleware` setter). The
    /// chain joins the Reflow store's middleware the first time there is any, so a store
    /// without ReSwift middleware keeps Reflow's plain dispatch path (benchmark C1).
    func setMiddleware(_ middleware: [Middleware<State>]) {
        self.middleware = middleware
        guard let store else { return }
        if !middleware.isEmpty && !isChainInstalled {
            isChainInstalled = true
            store.appendMiddleware(chain.reflowMiddleware)
        }
        chain.rebuild(middleware, dispatch: ReSwiftDispatch.dispatchFunction(to: store),
                      getState: ReSwiftDispatch.getState(of: store))
    }

    /// Subscribes `subscriber` through the pipeline `transform` builds; it gets the current
    /// value at once. A subscriber subscribed again has its old subscription replaced.
    @inlinable
    func attach<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?, to store: Reflow.Store<State>
    ) where S.StoreSubscriberStateType == SelectedState {
        let id = ObjectIdentifier(subscriber)
        detach(id)
        let token = nextToken
        nextToken += 1
        let original = Subscription<State>()
        let target = SubscriberReference<S, State>(subscriber)
        // Typed delivery: the subscriber's own `newState`, with no `Any` box and no cast,
        // and one weak load per delivered value. A released subscriber is dropped at the
        // first value that reaches it.
        let drop: () -> Void = { [weak self] in self?.dropReleasedSubscriber(id, token: token) }
        if let transformed = transform?(original) {
            transformed.observer = { _, newState in
                guard let subscriber = target.subscriber else { return drop() }
                subscriber.newState(state: newState)
            }
        } else {
            // ReSwift's path for a `nil` transform: the state goes through `_newState`,
            // which delivers it only when it is of the subscriber's type.
            original.observer = { _, newState in
                guard let subscriber = target.subscriber else { return drop() }
                subscriber._newState(state: newState)
            }
        }
        // Every state, as ReSwift's subscriptions see every state; their own steps decide.
        let subscription = store.subscribe({ $0 }, isDuplicate: { _, _ in false }) { state in
            let old = target.previous
            target.previous = state
            original.newValues(oldState: old, newState: state)
        }
        subscriptions[id] = SubscriberEntry(token: token, subscription: subscription, original: original)
    }

    /// Ends the subscription of the subscriber with identity `id`, if it has one.
    @usableFromInline
    func detach(_ id: ObjectIdentifier) {
        subscriptions.removeValue(forKey: id)?.subscription.cancel()
    }

    @usableFromInline
    func dropReleasedSubscriber(_ id: ObjectIdentifier, token: Int) {
        // The identity may belong to a newer subscriber at the same address: check the token.
        guard let entry = subscriptions[id], entry.token == token else { return }
        subscriptions[id] = nil
        entry.subscription.cancel()
    }
}

/// How a middleware's `dispatch` and `getState` reach the Reflow store from any thread.
///
/// Their closures are made here, outside the main actor: a closure made in main-actor code
/// is isolated to it, and Swift checks that at run time, so calling one from a background
/// queue (a middleware's network callback) would stop the program.
enum ReSwiftDispatch {
    static func dispatchFunction<State>(to store: Reflow.Store<State>) -> DispatchFunction {
        { [weak store] action in
            guard let store else { return }
            dispatch(action, to: store)
        }
    }

    static func getState<State>(of store: Reflow.Store<State>) -> GetState<State> {
        { [weak store] in store.map { state(of: $0) } }
    }

    static func dispatch<State>(_ action: any Action, to store: Reflow.Store<State>) {
        // From a background queue the caller waits, and gives the action up (`HandOff`).
        let action = HandOff(action)
        onMainActor { store.dispatch(action.take()) }
    }

    static func state<State>(of store: Reflow.Store<State>) -> State {
        onMainActor { store.state }
    }
}

/// The store's weak hold on a subscriber, and the state its subscription saw last.
@MainActor @usableFromInline
final class SubscriberReference<S: AnyObject, State> {
    @usableFromInline weak var subscriber: S?
    /// The state the subscription saw last, for the steps that compare consecutive states.
    @usableFromInline var previous: State?

    @usableFromInline
    init(_ subscriber: S) {
        self.subscriber = subscriber
    }
}

/// What the store keeps per subscriber.
@usableFromInline
struct SubscriberEntry {
    let token: Int
    let subscription: Reflow.SubscriptionHandle
    /// The head of the subscriber's chain of steps; it holds the rest.
    let original: AnyObject

    @usableFromInline
    init(token: Int, subscription: Reflow.SubscriptionHandle, original: AnyObject) {
        self.token = token
        self.subscription = subscription
        self.original = original
    }
}
