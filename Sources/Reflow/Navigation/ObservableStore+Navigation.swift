#if canImport(Observation)
extension ObservableStore {
    /// A two-way binding of the identities a ``ScreenStack`` shows: reads them from the
    /// state, and sends ``NavigationAction/keep(_:)`` when the view shows fewer (the user
    /// went back by the button or a swipe). The view and the state never drift: the state
    /// keeps what the view shows, and a view that tried to show anything else reads the
    /// state's identities again. SwiftUI's `NavigationStack(path:)` takes `binding(_:)`.
    ///
    /// - Parameter stack: Where the stack lives in the state.
    /// - Returns: The binding.
    public func twoWayBinding<Screen: Equatable>(_ stack: KeyPath<State, ScreenStack<Screen>>) -> TwoWayBinding<[ScreenID]> {
        twoWayBinding(stack.appending(path: \.ids), send: { NavigationAction<Screen>.keep($0) })
    }

    /// A two-way binding of a presented destination: reads it from the state, and sends
    /// ``PresentationAction/dismiss`` when the view sets `nil` (the user swiped a sheet
    /// down) or ``PresentationAction/present(_:)`` for a destination. SwiftUI's
    /// `.sheet(item:)` takes `binding(presenting:)`.
    ///
    /// - Parameter destination: Where the destination lives in the state.
    /// - Returns: The binding.
    public func twoWayBinding<Destination: Equatable>(presenting destination: KeyPath<State, Destination?>) -> TwoWayBinding<Destination?> {
        twoWayBinding(destination, send: { $0.map { PresentationAction.present($0) } ?? PresentationAction<Destination>.dismiss })
    }
}
#endif
