/// What the store needs to route a hosted reactor's mutation to that reactor's reducer,
/// and what devtools show of it.
protocol HostedMutation: Action {
    var hostID: ObjectIdentifier { get }
    /// The reactor's type name, for history and traces.
    var reactorName: String { get }
    /// The mutation alone, as it prints (`setLoading(true)`), for the inspector's timeline.
    var mutationDescription: String { get }
}
