import Reflow
#if canImport(UIKit)
import UIKit
#endif

struct LoginProps: Equatable {
    var isLoggingIn: Bool
    var error: String?
    var isLoggedIn: Bool
}

struct LoginActions {
    var logIn: (String, String) -> Void
    var logOut: () -> Void
}

final class LoginViewController: UIViewController, Connectable {
    let connection = Connection(
        store: appStore,
        mapStateToProps: { state in
            LoginProps(isLoggingIn: state.isLoggingIn, error: state.loginError, isLoggedIn: state.user != nil)
        },
        mapDispatchToActions: { dispatch in
            LoginActions(
                logIn: { dispatch(LoginAction.logIn(username: $0, password: $1)) },
                logOut: { dispatch(LoginAction.logOut) }
            )
        }
    )

    let usernameField = UITextField()
    let passwordField = UITextField()
    let errorLabel = UILabel()
    let loginButton = UIButton()
    let spinner = UIActivityIndicatorView()

    override func viewDidLoad() {
        super.viewDidLoad()
        connection.bind(\.error, to: errorLabel, \.text)
        connection.bind(\.isLoggingIn) { [weak self] isLoggingIn in
            if isLoggingIn { self?.spinner.startAnimating() } else { self?.spinner.stopAnimating() }
            self?.loginButton.isEnabled = !isLoggingIn
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    func loginTapped() {
        actions.logIn(usernameField.text ?? "", passwordField.text ?? "")
    }
}
