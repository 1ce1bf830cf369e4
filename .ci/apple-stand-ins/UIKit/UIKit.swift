// A stand-in for the parts of Apple's UIKit that Reflow uses, declared as Apple's
// documentation declares them (UIViewController, UINavigationController; iOS 2+, tvOS 9+,
// Mac Catalyst 13.1+). The Apple type-check builds it before Reflow, so that Reflow's
// `#if canImport(UIKit)` glue, which iOS compiles, is checked against Apple's availability
// and main-actor annotations. Apple's classes descend from NSObject through UIResponder;
// the stand-in declares only the members Reflow calls. The bodies are never run.

@MainActor open class UIResponder {
    public init() {}
}

@MainActor open class UIViewController: UIResponder {
    public override init() {}

    /// The nearest ancestor in the view controller hierarchy that is a navigation controller.
    open var navigationController: UINavigationController? { nil }
}

@MainActor open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) {}

    /// The view controllers on the navigation stack, root first.
    open var viewControllers: [UIViewController] = []

    /// Replaces the view controllers on the stack, animating the change when `animated`.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
}
