import Dispatch

/// Something a ``SubscriptionHandle`` ends: a store observer, a signal observer, a binding.
@MainActor
protocol SubscriptionTarget: AnyObject, Sendable {
    func endSubscription()
}

/// A live observation of a store, a signal or a reactor; it ends when you cancel or
/// release it.
///
/// The one rule for handles: **releasing a `SubscriptionHandle` ends its observation**, so
/// keep it for as long as you want updates, in a property or in a ``SubscriptionBag``.
/// A connection's bindings are the one kind of observation that lives longer than its
/// handle: `bind` returns a ``BindingHandle``, whose binding the connection keeps for its
/// own life (as ReRxSwift's `bind` does), so that handle may be dropped.
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
/// Before 1.0 this type was named `Subscription`; on Apple platforms SwiftUI re-exports
/// Combine, whose `Subscription` made that name ambiguous in nearly every app file.
@MainActor
public class SubscriptionHandle {
    private var target: (any SubscriptionTarget)?
    /// Whether releasing the subscription ends it; `false` for a connection's bindings,
    /// which the connection keeps for its own life (its binding table holds them), so the
    /// subscription is only a handle for ending one early.
    private let endsWhenReleased: Bool

    init(target: any SubscriptionTarget, endsWhenReleased: Bool = true) {
        self.target = target
        self.endsWhenReleased = endsWhenReleased
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
    }

    /// A subscription that is already over; handy as a placeholder.
    public static var empty: SubscriptionHandle { SubscriptionHandle(target: ClosureTarget {}) }

    /// Whether the subscription is still live.
    public final var isCancelled: Bool { target == nil }

    /// What the subscription ends: the observer behind it, while it is active.
    package var observer: AnyObject? { target }

    /// Ends the subscription. Calling it again does nothing.
    ///
    /// - Complexity: O(1).
    public final func cancel() {
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
    public final func store(in bag: SubscriptionBag) {
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

/// What a connection's `bind` returns: a handle that ends one binding early.
///
/// Unlike every other ``SubscriptionHandle``, releasing it ends nothing: the connection
/// keeps its bindings for its own life (or until the object a binding writes to is
/// released), so `connection.bind(\.title, to: label, \.text)` works as a statement.
/// Call ``SubscriptionHandle/cancel()`` to end the binding before that.
@MainActor
public final class BindingHandle: SubscriptionHandle {
    package init<Props>(binding: Observer<Props>, in table: ObserverTable<Props>) {
        super.init(target: UnlinkedBinding(binding: binding, table: table), endsWhenReleased: false)
    }
}

/// What a ``BindingHandle`` ends: a binding added to its table unlinked, with the table.
@MainActor
private final class UnlinkedBinding<Props>: SubscriptionTarget {
    let binding: Observer<Props>
    let table: ObserverTable<Props>

    init(binding: Observer<Props>, table: ObserverTable<Props>) {
        self.binding = binding
        self.table = table
    }

    func endSubscription() {
        binding.end(in: table)
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
