/// A view or view model that reads only `Props` and calls only `Actions`.
///
/// Adopt it by exposing a ``Connection``; you get ``props`` and ``actions`` for free.
///
/// ```swift
/// final class CounterViewModel: Connectable {
///     struct Props: Equatable { var count: Int }
///     struct Actions { var increment: () -> Void }
///
///     let connection = Connection(
///         store: appStore,
///         mapStateToProps: { state in Props(count: state.count) },
///         mapDispatchToActions: { dispatch in Actions(increment: { dispatch(Increment()) }) }
///     )
/// }
///
/// viewModel.props.count      // read
/// viewModel.actions.increment()
/// ```
@MainActor
public protocol Connectable: AnyObject {
    /// The store's state type.
    associatedtype State
    /// What the view shows, derived from the state.
    associatedtype Props
    /// What the view can do, as closures that dispatch.
    associatedtype Actions
    /// The connection that provides props and actions.
    var connection: Connection<State, Props, Actions> { get }
}

extension Connectable {
    /// The current props (the connection's).
    ///
    /// Settable, as in ReRxSwift: a spec sets props to drive the screen's bindings
    /// (`screen.props = Props(text: "some text")`) as the store would; the next change of
    /// the store's state maps the props again.
    public var props: Props {
        get { connection.props }
        set { connection.props = newValue }
    }

    /// The actions (the connection's).
    ///
    /// Settable, as in ReRxSwift: a spec puts mock actions in their place
    /// (`screen.actions = Actions(updatedText: { _ in tapped = true })`); they stay until
    /// set again, or until the connection is pointed at another store.
    public var actions: Actions {
        get { connection.actions }
        set { connection.actions = newValue }
    }
}
