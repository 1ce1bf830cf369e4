/// The action a hosted reactor's mutation travels as through the store, so middleware and
/// loggers see every mutation and can match on the reactor's type.
///
/// ```swift
/// let logger = Middleware<AppState> { _, action, next in
///     print(action)          // "CounterReactor.Mutation.increaseValue"
///     if let mutation = action as? ReactorMutation<CounterReactor> { audit(mutation.mutation) }
///     next(action)
/// }
/// ```
public struct ReactorMutation<R: Reactor>: HostedMutation, CustomStringConvertible {
    /// The reactor's mutation.
    public let mutation: R.Mutation
    /// Which hosting of a reactor this mutation belongs to.
    let hostID: ObjectIdentifier

    @usableFromInline
    init(mutation: R.Mutation, hostID: ObjectIdentifier) {
        self.mutation = mutation
        self.hostID = hostID
    }

    /// `ReactorName.Mutation.case`, for logs.
    public var description: String { "\(R.self).Mutation.\(mutation)" }

    var reactorName: String { String(describing: R.self) }

    var mutationDescription: String { String(describing: mutation) }

    var reactorType: Any.Type { R.self }

    var mutationValue: Any { mutation }
}
