import ReflowCore

import Reflow

/// ReSwift's `Store`, on top of a Reflow store: change `import ReSwift` to
/// `import ReflowReSwift` and an app's store, reducers, middleware and `StoreSubscriber`s
/// keep working, in Swift 5 and Swift 6 language modes.
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
/// ## Threads
/// As in ReSwift, the store can be made and used from any context: a global `let`, a
/// nonisolated function, an XCTest `setUp`. The Reflow store underneath lives on the main
/// actor, so:
/// - On the main thread (where UI code and XCTest's tests run) every call runs at once.
/// - From another thread (a network callback, a background queue), `dispatch(_:)`,
///   ``state``, `subscribe`, ``unsubscribe(_:)`` and creating the store wait for the main
///   thread to run them, then return: as in ReSwift, the state after `dispatch` returns
///   includes the action, and calls from one thread run in order.
/// - Reducers, middleware and subscribers are called on the main thread.
///
/// > Important: Because calls from other threads wait for the main thread, a thread the
/// > main thread is waiting for (with `DispatchQueue.sync` or a semaphore) must not call
/// > the store; that would wait forever. ReSwift code rarely does, since ReSwift's own
/// > store is not safe to call from two threads at once. From async code off the main
/// > actor, prefer `await MainActor.run { store.dispatch(action) }`: waiting holds one of
/// > Swift concurrency's few threads, where awaiting frees it.
///
/// ## Where Reflow differs from ReSwift
/// - A subscriber (or middleware) that dispatches while the store notifies has its action
///   queued until the notification is over, so every subscriber sees every state in
///   order. ReSwift delivers the nested state first, then the older one to the
///   remaining subscribers.
/// - A reducer that dispatches stops the program with a message that names the action,
///   as ReSwift's `ConcurrentMutationError` does.
/// - ``state`` cannot be set from outside; only reducers change it.
///
/// A store is `Sendable`: a global `let mainStore = Store(...)` can be used from any
/// thread, also where Swift makes globals `@MainActor` (Xcode 26's default isolation).
// @unchecked: every stored property is a `let` of a `Sendable` type or a main-actor object
// reached only through `onMainActor`, so the store itself holds no state two threads share.
open class Store<State>: StoreType, @unchecked Sendable {
    /// The Reflow store that holds the state: use it for new screens.
    public let reflowStore: Reflow.Store<State>
    /// Subscribers and middleware: main-actor bookkeeping.
    @usableFromInline let core: StoreCore<State>
    @usableFromInline let automaticallySkipsRepeats: Bool

    /// Creates a store (ReSwift's initializer).
    ///
    /// - Parameters:
    ///   - reducer: The root reducer.
    ///   - state: The initial state; when `nil`, the reducer provides it from
    ///     ``ReSwiftInit``.
    ///   - middleware: Middleware, first one first.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` values skip
    ///     repeats without asking.
    public required init(reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = [],
                         automaticallySkipsRepeats: Bool = true) {
        let reducer = MainActorBound(reducer)
        let middleware = MainActorBound(middleware)
        let initial = MainActorBound(state)
        let (reflowStore, core) = onMainActor { () -> (Reflow.Store<State>, StoreCore<State>) in
            let core = StoreCore<State>()
            let store = Reflow.Store(
                reducer: Reflow.Reducer { state, action in state = reducer.isolatedValue(action, state) },
                state: initial.value ?? reducer.value(ReSwiftInit(), nil)
            )
            core.attach(to: store, middleware: middleware.value)
            return (store, core)
        }
        self.reflowStore = reflowStore
        self.core = core
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
    }

    /// Creates a store from a `@MainActor` reducer: a free function in an app built with
    /// Xcode 26's default MainActor isolation, or a static function of a main-actor type;
    /// otherwise the same as ``init(reducer:state:middleware:automaticallySkipsRepeats:)``.
    ///
    /// - Parameters:
    ///   - reducer: The root reducer.
    ///   - state: The initial state; when `nil`, the reducer provides it from
    ///     ``ReSwiftInit``.
    ///   - middleware: Middleware, first one first.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` values skip
    ///     repeats without asking.
    public convenience init(reducer: @escaping @MainActor (_ action: any Action, _ state: State?) -> State, state: State?,
                            middleware: [Middleware<State>] = [], automaticallySkipsRepeats: Bool = true) {
        // The store calls its reducer on the main actor only (`MainActorBound.isolatedValue`).
        self.init(reducer: { action, state in
            let input = MainActorBound((action, state))
            return MainActor.assumeIsolated { MainActorBound(reducer(input.isolatedValue.0, input.isolatedValue.1)) }.value
        }, state: state, middleware: middleware, automaticallySkipsRepeats: automaticallySkipsRepeats)
    }

    /// Gives an existing Reflow store ReSwift's API, so screens written against ReSwift can
    /// subscribe to it. Setting ``middleware`` has no effect on it: its middleware is the
    /// one it was made with.
    ///
    /// - Parameters:
    ///   - store: The Reflow store.
    ///   - automaticallySkipsRepeats: Whether subscriptions to `Equatable` values skip
    ///     repeats without asking.
    public init(_ store: Reflow.Store<State>, automaticallySkipsRepeats: Bool = true) {
        reflowStore = store
        core = onMainActor { StoreCore<State>() }
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
    }

    /// The current state (never `nil`; implicitly unwrapped as in ReSwift).
    public var state: State! {
        let store = reflowStore
        return onMainActor { store.state }
    }

