extension DependencyValues {
    /// The clock effects wait on: a `ContinuousClock` in the app and in previews; in tests,
    /// the one the test gives (a `TestClock`), so that debounce, throttle and timers run on
    /// the test's time. Used in a test without being overridden, it fails the test.
    ///
    /// ```swift
    /// Effects<AppState>.on(QueryChanged.self) { action, _ in
    ///     @Dependency(\.continuousClock) var clock
    ///     return search(action.query).debounce(id: "search", for: .milliseconds(300), clock: clock)
    /// }
    ///
    /// // in the test
    /// let clock = TestClock()
    /// store.dependencies.continuousClock = clock
    /// ```
    public var continuousClock: any Clock<Duration> {
        get { self[ContinuousClockKey.self] }
        set { self[ContinuousClockKey.self] = newValue }
    }
}

/// The key of ``DependencyValues/continuousClock``.
private enum ContinuousClockKey: DependencyKey {
    static var liveValue: any Clock<Duration> { ContinuousClock() }
}
