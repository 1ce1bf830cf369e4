import ReflowCore

extension Effect {
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
}
