import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct LoginSpec {
    let screen = LoginViewController()

    init() {
        screen.loadViewIfNeeded()
    }

    @Test func showsTheError() {
        screen.props = LoginProps(isLoggingIn: false, error: "Could not log in", isLoggedIn: false)
        #expect(screen.errorLabel.text == "Could not log in")
        #expect(screen.loginButton.isEnabled)
    }

    @Test func spinsWhileLoggingIn() {
        screen.props = LoginProps(isLoggingIn: true, error: nil, isLoggedIn: false)
        #expect(screen.spinner.isAnimating)
        #expect(!screen.loginButton.isEnabled)
    }

    @Test func loginTapped_sendsTheFields() {
        var sent: [String] = []
        screen.actions = LoginActions(logIn: { sent.append("\($0):\($1)") }, logOut: {})
        screen.usernameField.text = "anna"
        screen.passwordField.text = "secret"
        screen.loginTapped()
        #expect(sent == ["anna:secret"])
    }

    @Test func loggingIn_withAFakeServer() async {
        let api = APIClient(
            logIn: { name, _ in User(name: name, token: "t") },
            products: { [] },
            search: { _ in [] }
        )
        let store = TestStore(reducer: shopReducer, state: ShopState(), middleware: [apiMiddleware(api: api)])
        screen.connection.store = store.store
        screen.viewWillAppear(false)
        screen.usernameField.text = "anna"
        screen.passwordField.text = "pw"
        screen.loginTapped()
        await store.receive(LoginAction.logIn(username: "anna", password: "pw")) {
            $0.isLoggingIn = true
        }
        await store.receive(LoginAction.loggedIn(User(name: "anna", token: "t"))) {
            $0.user = User(name: "anna", token: "t")
            $0.isLoggingIn = false
        }
        #expect(screen.props.isLoggedIn)
        await store.finish()
    }
}
