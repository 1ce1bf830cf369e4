/// Work with side effects that produces outputs over time: a request, a timer, a save.
///
/// Reducers stay pure; effects do the rest. A reactor's `mutate` returns an
/// `Effect<Mutation>`, and a store runs an `Effect<any Action>` with ``Store/run(_:)``.
/// Outputs always arrive on the main actor.
///
/// ```swift
/// func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .refresh:
///         return .concat([
///             .just(.setLoading(true)),
///             .run { send in
///                 let user = try await api.fetchUser()
///                 await send(.setUser(user))
///             },
///             .just(.setLoading(false)),
///         ])
///     }
/// }
/// ```
///
/// - ``just(_:)`` and a ``concat(_:)-([Effect<Output>])`` of synchronous effects deliver synchronously, before
///   the call that started them returns.
/// - ``run(_:)`` bodies run off the main actor. An error thrown from one ends that effect
///   only and is reported to ``EffectErrors/handler``; outputs it sent before stay.
/// - Outputs sent after the effect was cancelled are dropped.
public struct Effect<Output> {
    @usableFromInline package enum Operation {
        case none
        case output(Output)
        case outputs([Output])
        case deferred(@MainActor () -> Effect)
        case run(@Sendable (Send<Output>) async throws -> Void)
        case concat([Effect])
        case merge([Effect])
        indirect case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
        /// The effect, unless one is running under the id (then nothing starts).
        indirect case unlessRunning(EffectID, Effect)
        /// Waits until the store reduces an action of the type, then runs what it makes.
        case waitFor(ObjectIdentifier, @MainActor (any Action) -> Effect)
        case cancel(EffectID)
    }

    @usableFromInline package let operation: Operation

    @usableFromInline
    init(_ operation: Operation) {
        self.operation = operation
    }

    /// An effect that does nothing.
    public static var none: Effect { Effect(.none) }

    /// An effect that delivers `output` synchronously.
    ///
    /// - Parameter output: The output to deliver.
    /// - Returns: An effect that delivers `output` when it starts.
    @inlinable
    public static func just(_ output: Output) -> Effect {
        Effect(.output(output))
    }

    /// An effect made when it starts, on the main actor, so it can read state that earlier
    /// parts of a ``concat(_:)-([Effect<Output>])`` changed.
    ///
    /// ```swift
    /// .concat([
    ///     .just(.increase),
    ///     .deferred { [unowned self] in .just(.record(self.currentState.value)) },
    /// ])
    /// ```
    ///
    /// - Parameter make: Makes the effect; called on the main actor when the effect starts.
    /// - Returns: An effect that runs what `make` returns.
    public static func deferred(_ make: @escaping @MainActor () -> Effect) -> Effect {
        Effect(.deferred(make))
    }

    /// An effect that runs `body` off the main actor; `body` sends outputs with `send`.
    ///
    /// ```swift
    /// .run { send in
    ///     for try await line in lines { await send(.received(line)) }
    /// }
    /// ```
    ///
    /// - Parameter body: Async work. Throwing ends the effect and reports the error
    ///   (except `CancellationError`, which is how cancellation ends work).
    ///
    /// - Returns: An effect that runs `body` in a task of its own.
    public static func run(_ body: @escaping @Sendable (Send<Output>) async throws -> Void) -> Effect {
        Effect(.run(body))
    }

    /// Runs effects one after another; each starts when the previous one finished.
    ///
    /// - Parameter effects: The effects, in order.
    /// - Returns: An effect that runs them in order; synchronous ones deliver before the call
    ///   that starts it returns.
    public static func concat(_ effects: [Effect]) -> Effect {
        Effect(.concat(effects))
    }

    /// Runs effects one after another; each starts when the previous one finished.
    ///
    /// - Parameter effects: The effects, in order.
    /// - Returns: An effect that runs them in order.
    public static func concat(_ effects: Effect...) -> Effect {
        concat(effects)
    }

    /// Runs effects at the same time.
    ///
    /// - Parameter effects: The effects to start together.
    /// - Returns: An effect that starts them all at once.
    public static func merge(_ effects: [Effect]) -> Effect {
        Effect(.merge(effects))
    }