    /// The middleware, first one first. Setting it rebuilds the chain, as in ReSwift.
    public var middleware: [Middleware<State>] {
        get {
            let core = self.core
            return onMainActor { core.middleware }
        }
        set {
            let core = self.core
            let middleware = MainActorBound(newValue)
            onMainActor { core.setMiddleware(middleware.value) }
        }
    }

    /// Dispatches through the middleware, as `dispatch(_:)`.
    public var dispatchFunction: DispatchFunction! {
        { [weak self] action in self?.dispatch(action) }
    }

    /// Dispatches `action` through the middleware to the reducer, on the main thread (see
    /// "Threads").
    ///
    /// - Complexity: That of `Reflow.Store.dispatch(_:)`: the reducer, plus each
    ///   subscriber's subscription steps.
    ///
    /// - Parameter action: The action.
    open func dispatch(_ action: any Action) {
        ReSwiftDispatch.dispatch(action, to: reflowStore)
    }

    /// Dispatches what `actionCreatorProvider` makes of the state and the store, if anything
    /// (ReSwift's action creators, deprecated there in favour of ReSwift-Thunk).
    ///
    /// - Parameter actionCreatorProvider: Returns the action to dispatch, or `nil`.
    @available(*, deprecated, message: "Deprecated in ReSwift too: dispatch a Thunk instead (createThunkMiddleware()).")
    open func dispatch(_ actionCreatorProvider: @escaping ActionCreator) {
        if let action = actionCreatorProvider(state, self) {
            dispatch(action)
        }
    }

    /// Runs an asynchronous action creator (ReSwift's, deprecated there in favour of
    /// ReSwift-Thunk).
    ///
    /// - Parameter asyncActionCreatorProvider: Gets the state, the store and a callback that
    ///   takes an action creator.
    @available(*, deprecated, message: "Deprecated in ReSwift too: dispatch a Thunk instead (createThunkMiddleware()).")
    open func dispatch(_ asyncActionCreatorProvider: @escaping AsyncActionCreator) {
        dispatch(asyncActionCreatorProvider, callback: nil)
    }

    /// Runs an asynchronous action creator, then `callback` with the state after the action
    /// it made (ReSwift's, deprecated there in favour of ReSwift-Thunk).
    ///
    /// - Parameters:
    ///   - actionCreatorProvider: Gets the state, the store and a callback that takes an
    ///     action creator.
    ///   - callback: Gets the state after the action was dispatched.
    @available(*, deprecated, message: "Deprecated in ReSwift too: dispatch a Thunk instead (createThunkMiddleware()).")
    open func dispatch(_ actionCreatorProvider: @escaping AsyncActionCreator, callback: DispatchCallback?) {
        actionCreatorProvider(state, self) { actionProvider in
            if let action = actionProvider(self.state, self) {
                self.dispatch(action)
                callback?(self.state)
            }
        }
    }

    /// Gets the state after an asynchronous action creator's action.
    public typealias DispatchCallback = (State) -> Void

    /// Makes an action from the state and the store, or `nil` for none.
    @available(*, deprecated, message: "Deprecated in ReSwift too: dispatch a Thunk instead (createThunkMiddleware()).")
    public typealias ActionCreator = (_ state: State, _ store: Store) -> (any Action)?

    /// Makes an action creator asynchronously and hands it to its callback.
    @available(*, deprecated, message: "Deprecated in ReSwift too: dispatch a Thunk instead (createThunkMiddleware()).")
    public typealias AsyncActionCreator = (
        _ state: State,
        _ store: Store,
        _ actionCreatorCallback: @escaping ((ActionCreator) -> Void)
    ) -> Void

    /// Subscribes `subscriber` to the whole state; it gets the current state at once.
    ///
    /// - Parameter subscriber: Told each new state with `newState(state:)`; held weakly.
    open func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        subscribe(subscriber, transform: nil)
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
    open func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        attach(subscriber, transform: transform)
    }

    /// Ends `subscriber`'s subscription. Released subscribers end by themselves.
    ///
    /// - Parameter subscriber: The subscriber to stop telling.
    open func unsubscribe(_ subscriber: any AnyStoreSubscriber) {
        let core = self.core
        let id = ObjectIdentifier(subscriber)
        onMainActor { core.detach(id) }
    }

    /// The number of live subscribers.
    public var subscriberCount: Int {
        let core = self.core
        return onMainActor { core.subscriberCount }
    }

    /// Runs `attach` of the core on the main actor.
    // Inlinable, as are the `Equatable` overloads that call it: the closures that run on
    // every state are then built, and specialized for the state and subscriber types, in
    // the subscriber's module; unspecialized, each state looks up generic metadata at every
    // step (benchmark C1, 4.7 µs against 1.7 µs).
    @inlinable
    final func attach<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState {
        let core = self.core
        let store = reflowStore
        let request = MainActorBound((subscriber, transform))
        onMainActor {
            let (subscriber, transform) = request.value
            core.attach(subscriber, transform: transform, to: store)
        }
    }
}

extension Store where State: Equatable {
    /// Subscribes `subscriber` to the whole state, skipping states equal to the previous
    /// one unless the store was made with `automaticallySkipsRepeats: false`.
    ///
    /// - Parameter subscriber: Told each new state with `newState(state:)`; held weakly.
    @inlinable
    public func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State {
        attach(subscriber, transform: automaticallySkipsRepeats ? { $0.skipRepeats() } : nil)
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
