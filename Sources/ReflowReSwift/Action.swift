import Reflow

/// An action, as in ReSwift: any value that describes something that happened.
///
/// It is Reflow's own `Reflow.Action`, so one action type serves both worlds: a screen
/// that still uses ReSwift's API and a new screen built on a `Connection` dispatch the same
/// actions into the same store, and ReSwift-style and Reflow reducers both see them.
///
/// > Note: Reflow actions are `Sendable`. A value type whose stored properties are
/// > `Sendable` conforms as it is; an action that is a class must be made `Sendable`.
public typealias Action = Reflow.Action

/// ReSwift's marker for app state types. Conforming is optional here: any type can be a
/// store's state.
public protocol StateType {}

/// The action a ``Store`` created without an initial state reduces first, so the reducer
/// can provide the state (ReSwift's `ReSwiftInit`).
public struct ReSwiftInit: Action, Sendable {
    /// Creates the initial action.
    public init() {}
}
