/// The one place an app's state lives.
///
/// A store holds the state, runs every dispatched action through its middleware and its
/// reducer, and tells subscribers when the value they selected changed. It lives on the
/// main actor, so a UI reads ``state`` synchronously.
///
/// ```swift
/// struct AppState { var count = 0 }
/// struct Increment: Action {}
///
/// let store = Store(
///     reducer: Reducer<AppState>.on(Increment.self) { state, _ in state.count += 1 },
///     state: AppState()
/// )
/// let subscription = store.subscribe(\.count) { print("count:", $0) }  // prints 0
/// store.dispatch(Increment())                                          // prints 1
/// ```
///
/// ## Re-entrancy
/// - A reducer that dispatches, or reads ``state``, stops the program with a message that
///   names the action: a reducer gets the state `inout` and must not dispatch.
/// - A subscriber or middleware that dispatches while the store is notifying has its
///   action queued (first in, first out); it runs once the notification finishes, so every
///   subscriber sees every state, in order.
/// - Subscribing or cancelling during a notification is safe: a subscription made during
///   a pass gets the current value once, at subscribe, and is not called again in it.
///
/// The machinery lives beside this type: the dispatch loop (`DispatchLoop`), the observers
/// (the `Observers` folder) and effects (`EffectRegistry`).
@MainActor
public final class Store<State> {
    @usableFromInline package let loop: DispatchLoop<State>
    let effects: EffectRegistry
    /// What features keep on this store (hosted reactors, entity indexes), each found by
    /// its type.
    package let features: StoreFeatures
    /// The dispatch function connections hand to `mapDispatchToActions`: one per store, so
    /// a connection does not allocate its own (it holds the store weakly, so actions kept
    /// past the store's life do nothing).
    package lazy var weakDispatch = Dispatch { [weak self] action in self?.dispatch(action) }

    /// Creates a store.
    ///
    /// The store lives on the main actor, but making it needs no isolation, so that an
    /// app's global store compiles in every language mode, as ReSwift's and ReRxSwift's
    /// READMEs write it:
    ///
    /// ```swift
    /// let store = Store(reducer: appReducer, state: AppState())   // at file scope
    /// ```
    ///
    /// It must run on the main thread (a global is made where it is first used: use it
    /// first from the main thread); elsewhere it stops with a message that says so.
    ///
    /// - Parameters:
    ///   - reducer: The only code that changes the state.
    ///   - state: The initial state.
    ///   - middleware: Functions that see each action before the reducer, first one first.
    public nonisolated init(reducer: Reducer<State>, state: State, middleware: [Middleware<State>] = []) {
        MainThreadCheck.require("Store(reducer:state:middleware:)")
        // On the main queue, so on the main actor: the state moves to it on this thread.
        let initial = MainActorBound(state)
        (loop, effects, features) = MainActor.assumeIsolated {
            (DispatchLoop(reducer: reducer, state: initial.isolatedValue), EffectRegistry(), StoreFeatures())
        }
        MainActor.assumeIsolated {
            install(middleware)
            // Weakly the store, which middleware contexts hold weakly already: a weak
            // reference to the loop would move its reference count to a side table, which
            // every retain of it on a dispatch then pays.
            effects.actionArrivals = { [weak self] type, owner, arrived in
                self?.loop.addRoute(forTypeWith: type, owner: owner, deliver: arrived)
                return { [weak self] in self?.loop.removeRoutes(of: owner) }
            }
            Housekeeping.run()
        }
    }

    /// The current state. Only the reducer changes it.
    ///
    /// > Important: A reducer must not read it (the reducer has the state `inout`);
    /// > doing so stops the program with a message naming the action.
    @inlinable
    public var state: State { loop.checkedState }

    deinit {
        // Features stop what they run for the store (a hosted reactor's effects) at once on
        // the main queue, where a store is released in practice; elsewhere as soon as the
        // main actor runs.
        let features = self.features
        if MainQueueDetection.isOnMainQueue {
            MainActor.assumeIsolated { features.storeDidEnd() }
        } else {
            Task { @MainActor in features.storeDidEnd() }
        }
    }

    @usableFromInline
    static func stateReadWhileReducing(_ actionType: any Action.Type, what: String = "Store.state") -> Never {
        // Two threads in the store look like a read inside a reducer: say which it is.
        MainThreadCheck.require(what)
        fatalError("""
            Reflow: \(what) was read from inside a reducer while it was handling an action \
            of type \(actionType); the state is half-applied there. Read the reducer's inout \
            state parameter instead.
            """)
    }

    /// Sends an action through the middleware to the reducer, then notifies subscribers
    /// whose selected value changed.
    ///
    /// Dispatching from a subscriber or middleware while the store is notifying queues the
    /// action until the notification is over. Dispatching from inside a reducer is a
    /// programming error and stops with a message naming both actions.
    ///
    /// - Parameter action: What happened.
    /// - Complexity: O(*r* + *s*): the reducer's work plus one selector call and one
    ///   comparison for each of the *s* subscribers (a key path that several subscribers
    ///   share: once for all of them), and their `onChange` calls. Per-entity
    ///   subscriptions on an ``EntityCollection`` cost only for the entities that changed.
    // Inlinable: the common case (no middleware, not re-entrant) is then specialized for
    // the caller's State, without generic metadata lookups (benchmark S1).
    @inlinable
    public func dispatch(_ action: any Action) {
        loop.dispatch(action)
    }

    /// Runs `body`, in which you dispatch many actions, and notifies subscribers once with
    /// the final state.
    ///
    /// ```swift
    /// store.batch {
    ///     store.dispatch(ClearTodos())
    ///     for title in titles { store.dispatch(AddTodo(title: title)) }
    /// }
    /// ```
    ///
    /// A batch begun while the store is notifying runs, as one batch, after the pass.
    ///
    /// - Parameter body: Dispatches to run; subscribers are told once, after the last.
    public func batch(_ body: () -> Void) {
        loop.batch(body)
    }

    /// Adds `middleware` after the store's middleware: for ReflowReSwift, whose stores take
    /// ReSwift middleware set after they were made. A store made without middleware takes
    /// the plain dispatch path until then (benchmark C1).
    package func appendMiddleware(_ middleware: Middleware<State>) {
        install([middleware])
    }

    /// Adds `middleware` before the store's middleware: for a feature that must wrap all of
    /// a dispatch (the dependencies it runs with). A store made without middleware takes
    /// the plain dispatch path until then.
    package func prependMiddleware(_ middleware: Middleware<State>) {
        install([middleware], first: true)
    }

    /// Links the chain's middleware into the loop's chain, and lets the others install
    /// themselves (``Middleware/installation``).
    private func install(_ middleware: [Middleware<State>], first: Bool = false) {
        let chained = middleware.filter { $0.installation == nil }
        loop.installMiddleware(chained, context: MiddlewareContext(store: self), first: first)
        for link in middleware { link.installation?(self) }
    }

    /// Starts recording what reductions can write (a key-path subscription or a slice
    /// connection can then skip untouched slices).
    package func trackFootprints() {
        loop.trackFootprints()
    }

    package var observers: ObserverTable<State> { loop.observers }
}
