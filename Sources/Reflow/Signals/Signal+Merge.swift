extension Signal {
    /// Delivers the values of every signal, as each arrives.
    ///
    /// - Parameter signals: The signals to merge; each subscription subscribes to all of them.
    /// - Returns: A signal of all their values.
    public static func merge(_ signals: [Signal]) -> Signal {
        Signal { observer in
            let subscriptions = signals.map { $0.subscribe(observer) }
            return SubscriptionHandle { for subscription in subscriptions { subscription.cancel() } }
        }
    }

    /// Delivers the values of every signal, as each arrives.
    ///
    /// - Parameter signals: The signals to merge.
    /// - Returns: A signal of all their values.
    public static func merge(_ signals: Signal...) -> Signal {
        merge(signals)
    }

    /// Delivers this signal's values and `other`'s, as each arrives.
    ///
    /// - Parameter other: The signal to merge with this one.
    /// - Returns: A signal of both signals' values.
    public func merge(with other: Signal) -> Signal {
        .merge([self, other])
    }
}
