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

/// The id a throttle's window runs under: apart from the effects' own id, so that the
/// window, not the effect, decides what is dropped.
private struct ThrottleWindow: Hashable {
    let of: EffectID
}
