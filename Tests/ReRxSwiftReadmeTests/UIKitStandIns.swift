import Reflow

// Stand-ins for what ReRxSwift's README and specs use from UIKit and RxCocoa, which Linux
// does not have: a view controller's life cycle, a view that keeps its subviews, a text
// field, and RxCocoa's `textField.rx.text` binder (here a closure the field's text is set
// through). Only what the README's code calls is here.

@MainActor
class UIView {
    private(set) var subviews: [UIView] = []

    init() {}

    func addSubview(_ view: UIView) {
        subviews.append(view)
    }
}

@MainActor
final class UITextField: UIView {
    var text: String?
}

/// UIKit's view controller: the view loads once, then calls `viewDidLoad()`.
@MainActor
class UIViewController {
    private var loadedView: UIView?

    init() {}

    var view: UIView {
        if let loadedView { return loadedView }
        let view = UIView()
        loadedView = view
        loadView()
        viewDidLoad()
        return view
    }

    /// What a storyboard does before `viewDidLoad()`: make the views and set the outlets.
    func loadView() {}
    func viewDidLoad() {}
    func viewWillAppear(_ animated: Bool) {}
    func viewDidDisappear(_ animated: Bool) {}
}

/// RxCocoa's `Reactive` wrapper, for `textField.rx.text`.
@MainActor
struct Reactive<Base: AnyObject> {
    let base: Base
}

extension UITextField {
    var rx: Reactive<UITextField> { Reactive(base: self) }
}

extension Reactive where Base == UITextField {
    /// What RxCocoa's `ControlProperty<String?>` does when bound to: sets the field's text.
    var text: (String?) -> Void {
        { [weak base] text in base?.text = text }
    }
}
