#if canImport(UIKit)
import UIKit
#else
// What the screens use from UIKit, for Linux, which has none: a view controller's life
// cycle, labels, text fields and buttons. The screens are written against UIKit's names.

@MainActor
class UIViewController {
    private var isLoaded = false

    init() {}

    func loadViewIfNeeded() {
        guard !isLoaded else { return }
        isLoaded = true
        viewDidLoad()
    }

    func viewDidLoad() {}
    func viewWillAppear(_ animated: Bool) {}
    func viewDidDisappear(_ animated: Bool) {}
}

@MainActor
class UIView {
    var isHidden = false
    init() {}
}

@MainActor
final class UILabel: UIView {
    var text: String?
}

@MainActor
final class UITextField: UIView {
    var text: String?
}

@MainActor
final class UIButton: UIView {
    var isEnabled = true
}

@MainActor
final class UISwitch: UIView {
    var isOn = false
}

@MainActor
final class UIActivityIndicatorView: UIView {
    private(set) var isAnimating = false
    func startAnimating() { isAnimating = true }
    func stopAnimating() { isAnimating = false }
}
#endif
