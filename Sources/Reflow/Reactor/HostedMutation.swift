/// What the store needs to route a hosted reactor's mutation to that reactor's reducer.
protocol HostedMutation: Action {
    var hostID: ObjectIdentifier { get }
}
