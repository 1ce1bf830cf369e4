extension Signal {
    /// Writes each value to `property` of `target`, holding `target` weakly.
    ///
    /// When `target` is released, the binding ends at the next value.
    ///
    /// ```swift
    /// reactor.state.map(\.title).bind(to: label, \.text).store(in: bag)
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object to write to, held weakly.
    ///   - property: The property of `target` that receives each value.
    /// - Returns: The subscription; it also ends when `target` is released.
    public func bind<Target: AnyObject>(to target: Target,
                                        _ property: ReferenceWritableKeyPath<Target, Value>) -> SubscriptionHandle {
        weakBinding(to: target) { target, value in target[keyPath: property] = value }
    }

    /// Writes each value to an optional `property` of `target`, holding `target` weakly.
    ///
    /// - Parameters:
    ///   - target: The object to write to, held weakly.
    ///   - property: The optional property of `target` that receives each value.
    /// - Returns: The subscription; it also ends when `target` is released.
    public func bind<Target: AnyObject>(to target: Target,
                                        _ property: ReferenceWritableKeyPath<Target, Value?>) -> SubscriptionHandle {
        weakBinding(to: target) { target, value in target[keyPath: property] = value }
    }

    private func weakBinding<Target: AnyObject>(to target: Target,
                                                write: @escaping (Target, Value) -> Void) -> SubscriptionHandle {
        // Weak both ways: the subscription owns the observer that owns this closure.
        let handle = WeakSubscription()
        let subscription = subscribe { [weak target] value in
            guard let target else {
                handle.targetIsGone = true
                handle.subscription?.cancel()
                return
            }
            write(target, value)
        }
        handle.subscription = subscription
        if handle.targetIsGone { subscription.cancel() }
        return subscription
    }
}

@MainActor
private final class WeakSubscription {
    weak var subscription: SubscriptionHandle?
    var targetIsGone = false
}
