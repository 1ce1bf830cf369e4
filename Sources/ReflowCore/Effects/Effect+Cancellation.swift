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
    ///   - id: Any `Hashable & Sendable` value; ids of different types never match. The
    ///     effects of one owner share the ids: a store's effects one set, each reactor's
    ///     `mutate` effects another, also when the reactor is hosted in the store.
    ///   - cancelInFlight: Whether starting this effect first cancels those running under `id`
    ///     (a new search cancels the one in flight).
    /// - Returns: The effect, cancellable under `id`.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
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
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(EffectID(id)))
    }
}

/// A type-erased cancellation id.
@usableFromInline
package struct EffectID: Hashable, Sendable {
    let base: UncheckedSendable<AnyHashable>

    init(_ id: some Hashable & Sendable) {
        self.base = UncheckedSendable(AnyHashable(id))  // an AnyHashable of a Sendable value
    }

    @usableFromInline package static func == (lhs: EffectID, rhs: EffectID) -> Bool { lhs.base.value == rhs.base.value }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(base.value) }
}
