extension Reactor {
    /// Reduces `mutation` as if `mutate(action:)` had just produced it and
    /// `transform(mutation:)` had passed it on: how a recorded mutation is replayed
    /// (`TestStore.send(_:from:)`). Hosted, it goes through the store as a
    /// ``ReactorMutation``; standalone, it becomes the reactor's state.
    ///
    /// - Parameter mutation: A mutation as the reactor's `reduce` receives it.
    package func replay(_ mutation: Mutation) {
        core.apply(mutation, to: self)
    }
}
