/// Makes a view-controller stack follow a ``ScreenStack``, and the stack follow the user's
/// back button and swipe: UIKit's navigation controller glue, written without UIKit so
/// that its logic runs (and is tested) everywhere.
///
/// When the state's stack changes, the follower keeps the controller of each screen still
/// there, makes one for each new screen, and hands the list to `show` (a navigation
/// controller's `setViewControllers(_:animated:)`). When the user goes back, the app's
/// navigation controller delegate passes the controllers shown to ``didShow(_:)``, and the
/// follower sends ``NavigationAction/keep(_:)`` with their screens: the state then holds
/// what the user sees.
///
/// ```swift
/// let follower = ScreenStackFollower(store: store, stack: \.path,
///                                    make: { id, screen in DetailsViewController(screen) },
///                                    show: { navigationController.setViewControllers(root + $0, animated: true) })
/// // UINavigationControllerDelegate:
/// // func navigationController(_ nc: UINavigationController, didShow _: UIViewController, animated _: Bool) {
/// //     follower.didShow(nc.viewControllers)
/// // }
/// ```
@MainActor
public final class ScreenStackFollower<State, Screen, Controller: AnyObject> {
    private let store: Store<State>
    private var shown: [(id: ScreenID, controller: Controller)] = []
    private var subscription: SubscriptionHandle?
    private let make: @MainActor (ScreenID, Screen) -> Controller
    private let show: @MainActor ([Controller]) -> Void

    /// Follows the stack at `stack` of `store`, showing its screens now (`show` is called
    /// at once, with no controllers for an empty stack).
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the stack.
    ///   - stack: Where the stack lives in the state.
    ///   - make: Makes the controller of a newly pushed screen.
    ///   - show: Shows the controllers of the stack's screens, bottom first.
    public init(store: Store<State>, stack: KeyPath<State, ScreenStack<Screen>>,
                make: @escaping @MainActor (ScreenID, Screen) -> Controller,
                show: @escaping @MainActor ([Controller]) -> Void) where Screen: Equatable {
        self.store = store
        self.make = make
        self.show = show
        shown = store.state[keyPath: stack].map { ($0.id, make($0.id, $0.screen)) }
        show(controllers)
        subscription = store.subscribe(stack) { [weak self] stack in self?.follow(stack) }
    }

    /// The controllers shown, bottom first, one for each screen of the stack.
    public var controllers: [Controller] { shown.map(\.controller) }

    /// Tells the follower which controllers the view shows now, after the user went back:
    /// the stack keeps the screens of the ones it made that are still shown, in order, and
    /// drops the rest. Controllers it did not make (the root) are ignored.
    ///
    /// - Parameter controllers: The navigation controller's `viewControllers`.
    public func didShow(_ controllers: [Controller]) {
        let kept = controllers.compactMap { controller in shown.first { $0.controller === controller } }
        guard kept.map(\.id) != shown.map(\.id) else { return }
        // The view shows these already: the state's change that follows needs no `show`.
        shown = kept
        store.dispatch(NavigationAction<Screen>.keep(kept.map(\.id)))
    }

    private func follow(_ stack: ScreenStack<Screen>) {
        let ids = stack.ids
        guard ids != shown.map(\.id) else { return }
        shown = stack.map { entry in
            (entry.id, shown.first { $0.id == entry.id }?.controller ?? make(entry.id, entry.screen))
        }
        show(controllers)
    }
}
