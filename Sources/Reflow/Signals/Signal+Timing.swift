extension Signal {
    /// Delivers a value only after `duration` has passed without another value.
    ///
    /// Pass `ContinuousClock()` in an app and a test clock in tests, so debounced code is
    /// tested without waiting:
    ///
    /// ```swift
    /// query.signal.debounce(for: .milliseconds(300), clock: ContinuousClock())
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long the signal must be quiet before the last value is delivered.
    ///   - clock: What to wait on: `ContinuousClock()` in an app, a `TestClock` in tests.
    /// - Returns: A signal that delivers a value once `duration` has passed without another.
    public func debounce<C: Clock>(for duration: C.Duration, clock: C) -> Signal {
        Signal { observer in
            var pending: Task<Void, Never>?
            let upstream = self.subscribe { value in
                pending?.cancel()
                pending = EffectExecution.startOperatorTimer({ try await clock.sleep(for: duration) }) {
                    observer(value)
                }
            }
            return SubscriptionHandle {
                upstream.cancel()
                pending?.cancel()
            }
        }
    }

    /// Delivers the first value at once, then at most one value per `interval`.
    ///
    /// With `latest: true`, the last value that arrived during an interval is delivered
    /// when it ends; with `latest: false`, values arriving during an interval are dropped.
    ///
    /// ```swift
    /// scrollOffsets.throttle(for: .milliseconds(100), clock: ContinuousClock(), latest: true)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The length of each window.
    ///   - clock: What to wait on: `ContinuousClock()` in an app, a `TestClock` in tests.
    ///   - latest: Whether the last value of a window is delivered when it ends.
    /// - Returns: A signal that delivers at most one value per window.
    public func throttle<C: Clock>(for interval: C.Duration, clock: C, latest: Bool) -> Signal {
        Signal { observer in
            let throttle = Throttle(interval: interval, clock: clock, latest: latest, deliver: observer)
            let upstream = self.subscribe { throttle.receive($0) }
            return SubscriptionHandle {
                upstream.cancel()
                throttle.stop()
            }
        }
    }
}

/// The state of one throttled subscription: the open window and the value held for its end.
@MainActor
private final class Throttle<Value, C: Clock> {
    let interval: C.Duration
    let clock: C
    let latest: Bool
    let deliver: (Value) -> Void
    var window: Task<Void, Never>?
    var held: Value?

    init(interval: C.Duration, clock: C, latest: Bool, deliver: @escaping (Value) -> Void) {
        self.interval = interval
        self.clock = clock
        self.latest = latest
        self.deliver = deliver
    }

    func receive(_ value: Value) {
        if window == nil {
            deliver(value)
            openWindow()
        } else if latest {
            held = value
        }
    }

    func stop() {
        window?.cancel()
        window = nil
        held = nil
    }

    private func openWindow() {
        window = EffectExecution.startOperatorTimer({ [clock, interval] in try await clock.sleep(for: interval) }) { [weak self] in
            self?.windowDidClose()
        }
    }

    private func windowDidClose() {
        if let value = held {
            held = nil
            deliver(value)
            openWindow()
        } else {
            window = nil
        }
    }
}
