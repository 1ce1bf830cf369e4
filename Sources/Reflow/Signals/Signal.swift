/// A stream of values pushed to subscribers on the main actor.
///
/// Reflow's own small push stream, since the package depends on neither RxSwift nor
/// Combine. A signal does nothing until subscribed; each subscription gets its own run of
/// the operator chain. Make one from a ``SignalSubject``, a store, a connection or a
/// reactor, then transform it with ``map(_:)``, ``filter(_:)``, ``distinctUntilChanged()``,
/// ``debounce(for:clock:)`` and friends.
///
/// ```swift
/// let query = SignalSubject<String>()
/// let subscription = query.signal
///     .map { $0.trimmingCharacters(in: .whitespaces) }
///     .filter { !$0.isEmpty }
///     .distinctUntilChanged()
///     .subscribe { print("search for", $0) }
/// query.send(" swift ")
/// ```
///
/// > Note: An app that also imports RxCocoa writes `Reflow.Signal`.
@MainActor
public struct Signal<Value> {
    private let body: (@escaping (Value) -> Void) -> SubscriptionHandle
    /// The subject this signal comes straight from, if any: lets a reactor see that a
    /// `transform` returned its input unchanged and skip a stage.
    @usableFromInline let passThroughSource: ObjectIdentifier?

    /// Creates a signal from a subscribe function: start delivering values to the given
    /// observer and return the subscription that stops it.
    ///
    /// ```swift
    /// let ticks = Signal<Int> { observer in
    ///     observer(0)
    ///     return SubscriptionHandle {}
    /// }
    /// ```
    ///
    /// - Parameter subscribe: Called for each subscriber with the function that delivers
    ///   values to it; returns what stops the delivery.
    public init(_ subscribe: @escaping (_ observer: @escaping (Value) -> Void) -> SubscriptionHandle) {
        self.body = subscribe
        self.passThroughSource = nil
    }

    @usableFromInline
    init(passingThrough source: AnyObject, _ subscribe: @escaping (_ observer: @escaping (Value) -> Void) -> SubscriptionHandle) {
        self.body = subscribe
        self.passThroughSource = ObjectIdentifier(source)
    }

    /// Starts receiving values; they stop when the subscription is cancelled or released.
    ///
    /// - Parameter onNext: Called with each value, on the main actor.
    /// - Returns: The subscription.
    public func subscribe(_ onNext: @escaping (Value) -> Void) -> SubscriptionHandle {
        body(onNext)
    }

    /// A signal that delivers `value` to each subscriber at once, then nothing.
    ///
    /// - Parameter value: The one value.
    /// - Returns: A signal that delivers `value` on subscription.
    public static func just(_ value: Value) -> Signal {
        Signal { observer in observer(value); return .empty }
    }

    /// A signal that never delivers.
    public static var never: Signal { Signal { _ in .empty } }
}
