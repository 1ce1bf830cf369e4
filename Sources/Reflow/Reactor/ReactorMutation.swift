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
    package let hostID: ObjectIdentifier

    @usableFromInline
    init(mutation: R.Mutation, hostID: ObjectIdentifier) {
        self.mutation = mutation
        self.hostID = hostID
    }

    /// `ReactorName.Mutation.case`, for logs.
    public var description: String { "\(R.self).Mutation.\(mutation)" }

    package var reactorName: String { String(describing: R.self) }

    package var mutationDescription: String { String(describing: mutation) }

    package var reactorType: Any.Type { R.self }

    package var mutationValue: Any { mutation }

    package func rehosted(_ hostID: ObjectIdentifier) -> any Action {
        ReactorMutation(mutation: mutation, hostID: hostID)
    }
}

/// `Sendable` when the reactor's mutation is.
extension ReactorMutation: Sendable where R.Mutation: Sendable {}

/// Codable when the reactor's mutation is, so a session of a hosted reactor can be
/// exported: register it in ReflowDevtools' `ActionTypes`. Only the mutation is written: which hosting
/// it belonged to is the running app's, and `History.importJSON(_:actionTypes:)` binds
/// an imported mutation to the attached store's hosting of its reactor.
extension ReactorMutation: Codable where R.Mutation: Codable {
    private enum CodingKeys: String, CodingKey { case mutation }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Not hosted yet: the reactor type's identity stands in until import binds it.
        self.init(mutation: try container.decode(R.Mutation.self, forKey: .mutation), hostID: ObjectIdentifier(R.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mutation, forKey: .mutation)
    }
}
