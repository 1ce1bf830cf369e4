/// What changes a ``ScreenStack``: the actions a navigation reducer
/// (``Reducer/navigation(_:screen:)``) handles.
///
/// ```swift
/// store.dispatch(NavigationAction.push(Screen.repository("apple/swift")))
/// store.dispatch(NavigationAction<Screen>.pop)
/// store.dispatch(NavigationAction<Screen>.screen(id, Star()))     // to one screen's reducer
/// ```
///
/// Every reducer of the store sees these actions, as it sees any other, so a parent reacts
/// to a child's: `.on(NavigationAction<Screen>.self) { state, action in ... }`.
public enum NavigationAction<Screen>: Action {
    /// Pushes a screen on top.
    case push(Screen)
    /// Takes the top screen off.
    case pop
    /// Takes off every screen above the one with this identity.
    case popTo(ScreenID)
    /// Takes every screen off.
    case popToRoot
    /// Keeps the screens the view still shows (bottom first) after the user went back:
    /// what the SwiftUI and UIKit glue send.
    case keep([ScreenID])
    /// Replaces the whole stack: a deep link.
    case replace([Screen])
    /// An action for one screen's own reducer (the `screen:` reducer of
    /// ``Reducer/navigation(_:screen:)``); dropped if that screen is gone.
    case screen(ScreenID, any Action)
}

/// What changes a presented destination (a sheet, an alert, a full-screen cover) kept as
/// an optional in the state: the actions ``Reducer/presentation(_:)`` handles.
///
/// ```swift
/// store.dispatch(PresentationAction.present(Destination.settings))
/// store.dispatch(PresentationAction<Destination>.dismiss)
/// ```
public enum PresentationAction<Destination>: Action {
    /// Presents a destination, replacing the one presented, if any.
    case present(Destination)
    /// Dismisses the destination presented, if any.
    case dismiss
}
