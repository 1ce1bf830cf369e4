extension Effect {
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
}

/// A type-erased cancellation id.
///
/// The id is the app's value, `Sendable` or not: under Xcode 26's default isolation an
/// app's `enum CancelID` has a main-actor-isolated `Hashable` conformance. It is carried in
/// an effect (a `Sendable` value) but only hashed and compared by the cancellation tables
/// of ``EffectRegistry``, which are main-actor isolated, so its conformance is used only
/// where it is valid. (`EffectID`'s own `Hashable` is not written `@MainActor`: that
/// syntax needs Swift 6.2, and the library builds with 6.0.)
@usableFromInline
package struct EffectID: Hashable, Sendable {
    // An AnyHashable read only on the main actor (see above).
    let base: UncheckedSendable<AnyHashable>

    init(_ id: some Hashable) {
        self.base = UncheckedSendable(AnyHashable(id))
    }

    @usableFromInline package static func == (lhs: EffectID, rhs: EffectID) -> Bool { lhs.base.value == rhs.base.value }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(base.value) }
}
