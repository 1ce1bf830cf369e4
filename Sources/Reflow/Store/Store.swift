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
/// - A reducer that dispatches stops the program with a message naming the action.
/// - A subscriber or middleware that dispatches while the store is notifying has its
///   action queued (first in, first out); it runs once the notification finishes, so every
///   subscriber sees every state, in order.
/// - Subscribing or cancelling during a notification is safe.
@MainActor
public final class Store<State> {
    /// The current state. Only the reducer changes it.
    public var state: State { storage }

    // Written only by the reducer calls in `dispatch` and `reduceAndNotify`.
    @exclusivity(unchecked) @usableFromInline var storage: State
    @usableFromInline let reducer: Reducer<State>
    @usableFromInline let observers = ObserverTable<State>()
    let effects = EffectRegistry()
    private var chain: Dispatch?
    /// The type of the action being reduced; a metatype, so setting it costs no copy.
    @usableFromInline var reducingActionType: (any Action.Type)?
    private var pending = PendingActions()
    private var isDraining = false
    private var batchDepth = 0 {
        didSet { updateFastPath() }
    }
    private var batchChangedState = false
    private var collectedBatch: [any Action]?
    /// One observer per entity collection that has per-entity subscriptions.
    var entityIndexes: [AnyKeyPath: StateObserver<State>] = [:]
    /// Reducers that hosted reactors add, each scoped to its reactor's slice; keyed by the
    /// host's identity.
    var hostedReducers: [ObjectIdentifier: Reducer<State>] = [:] {
        didSet { updateFastPath() }
    }
    /// Whether the store records what reductions can write (``Footprint``); on once a
    /// key-path subscription to a stored property can skip work with it.
    private var tracksFootprints = false {
        didSet { updateFastPath() }
    }
    /// No middleware, no hosted reactor, no batch open, no footprints to record: `dispatch`
    /// may reduce and notify inline, in code specialized for the caller's `State`.
    @usableFromInline var isPlain = true

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - reducer: The only code that changes the state.
    ///   - state: The initial state.
    ///   - middleware: Functions that see each action before the reducer, first one first.
    public init(reducer: Reducer<State>, state: State, middleware: [Middleware<State>] = []) {
        self.reducer = reducer
        self.storage = state
        if !middleware.isEmpty {
            let context = MiddlewareContext(store: self)
            var next = Dispatch { [weak self] action in self?.reduceAndNotify(action) }
            for link in middleware.reversed() {
                let rest = next
                next = Dispatch { action in link.handle(context, action, rest) }
            }
            chain = next
        }
        updateFastPath()
    }

    private func updateFastPath() {
        isPlain = chain == nil && hostedReducers.isEmpty && batchDepth == 0 && !tracksFootprints
    }

    /// Sends an action through the middleware to the reducer, then notifies subscribers
    /// whose selected value changed.
    ///
    /// Dispatching from a subscriber or middleware while the store is notifying queues the
    /// action until the notification is over. Dispatching from inside a reducer is a
    /// programming error and stops with a message naming both actions.
    ///
    /// - Complexity: O(*r* + *s*): the reducer's work plus one selector call and one
    ///   comparison for each of the *s* subscribers (a key path that several subscribers
    ///   share: once for all of them), and their `onChange` calls. Per-entity
    ///   subscriptions on an ``EntityCollection`` cost only for the entities that changed.
    // Inlinable: the common case (no middleware, not re-entrant) is then specialized for
    // the caller's State, without generic metadata lookups (benchmark S1).
    @inlinable
    public func dispatch(_ action: any Action) {
        guard isPlain, reducingActionType == nil, !observers.isNotifying else {
            return dispatchInGeneral(action)
        }
        reducingActionType = type(of: action)
        reducer.reduce(&storage, action)
        reducingActionType = nil
        if !observers.isEmpty { observers.notify(storage) }
        if hasPendingActions { drainPending() }
    }

    /// Every case of `dispatch`: re-entrancy checks, queueing, middleware, batches, hosts.
    @usableFromInline
    func dispatchInGeneral(_ action: any Action) {
        if let reducing = reducingActionType {
            preconditionFailure("""
                Reflow: dispatch(\(action)) was called from inside a reducer while it was \
                handling an action of type \(reducing). Reducers must be pure: dispatch \
                follow-up actions from middleware, an Effect, or a subscriber instead.
                """)
        }
        if observers.isNotifying {
            if collectedBatch != nil {
                collectedBatch!.append(action)
            } else {
                pending.append(.action(action))
            }
            return
        }
        if let chain {
            chain(action)
        } else {
            reduceAndNotify(action)
        }
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
    public func batch(_ body: () -> Void) {
        if observers.isNotifying && collectedBatch == nil {
            // Keep the batch together: its actions run, as one batch, after the notification.
            collectedBatch = []
            body()
            let actions = collectedBatch ?? []
            collectedBatch = nil
            if !actions.isEmpty { pending.append(.batch(actions)) }
            return
        }
        batchDepth += 1
        body()
        batchDepth -= 1
        if batchDepth == 0 && batchChangedState {
            batchChangedState = false
            notifyAndDrain()
        }
    }

    /// The end of the middleware chain: reduce, then notify.
    private func reduceAndNotify(_ action: any Action) {
        reducingActionType = type(of: action)
        reducer.reduce(&storage, action)
        if tracksFootprints { noteWrites(of: reducer, for: action) }
        if !hostedReducers.isEmpty, let hosted = action as? any HostedMutation,
           let hostedReducer = hostedReducers[hosted.hostID] {
            hostedReducer.reduce(&storage, action)
            if tracksFootprints { noteWrites(of: hostedReducer, for: action) }
        }
        reducingActionType = nil
        if batchDepth > 0 {
            batchChangedState = true
        } else {
            notifyAndDrain()
        }
    }

    @usableFromInline
    var hasPendingActions: Bool { !pending.isEmpty }

    private func notifyAndDrain() {
        if !observers.isEmpty { observers.notify(storage) }
        if tracksFootprints { observers.touched = .nothing }
        drainPending()
    }

    /// Adds what `reducer` can write for `action` to what the next notification reads.
    private func noteWrites(of reducer: Reducer<State>, for action: any Action) {
        observers.touched = observers.touched.union(reducer.footprints.footprint(for: ObjectIdentifier(type(of: action))))
    }

    /// Starts recording what reductions can write.
    @usableFromInline
    func trackFootprints() {
        guard !tracksFootprints else { return }
        tracksFootprints = true
        // Outside a batch and a notification every reduction so far was followed by a
        // notification, so nothing is unaccounted for; otherwise assume anything changed.
        observers.touched = batchDepth > 0 || observers.isNotifying ? .whole : .nothing
    }

    @usableFromInline
    func drainPending() {
        guard !isDraining, !pending.isEmpty else { return }
        isDraining = true
        defer { isDraining = false }
        while let entry = pending.popFirst() {
            switch entry {
            case .action(let action):
                dispatch(action)
            case .batch(let actions):
                batch { for action in actions { dispatch(action) } }
            }
        }
    }
}
