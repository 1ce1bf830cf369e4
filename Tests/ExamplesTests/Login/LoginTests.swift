import ExampleTerminal
import Reflow
import ReflowTesting
import Testing
@testable import LoginKit

@MainActor
@Suite struct LoginTests {
    func state(_ change: (inout LoginState) -> Void) -> LoginState {
        var state = LoginState()
        change(&state)
        return state
    }

    @Test func logInTapped_withBothFields_startsLoading() {
        var state = self.state { $0.username = "reflow"; $0.password = "swift" }
        loginReducer.reduce(&state, LogInTapped())
        #expect(state.isLoading)
        #expect(state.error == nil)
    }

    @Test func logInTapped_withAnEmptyField_saysWhatIsMissing() {
        var state = self.state { $0.username = "reflow" }
        loginReducer.reduce(&state, LogInTapped())
        #expect(!state.isLoading)
        #expect(state.error == "Enter a username and a password.")
    }

    @Test func editing_isIgnoredWhileLoading() {
        var state = self.state { $0.username = "a"; $0.isLoading = true }
        loginReducer.reduce(&state, EditUsername(text: "b"))
        #expect(state.username == "a")
    }

    @Test func wrongCredentials_clearThePassword_andFocusIt() {
        var state = self.state { $0.username = "a"; $0.password = "b"; $0.isLoading = true }
        loginReducer.reduce(&state, LoginFailed(error: .wrongCredentials))
        #expect(state == self.state {
            $0.username = "a"; $0.focus = .password; $0.error = "The username or password is wrong."
        })
    }

    @Test func anUnreachableServer_keepsWhatWasTyped() {
        var state = self.state { $0.username = "offline"; $0.password = "x"; $0.isLoading = true }
        loginReducer.reduce(&state, LoginFailed(error: .serverUnreachable))
        #expect(state.password == "x")
        #expect(state.error == "The server cannot be reached; try again.")
    }

    @Test func success_keepsTheSession_andLogOutStartsOver() {
        var state = self.state { $0.username = "reflow"; $0.password = "swift"; $0.isLoading = true }
        loginReducer.reduce(&state, LoginSucceeded(session: Session(user: "reflow", unreadMessages: 3)))
        #expect(loginProps(from: state).status == "Welcome, reflow: 3 unread messages.")
        #expect(state.password == "")
        loginReducer.reduce(&state, LogOut())
        #expect(state == LoginState())
    }

    @Test func actions_dispatchTheFormsEvents() {
        let recorder = DispatchRecorder()
        let actions = loginActions(recorder.dispatch)
        actions.editUsername("u")
        actions.editPassword("p")
        actions.logIn()
        #expect(recorder.actions(of: EditUsername.self) == [EditUsername(text: "u")])
        #expect(recorder.actions(of: EditPassword.self) == [EditPassword(text: "p")])
        #expect(recorder.actions(of: LogInTapped.self).count == 1)
    }

    @Test func theWholeFlow_onATestClock_includingBothFailures() async {
        let clock = TestClock()
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginEffects.middleware])
        store.dependencies.authService = FakeAuthService(latency: .milliseconds(800), clock: clock)
        await store.send(EditUsername(text: "reflow")) { $0.username = "reflow" }
        await store.send(EditPassword(text: "nope")) { $0.password = "nope" }
        await store.send(LogInTapped()) { $0.isLoading = true }
        await store.send(LogInTapped())                          // a second tap while loading does nothing
        await clock.advance(by: .milliseconds(800))
        await store.receive(LoginFailed(error: .wrongCredentials)) {
            $0.isLoading = false; $0.password = ""; $0.focus = .password; $0.error = "The username or password is wrong."
        }
        await store.send(EditPassword(text: "swift")) { $0.password = "swift"; $0.error = nil }
        await store.send(LogInTapped()) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(800))
        await store.receive(LoginSucceeded(session: Session(user: "reflow", unreadMessages: 3))) {
            $0.isLoading = false; $0.password = ""; $0.session = Session(user: "reflow", unreadMessages: 3)
        }
        await store.send(LogOut()) { $0 = LoginState() }
        await store.send(EditUsername(text: "offline")) { $0.username = "offline" }
        await store.send(EditPassword(text: "x")) { $0.password = "x" }
        await store.send(LogInTapped()) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(800))
        await store.receive(LoginFailed(error: .serverUnreachable)) {
            $0.isLoading = false; $0.error = "The server cannot be reached; try again."
        }
        await store.finish()
    }

    @Test func theScreen_typesIntoTheFocusedField_andHidesThePassword() async {
        let clock = TestClock()
        let store = Store(reducer: loginReducer, state: LoginState(), middleware: [loginEffects.middleware])
        store.dependencies.authService = FakeAuthService(latency: .milliseconds(800), clock: clock)
        let screen = LoginScreen(store: store)
        for character in "reflow" { _ = screen.handle(.character(character)) }
        _ = screen.handle(.tab)
        for character in "swift" { _ = screen.handle(.character(character)) }
        #expect(store.state.username == "reflow" && store.state.password == "swift")
        #expect(screen.frame(size: .standard).contains { $0.contains("[•••••▏") })
        _ = screen.handle(.enter)
        #expect(screen.isBusy)
        await clock.advance(by: .milliseconds(800))
        #expect(!screen.isBusy)
        #expect(screen.statusLabel.text == "Welcome, reflow: 3 unread messages.")
        screen.finish()
    }
}
