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
