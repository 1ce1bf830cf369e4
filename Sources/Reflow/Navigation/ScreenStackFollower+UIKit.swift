#if canImport(UIKit) && !os(watchOS)
import UIKit

extension ScreenStackFollower where Controller: UIViewController {
    /// Makes `navigationController` show, above its root view controller, one view
    /// controller for each screen of the stack at `stack`, and keeps it following the stack.
    ///
    /// The state follows the user too once the app's navigation controller delegate passes
    /// what is shown after the back button or a swipe to ``didShow(_:)``; a swipe the user
    /// cancels shows the same controllers, and changes nothing.
    ///
    /// ```swift
    /// follower = ScreenStackFollower(store: store, stack: \.path, navigationController: navigationController) { id, screen in
    ///     RepositoryViewController(store: store, screen: id)
    /// }
    /// // UINavigationControllerDelegate:
    /// func navigationController(_ navigationController: UINavigationController,
    ///                           didShow viewController: UIViewController, animated: Bool) {
    ///     follower.didShow(navigationController.viewControllers)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store whose state holds the stack.
    ///   - stack: Where the stack lives in the state.
    ///   - navigationController: The navigation controller; its root view controller stays.
    ///   - animated: Whether a change of the stack is animated.
    ///   - make: Makes the view controller of a newly pushed screen.
    public convenience init(store: Store<State>, stack: KeyPath<State, ScreenStack<Screen>>,
                            navigationController: UINavigationController, animated: Bool = true,
                            make: @escaping @MainActor (ScreenID, Screen) -> Controller) where Screen: Equatable {
        // Weak: the root view controller or the navigation controller often holds the follower.
        weak var root = navigationController.viewControllers.first
        self.init(store: store, stack: stack, make: make, show: { [weak navigationController] controllers in
            let bottom: [UIViewController] = root.map { [$0] } ?? []
            navigationController?.setViewControllers(bottom + controllers, animated: animated)
        })
    }
}
#endif
