import ReflowCore

/// Effects started by actions, declared beside the reducers and routed like them: by the
/// action's exact type, with one membership test however many types are handled.
///
/// A handler runs after the reducers and the notification that followed them, with the
/// action and the state they produced, and returns the ``Effect`` to start (`.none` for
/// nothing). What the effect sends comes back through the store as actions. Give the
/// effects to the store with their ``middleware`` (anywhere in the list: they are not a
/// link of the chain, and see each action that reached the reducers):
///
/// ```swift
/// let appEffects = Effects<AppState>
///     .on(LogIn.self) { action, _ in
///         .run { send in
///             await send(LoggedIn(user: try await api.logIn(action.name, action.password)))
///         }
///         .cancellable(id: "login", cancelInFlight: true)   // the latest tap wins
///     }
///     .on(QueryChanged.self) { action, _ in
///         search(action.query).debounce(id: "search", for: .milliseconds(300), clock: ContinuousClock())
///     }
///
/// let store = Store(reducer: appReducer, state: AppState(), middleware: [appEffects.middleware])
/// ```
///
/// They compose as reducers do (``combine(_:)-(Effects...)``, ``scope(_:)``), and a
/// `TestStore` made with the same middleware runs them: `receive` asserts what they send,
/// and `finish()` fails while one is still running. Handlers run on the main actor; only an
/// effect's `.run` body runs off it.
public struct Effects<State>: Sendable {
    /// A handler, for any action of its type.
    typealias Handler = @MainActor (any Action, State) -> Effect<any Action>

    /// The handlers of each action type, in the order they were declared.
    let table: [ObjectIdentifier: [Handler]]
    /// The keys of `table` whose action type is an ``OwnedAction`` (a hosted reactor's
    /// mutation): an owned dispatch runs past the store's routes, so their handlers run in
    /// the middleware chain instead.
    let ownedTypes: Set<ObjectIdentifier>

    init(table: [ObjectIdentifier: [Handler]], ownedTypes: Set<ObjectIdentifier>) {
        self.table = table
        self.ownedTypes = ownedTypes
    }

    /// No effects.
    public static var empty: Effects { Effects(table: [:], ownedTypes: []) }

    /// Effects for actions of exactly type `A`.
    ///
    /// - Parameters:
    ///   - type: The action type that starts the effect.
    ///   - run: Returns the effect to start for an action, given the state the reducers
    ///     produced; `.none` for nothing. Called on the main actor.
    /// - Returns: The effects.
    public static func on<A: Action>(_ type: A.Type,
                                     _ run: @escaping @MainActor (A, State) -> Effect<any Action>) -> Effects {
        Effects(table: [ObjectIdentifier(type): [{ action, state in
            // Filed under `A`'s identifier only, so the action is an `A`.
            run(action as! A, state)
        }]], ownedTypes: type is any OwnedAction.Type ? [ObjectIdentifier(type)] : [])
    }

    /// These effects and those for actions of exactly type `A`, after them.
    ///
    /// - Parameters:
    ///   - type: The action type that starts the effect.
    ///   - run: Returns the effect to start for an action, given the state the reducers
    ///     produced; `.none` for nothing. Called on the main actor.
    /// - Returns: The effects.
    public func on<A: Action>(_ type: A.Type,
                              _ run: @escaping @MainActor (A, State) -> Effect<any Action>) -> Effects {
        Effects.combine(self, .on(type, run))
    }

    /// All of `effects`: for an action, the handlers of the first run first.
    ///
    /// - Parameter effects: The effects to combine.
    /// - Returns: The combined effects.
    public static func combine(_ effects: Effects...) -> Effects {
        combine(effects)
    }

    /// All of `effects`: for an action, the handlers of the first run first.
    ///
    /// - Parameter effects: The effects to combine.
    /// - Returns: The combined effects.
    public static func combine(_ effects: [Effects]) -> Effects {
        var table: [ObjectIdentifier: [Handler]] = [:]
        var ownedTypes: Set<ObjectIdentifier> = []
        for part in effects {
            for (type, handlers) in part.table { table[type, default: []] += handlers }
            ownedTypes.formUnion(part.ownedTypes)
        }
        return Effects(table: table, ownedTypes: ownedTypes)
    }

    /// These effects for a feature whose state is a slice of the app's: each handler is
    /// given the slice of the state the reducers produced.
    ///
    /// - Parameter keyPath: Where the feature's state lives in `Root`.
    /// - Returns: The effects, for the app's state.
    public func scope<Root>(_ keyPath: KeyPath<Root, State>) -> Effects<Root> {
        let slice = UncheckedSendable(keyPath)  // a key path
        return Effects<Root>(table: table.mapValues { handlers in
            handlers.map { handler in { action, root in handler(action, root[keyPath: slice.value]) } }
        }, ownedTypes: ownedTypes)
    }

    /// What starts these effects on a store: for an action a handler is declared for, once
    /// it was reduced and subscribers were told, the handlers' effects run, in order. Give
    /// it to the store with its middleware; it is not a link of the middleware chain but a
    /// route of the store's dispatch by action type, so an action no handler is declared
    /// for costs about what it costs in a store without effects (benchmark E1).
    ///
    /// - Complexity: One membership test per action (a comparison, no hashing), plus the
    ///   handlers of its type.
    public var middleware: Middleware<State> {
        let table = self.table
        let ownedTypes = self.ownedTypes
        return Middleware(installing: { store in
            let owner = RouteOwner()
            for (id, handlers) in table where !ownedTypes.contains(id) {
                store.loop.addRoute(forTypeWith: id, owner: ObjectIdentifier(owner)) { [weak store] action in
                    guard let store else { return }
                    withExtendedLifetime(owner) {}  // its identity stays this installation's
                    let state = store.state
                    for handler in handlers { store.run(handler(action, state)) }
                }
            }
            let owned = table.filter { ownedTypes.contains($0.key) }
            guard !owned.isEmpty else { return }
            store.appendMiddleware(Middleware { context, action, next in
                next(action)
                guard let handlers = owned[ObjectIdentifier(type(of: action))] else { return }
                let state = context.state
                for handler in handlers { context.run(handler(action, state)) }
            })
        })
    }
}

/// The identity a store's routes of one installation of effects are filed under.
private final class RouteOwner {}
