import Testing
import Reflow
import ReflowTesting

@MainActor
@Suite struct TestStoreTests {
    // The login reducer, one event each, as the seed's tests read.

    @Test func usernameChanged() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        await store.send(UsernameChanged(text: "ann")) { $0.username = "ann" }
    }

    @Test func passwordChanged() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        await store.send(PasswordChanged(text: "secret")) { $0.password = "secret" }
    }

    @Test func loginTapped_startsLoading_clearsError() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(error: "old"))
        await store.send(LoginTapped()) {
            $0.isLoading = true
            $0.error = nil
        }
    }

    @Test func loginSucceeded_storesData() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(isLoading: true))
        await store.send(LoginSucceeded(data: "t")) {
            $0.isLoading = false
            $0.data = "t"
        }
    }

    @Test func loginFailed_storesError() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(isLoading: true))
        await store.send(LoginFailed(error: "nope")) {
            $0.isLoading = false
            $0.error = "nope"
        }
    }

    @Test func wholeLogin_withEffect_receivesResult() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(UsernameChanged(text: "ann")) { $0.username = "ann" }
        await store.send(PasswordChanged(text: "pw")) { $0.password = "pw" }
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.receive(LoginSucceeded(data: "token for ann")) {
            $0.isLoading = false
            $0.data = "token for ann"
        }
        await store.finish()
    }

    @Test func receiveByType() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.receive(LoginFailed.self) {
            $0.isLoading = false
            $0.error = "wrong password"
        }
        await store.finish()
    }

    @Test func nonExhaustive_checksOnlyWhatIsDescribed_skipsUnassertedActions() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        store.exhaustivity = .off
        await store.send(UsernameChanged(text: "ann"))
        await store.send(PasswordChanged(text: "pw"))
        await store.send(LoginTapped())
        await store.receive(LoginSucceeded.self) { $0.data = "token for ann" }
        await store.finish()
    }

    // MARK: Failures, and what they say

    @Test func undescribedChange_fails_sayingToDescribeIt() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        await withKnownIssue {
            await store.send(UsernameChanged(text: "ann"))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("no change was described")
                && text.contains("(Expected: −, Actual: +)")
                && text.contains("− .username: \"\"")
                && text.contains("+ .username: \"ann\"")
        }
    }

    @Test func wronglyDescribedChange_fails_withMinimalDiff() async {
        var big = LoginState()
        big.data = String(repeating: "x", count: 50)
        let store = TestStore(reducer: loginReducer, state: big)
        await withKnownIssue {
            await store.send(PasswordChanged(text: "right")) { $0.password = "wrong" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            let diffLines = text.split(separator: "\n").filter { $0.contains("− ") || $0.contains("+ ") }
            return diffLines == ["  − .password: \"wrong\"", "  + .password: \"right\""]
        }
    }

    @Test func unassertedReceivedAction_failsAtFinish() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.store.waitForEffects()
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("were not asserted") && text.contains("LoginFailed")
        }
    }

    @Test func effectStillRunning_failsAtFinish_andIsCancelled() async {
        let clock = TestClock()
        let store = TestStore(reducer: loginReducer, state: LoginState())
        store.run(.run { send in
            try await clock.sleep(for: .seconds(60))
            await send(LoginTapped())
        })
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("still running")
        }
        await store.store.waitForEffects()
        #expect(store.store.runningEffectCount == 0)
    }

    @Test func receiveTimeout_failsSayingWhatToDo() async {
        let store = TestStore(reducer: loginReducer, state: LoginState())
        await withKnownIssue {
            await store.receive(LoginTapped(), timeout: .milliseconds(10))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("within") && text.contains("advance it")
        }
    }

    @Test func receivingTheWrongAction_fails() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        await withKnownIssue {
            await store.receive(LoginSucceeded(data: "x"))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("but received LoginFailed")
        }
    }

    @Test func sendingWithUnassertedReceivedActions_fails() async {
        let store = TestStore(reducer: loginReducer, state: LoginState(), middleware: [loginMiddleware(validPassword: "pw")])
        await store.send(LoginTapped()) { $0.isLoading = true }
        await store.store.waitForEffects()
        await withKnownIssue {
            await store.send(UsernameChanged(text: "a")) { $0.username = "a" }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Must handle 1 received action")
        }
    }
}
