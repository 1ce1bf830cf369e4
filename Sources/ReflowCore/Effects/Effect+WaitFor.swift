extension Effect {
    /// An effect that waits until the store reduces an action of type `A`, then starts the
    /// effect `then` makes from it (Redux's `take`): a flow that spans actions, such as
    /// shipping an order once its payment is confirmed.
    ///
    /// ```swift
    /// Effects<ShopState>.on(CheckoutStarted.self) { action, _ in
    ///     Effect<any Action>.waitFor(PaymentConfirmed.self) { confirmed in
    ///         .just(ShipOrder(order: action.order, receipt: confirmed.receipt))
    ///     }
    ///     .cancellable(id: "checkout", cancelInFlight: true)
    /// }
    /// ```
    ///
    /// It waits for the first such action reduced after it started, seen once it was
    /// reduced and subscribers were told; cancel it by id like any effect (a timeout: merge
    /// it with an effect that sleeps, then cancels the id). It runs in a store's effects
    /// (`store.run`, ``Effects``, a middleware's `context.run`, a `TestStore`), not in a
    /// reactor's `mutate`.
    ///
    /// - Parameters:
    ///   - type: The action type to wait for; not a hosted reactor's mutation.
    ///   - then: Makes the effect to start from the action; called on the main actor.
    /// - Returns: The waiting effect.
    public static func waitFor<A: Action>(_ type: A.Type, then: @escaping @MainActor (A) -> Effect) -> Effect {
        if type is any OwnedAction.Type {
            fatalError("""
                Reflow: Effect.waitFor(\(type)) waits for a hosted reactor's mutation, which is \
                reduced inline, past the store's routes. Wait for an action the store dispatches.
                """)
        }
        // Only actions of type `A` arrive: the store routes by this type's identifier.
        return Effect(.waitFor(ObjectIdentifier(type), { then($0 as! A) }))
    }
}
