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

    // MARK: Subscribing
    // Here, in the class's own body, rather than in extensions: documentation built from the
    // symbol graphs the compiler emits (as Xcode builds it) lists a re-exported type's
    // members only from its body, so an app that imports Reflow would not find these.

    /// Observes a value selected from the state.
    ///
    /// `onChange` is called at once with the current value, then after each dispatch whose
    /// new state selects a value that differs (`!=`) from the last one this subscriber got.
    ///
    /// ```swift
    /// let subscription = store.subscribe({ $0.todos.filter(\.isDone).count }) { done in
    ///     print("\(done) done")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - select: A pure function of the state; runs once per notification.
    ///   - onChange: Receives the new value.
    /// - Returns: The subscription; updates stop when it is cancelled or released.
    /// - Complexity: O(1) to subscribe and to cancel; when the app has reactors, subscribing
    ///   also checks them for release (O(*r*) in live reactors, see ``Reactor``).
    // Inlinable so the pass, and the comparison in it, are specialized for State and Value
    // in the caller's module; unspecialized, each subscriber pays generic value-witness
    // calls (benchmarks S2 and S3).
    @inlinable
    public func subscribe<Value: Equatable>(_ select: @escaping (State) -> Value,
                                            _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let group = selectionGroup(of: Value.self, usesCustomEquality: false,
                                   pass: SelectionGroup<State, Value>.comparingEqual)
        return didSubscribe(group.subscribe(select, initial: select(state), isDuplicate: nil, onChange: onChange),
                            selecting: "closure")
    }

    /// Observes a value at a key path of the state.
    ///
    /// `onChange` is called at once with the current value, then only when it changes.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.user.name) { name in title = name }
    /// ```
    ///
    /// Subscriptions made one after another to the same key path share its work: the key
    /// path is projected, and its value compared, once per dispatch for all of them.
    ///
    /// - Complexity: O(1) to subscribe and to cancel; when the app has reactors, subscribing
    ///   also checks them for release (O(*r*) in live reactors, see ``Reactor``).
    ///
    /// - Parameters:
    ///   - keyPath: The value to watch; subscriptions to one key path share its projection.
    ///   - onChange: Called with the current value at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    @inlinable
    public func subscribe<Value: Equatable>(_ keyPath: KeyPath<State, Value>,
                                            _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let subscription = subscribe(keyPath, in: keyPathGroup(of: Value.self, pass: KeyPathGroup<State, Value>.sharingProjections),
                                     initial: state[keyPath: keyPath], onChange: onChange)
        return didSubscribe(subscription, selecting: String(describing: keyPath))
    }

    /// Observes one element of an array in the state, given as the array's key path and
    /// the element's index.
    ///
    /// `onChange` is called at once with the current element, then only when it changes.
    /// The same as `subscribe(\.rows[index])`, but faster where many elements are watched:
    /// when `array` is a stored property kept inline in the state, the element is read
    /// with a load at the array's offset and a subscript, not through a key path (about
    /// 120 ns less per read), and an action whose reducers are scoped elsewhere
    /// (``Reducer/scope(_:)``) skips it.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.scores, at: 3) { score in label.text = "\(score)" }
    /// ```
    ///
    /// Like the subscript, reading an index outside the array stops the program, with a
    /// message naming the index and the array's count; cancel the subscription before the
    /// reducer removes its element.
    ///
    /// - Parameters:
    ///   - array: The array in the state.
    ///   - index: The element's index.
    ///   - onChange: Called with the current element at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    /// - Complexity: O(1) to subscribe and to cancel; one load and one comparison per
    ///   notification that can have written the array, shared by the subscriptions to the
    ///   same element.
    @inlinable
    public func subscribe<Element: Equatable>(_ array: KeyPath<State, [Element]>, at index: Int,
                                              _ onChange: @escaping (Element) -> Void) -> SubscriptionHandle {
        let elementPath = array.appending(path: \[Element].[index])
        let current = state[keyPath: array]
        guard current.indices.contains(index) else { Store<State>.elementOutOfBounds(index, count: current.count, of: array) }
        let subscription = subscribe(elementPath, elementRead: ArrayElementRead(array, index: index),
                                     in: keyPathGroup(of: Element.self, pass: KeyPathGroup<State, Element>.sharingProjections),
                                     initial: current[index], onChange: onChange)
        return didSubscribe(subscription, selecting: String(describing: elementPath))
    }
    /// Observes a selected value with your own test for "unchanged".
    ///
    /// Use it for values that are not `Equatable` (tuples, reference types), for a cheaper
    /// comparison, or to receive every state: pass `isDuplicate: { _, _ in false }`.
    ///
    /// ```swift
    /// store.subscribe({ ($0.page, $0.query) }, isDuplicate: ==) { page, query in ... }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Picks the value to watch from the state; called once per dispatch.
    ///   - isDuplicate: Whether a new value is the same as the last one delivered (then
    ///     `onChange` is not called).
    ///   - onChange: Called with the current value at once, then with each new value.
    /// - Returns: The subscription; it ends when cancelled or released.
    // Inlinable for the same reason as the `Equatable` variant.
    @inlinable
    public func subscribe<Value>(_ select: @escaping (State) -> Value,
                                 isDuplicate: @escaping (Value, Value) -> Bool,
                                 _ onChange: @escaping (Value) -> Void) -> SubscriptionHandle {
        let group = selectionGroup(of: Value.self, usesCustomEquality: true,
                                   pass: SelectionGroup<State, Value>.comparingCustom)
        return didSubscribe(group.subscribe(select, initial: select(state), isDuplicate: isDuplicate, onChange: onChange),
                            selecting: "closure")
    }

    /// The number of live subscriptions (connections count one each, per-entity
    /// subscriptions one each).
    ///
    /// Released reactors that subscribed to this store are stopped first, so their
    /// subscriptions are not counted.
    ///
    /// - Complexity: O(*s*) plus O(*r*) in live reactors; meant for diagnostics and tests.
    public var subscriptionCount: Int {
        Housekeeping.run()
        return observers.subscriptionCount
    }

    // MARK: Effects

    /// Runs an effect whose outputs are actions dispatched into this store (a thunk).
    ///
    /// Synchronous parts dispatch before this returns. Keep the handle to cancel the
    /// effect or to await its end, so tests never sleep:
    ///
    /// ```swift
    /// let load = store.run(.run { send in
    ///     await send(TodosLoaded(todos: try await api.todos()))
    /// })
    /// await load.finish()
    /// ```
    ///
    /// Effects started by a store end when they finish, are cancelled, or the store is
    /// released; cancellation ids (``Effect/cancellable(id:cancelInFlight:)``) are shared by
    /// all effects the store runs.
    ///
    /// - Parameter effect: The effect; each output is dispatched into this store.
    /// - Returns: A handle to cancel the effect or await its end.
    @discardableResult
    public func run(_ effect: Effect<any Action>) -> EffectHandle {
        EffectHandle(tasks: effects.launch(effect) { [weak self] action in self?.dispatch(action) })
    }

    /// The number of effects this store or a reactor hosted in it started that are still
    /// running.
    ///
    /// Each `.run` body counts one, and so does the part of a `concat` that is still to
    /// come after its first asynchronous step (a `.merge` of two bodies counts two). An
    /// effect counts from its start until its body returns, or until it is cancelled with
    /// ``Effect/cancel(id:)``, by `cancelInFlight`, or by ``cancelAllEffects()``: a
    /// cancelled effect's outputs are dropped, so it no longer counts even while its task
    /// winds down. (One cancelled through its ``EffectHandle`` counts until its task ends.)
    /// Its last output arrives on the main actor before it stops counting; by the time
    /// `await handle.finish()` or ``waitForEffects()`` returns, it is off the books.
    ///
    /// - Complexity: O(*h*) in hosted reactors.
    public var runningEffectCount: Int { effects.runningCount + features.runningEffectCount }

    /// Cancels every effect this store and the reactors hosted in it run.
    public func cancelAllEffects() {
        effects.cancelAll()
        features.cancelEffects()
    }

    /// Waits until every effect this store and the reactors hosted in it run has
    /// finished, including effects started meanwhile.
    public func waitForEffects() async {
        // Once at least: cancelled effects do not count, but their tasks are waited for.
        repeat {
            await effects.waitUntilIdle()
            await features.waitForEffects()
        } while runningEffectCount > 0
    }
}
