#if canImport(SwiftUI) && canImport(Observation)
import SwiftUI

extension ObservableStore {
    /// The identities a ``ScreenStack`` shows, as the path of SwiftUI's
    /// `NavigationStack(path:)`: ``twoWayBinding(_:)`` as a SwiftUI `Binding`. A back
    /// gesture keeps the state's stack what the view shows.
    ///
    /// ```swift
    /// NavigationStack(path: model.binding(\.path)) {
    ///     SearchView(model: model)
    ///         .navigationDestination(for: ScreenID.self) { id in
    ///             if let screen = model.path[id: id] { ScreenView(screen: screen) }
    ///         }
    /// }
    /// ```
    ///
    /// - Parameter stack: Where the stack lives in the state.
    /// - Returns: The binding.
    public func binding<Screen: Equatable>(_ stack: KeyPath<State, ScreenStack<Screen>>) -> Binding<[ScreenID]> {
        twoWayBinding(stack).swiftUI
    }

    /// A presented destination as SwiftUI's `.sheet(item:)` (or `.fullScreenCover(item:)`)
    /// takes it: ``twoWayBinding(presenting:)`` as a SwiftUI `Binding`. Swiping the sheet
    /// down dismisses it in the state.
    ///
    /// ```swift
    /// .sheet(item: model.binding(presenting: \.destination)) { destination in
    ///     DestinationView(destination: destination)
    /// }
    /// ```
    ///
    /// - Parameter destination: Where the destination lives in the state.
    /// - Returns: The binding.
    public func binding<Destination: Equatable>(presenting destination: KeyPath<State, Destination?>) -> Binding<Destination?> {
        twoWayBinding(presenting: destination).swiftUI
    }
}
#endif
