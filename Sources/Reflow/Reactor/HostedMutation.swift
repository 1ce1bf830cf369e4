import ReflowCore

/// A hosted reactor's mutation: owned by that reactor's reducer of its slice (its owner
/// is the hosting), and what devtools show of it.
package protocol HostedMutation: OwnedAction {
    var hostID: ObjectIdentifier { get }
    /// The reactor's type name, for history and traces.
    var reactorName: String { get }
    /// The mutation alone, as it prints (`setLoading(true)`), for the inspector's timeline.
    var mutationDescription: String { get }
    /// The reactor's type and the mutation alone, for a test written from a recorded session.
    var reactorType: Any.Type { get }
    var mutationValue: Any { get }
    /// The same mutation, belonging to the hosting `hostID`: an imported mutation is bound
    /// to the store's hosting of its reactor.
    func rehosted(_ hostID: ObjectIdentifier) -> any Action
}

extension HostedMutation {
    package var ownerID: ObjectIdentifier { hostID }
}
