/// A value that describes something that happened: a tap, a response, a timer tick.
///
/// Actions are the only way in to a ``Store``: a reducer turns the current state and an
/// action into the next state. Declare one type per event, or an enum per feature; the
/// reducer routes by the action's concrete type (see ``Reducer/on(_:_:)-6owo4``).
///
/// ```swift
/// struct Increment: Action {}
/// enum TodoAction: Action { case add(String), toggle(id: Int) }
/// ```
///
/// Actions are `Sendable` because effects create them off the main actor.
public protocol Action {}
