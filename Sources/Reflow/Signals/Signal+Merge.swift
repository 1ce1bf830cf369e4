extension Signal {
    /// Delivers the values of every signal, as each arrives.
    public static func merge(_ signals: [Signal]) -> Signal {
        Signal { observer in
            let subscriptions = signals.map { $0.subscribe(observer) }
            return Subscription { for subscription in subscriptions { subscription.cancel() } }
        }
    }

    /// Delivers the values of every signal, as each arrives.
    public static func merge(_ signals: Signal...) -> Signal {
        merge(signals)
    }

    /// Delivers this signal's values and `other`'s, as each arrives.
    public func merge(with other: Signal) -> Signal {
        .merge([self, other])
    }
}
