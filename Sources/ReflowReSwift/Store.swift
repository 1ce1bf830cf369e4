import Reflow

/// ReSwift's `Store`, on top of a Reflow store: change `import ReSwift` to
/// `import ReflowReSwift` and an app's store, reducers, middleware and `StoreSubscriber`s
/// keep working.
///
/// ```swift
/// let store = Store<AppState>(reducer: appReducer, state: nil,
///                             middleware: [loggingMiddleware, createThunkMiddleware()])
/// store.subscribe(listViewModel) { $0.select(\.todos) }
/// store.dispatch(AddTodo(title: "Milk"))
/// ```
///
/// The Reflow store underneath is ``reflowStore``: new screens use it for a `Connection`,
/// a hosted reactor, a `TestStore` or devtools, while old screens keep their subscribers.
/// Both see every action and every state.
///
/// ## Where Reflow differs from ReSwift
/// - A subscriber (or middleware) that dispatches while the store notifies has its action
///   queued until the notification is over, so every subscriber sees every state in
///   order. ReSwift delivers the nested state first, then the older one to the
///   remaining subscribers.
/// - A reducer that dispatches stops the program with a message that names the action,
///   as ReSwift's `ConcurrentMutationError` does.
/// - The store, its reducers, middleware and subscribers run on the main actor.
/// - ``state`` cannot be set from outside; only reducers change it.
@MainActor
public final class Store<State>: StoreType {
    /// The Reflow store that holds the state: use it for new screens.
    public let reflowStore: Reflow.Store<State>
    @usableFromInline let automaticallySkipsRepeats: Bool
    @usableFromInline var subscriptions: [ObjectIdentifier: SubscriberEntry] = [:]
    @usableFromInline var nextToken = 0

    /// Creates a store (ReSwift's initializer).
    ///
    /// - Parameters:
    ///   - reducer: The root reducer.
    ///   - state: The initial state; when `nil`, the reducer provides it from
    ///     ``ReSwiftInit``.
    ///   - middleware: Middleware, first one first.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` values skip
    ///     repeats without asking.
    public init(reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = [],
                automaticallySkipsRepeats: Bool = true) {
        let reference = StoreReference<State>()
        let initial = state ?? reducer(ReSwiftInit(), nil)
        reflowStore = Reflow.Store(
            reducer: .reSwift(reducer),
            state: initial,
            middleware: middleware.isEmpty ? [] : [.reSwiftChain(middleware, store: reference)]
        )
        reference.store = reflowStore
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
    }

    /// Gives an existing Reflow store ReSwift's API, so screens written against ReSwift can
    /// subscribe to it.
    ///
    /// - Parameters:
    ///   - store: The Reflow store.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` values skip
    ///     repeats without asking.
    public init(_ store: Reflow.Store<State>, automaticallySkipsRepeats: Bool = true) {
        reflowStore = store
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
    }

    /// The current state (never `nil`; implicitly unwrapped as in ReSwift).
    public var state: State! { reflowStore.state }

    /// Dispatches through the middleware, as ``dispatch(_:)``.
    public var dispatchFunction: DispatchFunction! {
        { [weak self] action in self?.dispatch(action) }
    }

    /// Dispatches `action` through the middleware to the reducer.
    ///
    /// - Complexity: That of `Reflow.Store.dispatch(_:)`: the reducer, plus each
    ///   subscriber's subscription steps.
    ///
    /// - Parameter action: The action.
    public func dispatch(_ action: any Action) {
        reflowStore.dispatch(action)
    }

    /// Subscribes `subscriber` to the whole state; it gets the current state at once.
    ///
    /// - Parameter subscriber: Told each new state with `newState(state:)`; held weakly.
    @inlinable
    public func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        attach(subscriber, transform: { $0 })
    }

    /// Subscribes `subscriber` to what `transform` makes of the state; it gets the current
    /// value at once. Subscribing a subscriber again replaces its subscription.
    ///
    /// ```swift
    /// store.subscribe(viewModel) { $0.select(\.user.name).skipRepeats() }
    /// ```
    ///
    /// - Parameters:
    ///   - subscriber: Told each selected value with `newState(state:)`; held weakly.
    ///   - transform: Builds the subscription's pipeline from the whole-state subscription.
    @inlinable
    public func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        attach(subscriber, transform: transform)
    }

    /// Ends `subscriber`'s subscription. Released subscribers end by themselves.
    ///
    /// - Parameter subscriber: The subscriber to stop telling.
    public func unsubscribe(_ subscriber: any AnyStoreSubscriber) {
        subscriptions.removeValue(forKey: ObjectIdentifier(subscriber))?.subscription.cancel()
    }

    /// The number of live subscribers.
    public var subscriberCount: Int { subscriptions.count }

    // Inlinable: the closures that run on every state are then built, and specialized for
    // the state and subscriber types, in the subscriber's module (benchmark C1).
    @inlinable
    func attach<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        unsubscribe(subscriber)
        let id = ObjectIdentifier(subscriber)
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
        let subscription = reflowStore.subscribe({ $0 }, isDuplicate: { _, _ in false }) { state in
            let old = target.previous
            target.previous = state
            original.newValues(oldState: old, newState: state)
        }
        subscriptions[id] = SubscriberEntry(token: token, subscription: subscription, original: original)
    }

    @usableFromInline
    func dropReleasedSubscriber(_ id: ObjectIdentifier, token: Int) {
        // The identity may belong to a newer subscriber at the same address: check the token.
        guard let entry = subscriptions[id], entry.token == token else { return }
        subscriptions[id] = nil
        entry.subscription.cancel()
    }
}

extension Store where State: Equatable {
    /// Subscribes `subscriber` to the whole state, skipping states equal to the previous
    /// one unless the store was made with `automaticallySkipsRepeats: false`.
    ///
    /// - Parameter subscriber: Told each new state with `newState(state:)`; held weakly.
    @inlinable
    public func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        attach(subscriber, transform: automaticallySkipsRepeats ? { $0.skipRepeats() } : { $0 })
    }
}

extension Store {
    /// Subscribes `subscriber` to an `Equatable` value that `transform` selects, skipping
    /// repeats unless the store was made with `automaticallySkipsRepeats: false`.
    ///
    /// - Parameters:
    ///   - subscriber: Told each selected value with `newState(state:)`; held weakly.
    ///   - transform: Builds the subscription's pipeline from the whole-state subscription.
    @inlinable
    public func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        let skips = automaticallySkipsRepeats
        attach(subscriber, transform: transform.map { transform in
            skips ? { transform($0).skipRepeats() } : transform
        })
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
@MainActor @usableFromInline
struct SubscriberEntry {
    @usableFromInline let token: Int
    @usableFromInline let subscription: Reflow.SubscriptionHandle
    /// The head of the subscriber's chain of steps; it holds the rest.
    @usableFromInline let original: AnyObject

    @usableFromInline
    init(token: Int, subscription: Reflow.SubscriptionHandle, original: AnyObject) {
        self.token = token
        self.subscription = subscription
        self.original = original
    }
}
