/// A function that sees every action before the reducer does.
///
/// Middleware has ReSwift's power: it may pass an action on with `next`, change it, drop
/// it, delay it, or dispatch others through `context.dispatch`, which enters the whole
/// chain again. The first middleware in the store's array sees an action first.
///
/// ```swift
/// let logger = Middleware<AppState> { context, action, next in
///     print("→", action)
///     next(action)
///     print("state:", context.state)
/// }
/// let store = Store(reducer: app, state: AppState(), middleware: [logger])
/// ```
public struct Middleware<State>: Sendable {
    let handle: @MainActor (_ context: MiddlewareContext<State>, _ action: any Action, _ next: Dispatch) -> Void
    /// For a feature that runs as a stage of the loop rather than a link of the chain (an
    /// action's effects, routed after it was reduced): what installs it on a store. The
    /// chain leaves it out, so a store with only such middleware keeps its plain dispatch.
    let installation: (@MainActor (Store<State>) -> Void)?

    /// Creates a middleware.
    ///
    /// - Parameter handle: Called for each action with the store's context, the action and
    ///   `next`, which passes an action to the rest of the chain and then the reducer.
    ///   Not calling `next` drops the action.
    public init(_ handle: @escaping @MainActor (_ context: MiddlewareContext<State>,
                                                 _ action: any Action,
                                                 _ next: Dispatch) -> Void) {
        self.handle = handle
        self.installation = nil
    }

    /// A middleware that installs itself on the store it is given to, as a stage of the
    /// loop (see `installation`), instead of joining the chain.
    package init(installing installation: @escaping @MainActor (Store<State>) -> Void) {
        self.handle = { _, action, next in next(action) }
        self.installation = installation
    }
}

/// What a middleware can do with the store: read its current state and dispatch.
@MainActor
public struct MiddlewareContext<State> {
    weak var store: Store<State>?

    init(store: Store<State>) {
        self.store = store
    }

    /// The store's current state.
    ///
    /// > Important: Reading it after the store was released stops the program; a
    /// > middleware that outlives its store should check ``isStoreAlive`` first.
    public var state: State {
        guard let store else {
            fatalError("MiddlewareContext.state was read after its Store was released; check isStoreAlive in delayed work.")
        }
        return store.state
    }

    /// Whether the store still exists (delayed work may outlive it).
    public var isStoreAlive: Bool { store != nil }

    /// Dispatches `action` through the whole middleware chain, from the first middleware.
    ///
    /// While the store is notifying subscribers the action is queued and runs after the
    /// notification. After the store was released this does nothing: no state is left
    /// to change.
    ///
    /// - Parameter action: The action, which goes through the whole middleware chain again.
    public func dispatch(_ action: any Action) {
        store?.dispatch(action)
    }

    /// Runs an effect whose actions are dispatched into the store (see ``Store/run(_:)``):
    /// how a middleware starts async work such as a request.
    ///
    /// - Parameter effect: The effect; each output is dispatched into the store.
    /// - Returns: A handle to cancel the effect or await its end.
    @discardableResult
    public func run(_ effect: Effect<any Action>) -> EffectHandle {
        store?.run(effect) ?? EffectHandle(tasks: [])
    }
}
