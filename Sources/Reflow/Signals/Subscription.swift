import Dispatch

/// Something a ``Subscription`` ends: a store observer, a signal observer, a binding.
@MainActor @usableFromInline
protocol SubscriptionTarget: AnyObject, Sendable {
    func endSubscription()
}

/// A live observation: of a store, a signal, a connection binding or a reactor.
///
/// A subscription ends when you call ``cancel()`` or when it is released, so keep it for
/// as long as you want updates: in a property, or in a ``SubscriptionBag``.
///
/// ```swift
/// let subscription = store.subscribe(\.count) { print("count is", $0) }
/// // ...
/// subscription.cancel()            // or let it go out of scope
/// ```
///
/// > Note: After `cancel()` the observer receives nothing more, even later in a
/// > notification that is in progress.
///
/// A connection's bindings are the exception: the connection keeps them for its own
/// life, so the subscription a `bind` returns may be dropped; cancel it to end that
/// binding early.
@MainActor
public final class Subscription {
    private var target: (any SubscriptionTarget)?
    /// Whether releasing the subscription ends it; `false` for a connection's bindings,
    /// which the connection keeps for its own life (its binding table holds them), so the
    /// subscription is only a handle for ending one early.
    private let endsWhenReleased: Bool

    init(target: any SubscriptionTarget, endsWhenReleased: Bool = true) {
        self.target = target
        self.endsWhenReleased = endsWhenReleased
        MainQueueDetection.install()
    }

    /// Creates a subscription that runs `onCancel` once, when it is cancelled or released.
    ///
    /// Use it to make your own sources: a signal created with ``Signal/init(_:)`` returns
    /// one from its subscribe function.
    ///
    /// - Parameter onCancel: What ending the subscription does; runs at most once.
    public init(_ onCancel: @escaping @MainActor () -> Void) {
        self.target = ClosureTarget(onCancel)
        self.endsWhenReleased = true
        MainQueueDetection.install()
    }

    /// A subscription that is already over; handy as a placeholder.
    public static var empty: Subscription { Subscription(target: ClosureTarget {}) }

    /// Whether the subscription is still live.
    public var isCancelled: Bool { target == nil }

    /// Ends the subscription. Calling it again does nothing.
    ///
    /// - Complexity: O(1).
    public func cancel() {
        guard let target else { return }
        self.target = nil
        target.endSubscription()
    }

    /// Keeps this subscription alive for as long as `bag` holds it.
    ///
    /// ```swift
    /// store.subscribe(\.title) { label.text = $0 }.store(in: bag)
    /// ```
    ///
    /// - Parameter bag: The bag that keeps this subscription alive.
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }

    deinit {
        guard endsWhenReleased, let target else { return }
        // Released on the main actor (the normal case): end now. Released elsewhere (a
        // task that captured it): end on the main actor as soon as it can run; until then
        // the observer may still receive values.
        if MainQueueDetection.isOnMainQueue {
            MainActor.assumeIsolated { target.endSubscription() }
        } else {
            Task { @MainActor in target.endSubscription() }
        }
    }
}

@MainActor
private final class ClosureTarget: SubscriptionTarget {
    private var onCancel: (@MainActor () -> Void)?

    init(_ onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    func endSubscription() {
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }
}
