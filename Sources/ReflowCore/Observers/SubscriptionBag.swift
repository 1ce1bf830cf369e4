/// Holds many subscriptions and ends them together.
///
/// A bag ends every subscription it holds when it is released or emptied with
/// ``removeAll()``, as RxSwift's dispose bag does. Give each screen one and let it go with
/// the screen.
///
/// ```swift
/// let bag = SubscriptionBag()
/// store.subscribe(\.count) { print($0) }.store(in: bag)
/// signal.subscribe { print($0) }.store(in: bag)
/// ```
@MainActor
public final class SubscriptionBag {
    private var subscriptions: [SubscriptionHandle] = []
    /// Objects whose lifetime the bag carries: a `ReactorView` keeps its reactor here, so
    /// the reactor lives exactly as long as the view's bindings.
    package var attachment: AnyObject?

    /// Creates an empty bag.
    public init() {}

    /// The number of subscriptions the bag holds, including ones already cancelled.
    public var count: Int { subscriptions.count }

    /// Adds `subscription` to the bag.
    ///
    /// - Parameter subscription: Kept until the bag is emptied or released, which cancels it.
    public func insert(_ subscription: SubscriptionHandle) {
        subscriptions.append(subscription)
    }

    /// Cancels and removes every subscription in the bag.
    public func removeAll() {
        let ending = subscriptions
        subscriptions = []
        for subscription in ending { subscription.cancel() }
    }
}
