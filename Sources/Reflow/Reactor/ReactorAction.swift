/// An action for the reactors of type `R` hosted in a store, dispatched like any action.
///
/// A view model whose `Actions` start a reactor's action builds them from `Dispatch`
/// alone, so its `mapDispatchToActions` stays a pure function that a `DispatchRecorder`
/// can test, and middleware, loggers, history and a `TestStore` see the action:
///
/// ```swift
/// let mapDispatchToActions = { (dispatch: Dispatch) in
///     FeedActions(refresh: { dispatch(ReactorAction<FeedReactor>(.refresh)) })
/// }
/// ```
///
/// It goes through the middleware and the store's reducers like any action (a reducer may
/// handle it too), and once the notification that follows is over, each reactor of type
/// `R` hosted in the store (``Store/host(_:at:)-97cqj``), in hosting order, gets `action` through
/// its `action` subject, exactly as `reactor.action.send(action)` would. Outside a
/// notification that happens before `dispatch` returns, so reading the state right after
/// sees what the reactor's synchronous mutations did. A store that hosts no `R` does
/// nothing more with it.
public struct ReactorAction<R: Reactor>: Action, CustomStringConvertible {
    /// The reactor's action.
    public let action: R.Action

    /// Wraps `action` for the reactors of type `R`.
    ///
    /// - Parameter action: The action their `mutate` gets.
    public init(_ action: R.Action) {
        self.action = action
    }

    /// `ReactorName.Action.case`, for logs.
    public var description: String { "\(R.self).Action.\(action)" }
}

extension ReactorAction: Equatable where R.Action: Equatable {}

/// `Sendable` when the reactor's action is.
extension ReactorAction: Sendable where R.Action: Sendable {}

/// Codable when the reactor's action is: register it in ReflowDevtools' `ActionTypes` to export the
/// actions sent through the store, and to dispatch them from the live inspector's page.
extension ReactorAction: Codable where R.Action: Codable {}

/// A reactor's action as it went through the store, for a test written from a recorded
/// session: the mutations it made were recorded after it.
package protocol RoutedReactorAction {}

extension ReactorAction: RoutedReactorAction {}
