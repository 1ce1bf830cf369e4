import ReflowCore

/// A signal source you send values into.
///
/// Every value sent reaches every current subscriber, in subscription order. A value sent
/// while the subject is delivering is queued and delivered after the current one, to the
/// subscribers there when it was sent, so every subscriber sees every value in order and
/// none is re-entered.
///
/// ```swift
/// let taps = SignalSubject<Void>()
/// let subscription = taps.signal.subscribe { print("tapped") }
/// taps.send(())
/// ```
@MainActor
public final class SignalSubject<Value> {
    @usableFromInline let observers = ObserverTable<Value>()

    /// Creates a subject with no subscribers.
    public init() {}

    /// The values sent into this subject, as a signal.
    public var signal: Signal<Value> {
        Signal(passingThrough: self) { [observers] observer in observers.subscribe(ClosureObserver(observer)) }
    }

    /// ``signal`` seeded with `value`, still marked as coming from this subject.
    @usableFromInline
    func signal(seededWith value: @escaping () -> Value) -> Signal<Value> {
        Signal(passingThrough: self) { [observers] observer in
            observer(value())
            return observers.subscribe(ClosureObserver(observer))
        }
    }

    /// Subscribes to the values sent from now on.
    ///
    /// - Parameter onNext: Called with each value sent after this call.
    /// - Returns: The subscription.
    public func subscribe(_ onNext: @escaping (Value) -> Void) -> SubscriptionHandle {
        observers.subscribe(ClosureObserver(onNext))
    }

    /// Whether anyone is subscribed.
    public var hasSubscribers: Bool { observers.liveCount > 0 }

    /// Delivers `value` to every subscriber.
    ///
    /// - Complexity: O(*s*) in subscribers.
    ///
    /// - Parameter value: Delivered to every subscriber, in subscription order. Sent while
    ///   subscribers are being told of a previous value, it is delivered after that pass.
    // Inlinable: specialized for the caller's Value, a reactor's action reaches its
    // (specialized) pipeline without generic metadata lookups (benchmark R1).
    @inlinable
    public func send(_ value: Value) {
        observers.send(value)
    }
}

extension SignalSubject where Value == Void {
    /// Delivers `()` to every subscriber.
    public func send() { send(()) }
}

/// The subject behind a reactor's `action`: `reactor.action.send(.refresh)`.
public typealias ActionSubject<Action> = SignalSubject<Action>