    /// Runs effects at the same time.
    ///
    /// - Parameter effects: The effects to start together.
    /// - Returns: An effect that starts them all at once.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// Transforms every output.
    ///
    /// - Parameter transform: Turns each output into the new output type.
    /// - Returns: The same effect, delivering transformed outputs.
    public func map<T>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        switch operation {
        case .none: return .none
        case .output(let output): return Effect<T>(.output(transform(output)))
        case .outputs(let outputs): return Effect<T>(.outputs(outputs.map(transform)))
        case .deferred(let make): return Effect<T>(.deferred { make().map(transform) })
        case .run(let body):
            return .run { send in try await body(Send { output in send(transform(output)) }) }
        case .concat(let effects): return .concat(effects.map { $0.map(transform) })
        case .merge(let effects): return .merge(effects.map { $0.map(transform) })
        case .cancellable(let id, let cancelInFlight, let effect):
            return Effect<T>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case .cancel(let id): return Effect<T>(.cancel(id))
        case .unlessRunning(let id, let effect): return Effect<T>(.unlessRunning(id, effect.map(transform)))
        case .waitFor(let type, let make): return Effect<T>(.waitFor(type, { make($0).map(transform) }))
        }
    }

    /// Whether running the effect finishes before the call that starts it returns.
    /// A deferred effect counts as synchronous until it is made (see `EffectRegistry`).
    var isSynchronous: Bool {
        switch operation {
        case .none, .output, .outputs, .cancel, .deferred: return true
        case .run, .waitFor: return false
        case .concat(let effects), .merge(let effects): return effects.allSatisfy(\.isSynchronous)
        case .cancellable(_, _, let effect), .unlessRunning(_, let effect): return effect.isSynchronous
        }
    }

    // MARK: Waiting, cancelling, timing
    // In the struct's own body, not in extensions: documentation built from the symbol graphs
    // the compiler emits (as Xcode builds it) lists a re-exported type's members only from its
    // body, so an app that imports Reflow would not find these.

    /// An effect that waits until the store reduces an action of type `A`, then starts the
    /// effect `then` makes from it (Redux's `take`): a flow that spans actions, such as
    /// shipping an order once its payment is confirmed.
    ///
    /// ```swift
    /// Effects<ShopState>.on(CheckoutStarted.self) { action, _ in
    ///     Effect<any Action>.waitFor(PaymentConfirmed.self) { confirmed in
    ///         .just(ShipOrder(order: action.order, receipt: confirmed.receipt))
    ///     }
    ///     .cancellable(id: "checkout", cancelInFlight: true)
    /// }
    /// ```
    ///
    /// It waits for the first such action reduced after it started, seen once it was
    /// reduced and subscribers were told; cancel it by id like any effect (a timeout: merge
    /// it with an effect that sleeps, then cancels the id). It runs in a store's effects
    /// (`store.run`, ``Effects``, a middleware's `context.run`, a `TestStore`), not in a
    /// reactor's `mutate`.
    ///
    /// - Parameters:
    ///   - type: The action type to wait for; not a hosted reactor's mutation.
    ///   - then: Makes the effect to start from the action; called on the main actor.
    /// - Returns: The waiting effect.
    public static func waitFor<A: Action>(_ type: A.Type, then: @escaping @MainActor (A) -> Effect) -> Effect {
        if type is any OwnedAction.Type {
            fatalError("""
                Reflow: Effect.waitFor(\(type)) waits for a hosted reactor's mutation, which is \
                reduced inline, past the store's routes. Wait for an action the store dispatches.
                """)
        }
        // Only actions of type `A` arrive: the store routes by this type's identifier.
        return Effect(.waitFor(ObjectIdentifier(type), { then($0 as! A) }))
    }

    /// Marks this effect as cancellable with `id`.
    ///
    /// With `cancelInFlight: true`, starting it first cancels any effect running with the
    /// same id: a new search cancels the one in flight, as ReactorKit's
    /// `take(until: action.filter(...))` does.
    ///
    /// ```swift
    /// case .updateQuery(let query):
    ///     return .run { send in await send(.setResults(try await api.search(query))) }
    ///         .cancellable(id: "search", cancelInFlight: true)
    /// ```
    ///
    /// - Parameters:
    ///   - id: Any `Hashable` value, such as a case of an enum of the app's own; ids of
    ///     different types never match. It need not be `Sendable` (under Xcode 26's default
    ///     isolation an app's enum is not): ids are hashed and compared only on the main
    ///     actor. The effects of one owner share the ids: a store's effects one set, each
    ///     reactor's `mutate` effects another, also when the reactor is hosted in the store.
    ///   - cancelInFlight: Whether starting this effect first cancels those running under `id`
    ///     (a new search cancels the one in flight).
    /// - Returns: The effect, cancellable under `id`.
    public func cancellable(id: some Hashable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// This effect, cancellable with `id`, unless an effect is running under `id`: then
    /// nothing starts. The first wins until it ends (RxSwift's `flatMapFirst`): a login
    /// that further taps must not restart.
    ///
    /// ```swift
    /// Effects<AppState>.on(LogInTapped.self) { _, state in
    ///     logIn(state.credentials).unlessRunning(id: "login")
    /// }
    /// ```
    ///
    /// - Parameter id: The id it runs, and is cancellable, under.
    /// - Returns: The effect, which starts only while none runs under `id`.
    public func unlessRunning(id: some Hashable) -> Effect {
        let id = EffectID(id)
        return Effect(.unlessRunning(id, Effect(.cancellable(id: id, cancelInFlight: false, self))))
    }

    /// An effect that cancels every running effect marked with `id`.
    ///
    /// ```swift
    /// case .stop: return .cancel(id: TimerID.ticks)
    /// ```
    ///
    /// It reaches only the effects of the owner that runs it: a store's `run` cancels the
    /// store's effects, a reactor's `mutate` the reactor's.
    ///
    /// - Parameter id: The id given to ``cancellable(id:cancelInFlight:)``.
    /// - Returns: An effect that, when it starts, cancels every effect running under `id`.
    public static func cancel(id: some Hashable) -> Effect {
        Effect(.cancel(EffectID(id)))
    }

    /// This effect, started only once `duration` has passed without another effect under
    /// `id` starting: each new one cancels the one waiting (or running) and waits again.
    /// Per action type, it is a search box's debounce:
    ///
    /// ```swift
    /// Effects<AppState>.on(QueryChanged.self) { action, _ in
    ///     search(action.query).debounce(id: "search", for: .milliseconds(300), clock: ContinuousClock())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The id it is cancellable by; a new effect under it cancels this one.
    ///   - duration: How long to wait.
    ///   - clock: What to wait on: `ContinuousClock()` in an app, a `TestClock` in tests.
    /// - Returns: The debounced effect.
    public func debounce<C: Clock>(id: some Hashable, for duration: C.Duration, clock: C) -> Effect {
        Effect.concat([
            .run { _ in try await clock.sleep(for: duration) },
            self,
        ])
        .cancellable(id: id, cancelInFlight: true)
    }

    /// This effect, started at once unless another under `id` started less than `duration`
    /// ago; then nothing starts (the first of a burst wins, the rest are dropped). Per
    /// action type, it is a refresh button that reloads at most once a second however
    /// often it is tapped:
    ///
    /// ```swift
    /// Effects<AppState>.on(RefreshTapped.self) { _, _ in
    ///     reload().throttle(id: "reload", for: .seconds(1), clock: ContinuousClock())
    /// }
    /// ```
    ///
    /// The window runs from the start of the effect that opened it, however long that
    /// effect runs; the effect itself is cancellable by `id` (``cancel(id:)`` stops it, and
    /// leaves the window as it is).
    ///
    /// - Parameters:
    ///   - id: The id the effects are throttled, and cancellable, by.
    ///   - duration: How long after an effect starts the others under `id` are dropped.
    ///   - clock: What the window is measured on: `ContinuousClock()` in an app, a
    ///     `TestClock` in tests.
    /// - Returns: The throttled effect.
    public func throttle<C: Clock>(id: some Hashable, for duration: C.Duration, clock: C) -> Effect {
        let window = EffectID(ThrottleWindow(of: EffectID(id)))
        let windowTimer = Effect.run { _ in try await clock.sleep(for: duration) }
        return Effect(.unlessRunning(window, .merge([
            Effect(.cancellable(id: window, cancelInFlight: false, windowTimer)),
            cancellable(id: id),
        ])))
    }
}

// Outputs need not be `Sendable`: an effect delivers them on the main actor, and a `run`
// body hands them over with `sending`. An effect of `Sendable` outputs can itself be sent.
extension Effect: Sendable where Output: Sendable {}
extension Effect.Operation: Sendable where Output: Sendable {}

extension Effect {
    /// The effect itself, or, if it is deferred, the effect it makes (made now).
    @MainActor
    func madeIfDeferred() -> Effect {
        if case .deferred(let make) = operation { return make().madeIfDeferred() }
        return self
    }
}

/// The id a throttle's window runs under: apart from the effects' own id, so that the
/// window, not the effect, decides what is dropped.
private struct ThrottleWindow: Hashable {
    let of: EffectID
}
