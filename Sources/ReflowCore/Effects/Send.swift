/// Delivers an effect's outputs on the main actor.
///
/// An effect's body receives a `Send` and calls it with `await`, since the body runs off
/// the main actor:
///
/// ```swift
/// .run { send in
///     await send(.loaded(try await api.load()))
/// }
/// ```
///
/// Outputs sent after the effect was cancelled are dropped. An output crosses to the main
/// actor as `sending`: it need not be `Sendable`, as long as the body does not use it after
/// sending it (Swift checks that).
public struct Send<Output>: Sendable {
    let deliver: @MainActor @Sendable (Output) -> Void

    /// Creates a `Send` that hands each output to `deliver`; mainly for tests.
    ///
    /// - Parameter deliver: Receives each output, on the main actor.
    public init(_ deliver: @escaping @MainActor @Sendable (Output) -> Void) {
        self.deliver = deliver
    }

    /// Delivers `output`, unless the effect that sends it was cancelled.
    ///
    /// - Parameter output: The output; dropped if the sending effect was cancelled.
    @MainActor
    public func callAsFunction(_ output: sending Output) {
        guard !Task.isCancelled else { return }
        deliver(output)
    }
}
