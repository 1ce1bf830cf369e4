extension Store {
    /// The value at `keyPath` as a ``Signal``: the current value, then each change.
    ///
    /// Use it to bring global state into a reactor:
    ///
    /// ```swift
    /// func transform(mutation: Signal<Mutation>) -> Signal<Mutation> {
    ///     mutation.merge(with: appStore.signal(\.user).map(Mutation.setUser))
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The value to watch.
    /// - Returns: A signal that gives the current value on subscription, then each change.
    public func signal<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Signal<Value> {
        Signal { [weak self] observer in self?.subscribe(keyPath, observer) ?? .empty }
    }
}
