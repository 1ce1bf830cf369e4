/// An action that belongs to one reducer a feature added to the dispatch loop
/// (`DispatchLoop.addOwnedReducer`): after the store's reducer, the loop runs that
/// reducer for it, and no other. A hosted reactor's mutation is one.
package protocol OwnedAction: Action {
    /// The owner the reducer was added under.
    var ownerID: ObjectIdentifier { get }
}
