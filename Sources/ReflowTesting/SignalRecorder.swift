import Reflow

/// Records the values of a signal, to assert a reactor's sequence of states (what
/// ReactorKit users reach for RxTest for).
///
/// ```swift
/// let values = SignalRecorder(reactor.state.map(\.value))
/// reactor.action.send(.increase)
/// await clock.advance(by: .milliseconds(500))
/// #expect(values.values == [0, 1])
/// ```
@MainActor
public final class SignalRecorder<Value> {
    /// Every value received so far, in order.
    public private(set) var values: [Value] = []
    private var subscription: SubscriptionHandle?

    /// Starts recording `signal` (a reactor's `state` replays the current state first).
    ///
    /// - Parameter signal: The signal to record.
    public init(_ signal: Signal<Value>) {
        subscription = signal.subscribe { [weak self] in self?.values.append($0) }
    }

    /// The values received since the last call, removing them.
    ///
    /// - Returns: The values received since the last call, in order.
    public func takeValues() -> [Value] {
        defer { values.removeAll() }
        return values
    }

    /// Stops recording.
    public func cancel() {
        subscription?.cancel()
    }
}
