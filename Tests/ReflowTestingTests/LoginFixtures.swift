import Reflow

// The seed's login state machine: five events, one state.

struct LoginState: Equatable {
    var username = ""
    var password = ""
    var isLoading = false
    var data: String?
    var error: String?
}

struct UsernameChanged: Action, Equatable { var text: String }
struct PasswordChanged: Action, Equatable { var text: String }
struct LoginTapped: Action, Equatable {}
struct LoginSucceeded: Action, Equatable { var data: String }
struct LoginFailed: Action, Equatable { var error: String }

let loginReducer = Reducer<LoginState>
    .on(UsernameChanged.self) { state, event in state.username = event.text }
    .on(PasswordChanged.self) { state, event in state.password = event.text }
    .on(LoginTapped.self) { state, _ in
        state.isLoading = true
        state.error = nil
    }
    .on(LoginSucceeded.self) { state, event in
        state.isLoading = false
        state.data = event.data
    }
    .on(LoginFailed.self) { state, event in
        state.isLoading = false
        state.error = event.error
    }

/// Logs in through an effect: the middleware turns `LoginTapped` into a request.
func loginMiddleware(validPassword: String) -> Middleware<LoginState> {
    Middleware { context, action, next in
        next(action)
        guard action is LoginTapped else { return }
        let username = context.state.username
        let password = context.state.password
        context.run(.run { send in
            await Task.yield()
            if password == validPassword {
                await send(LoginSucceeded(data: "token for \(username)"))
            } else {
                await send(LoginFailed(error: "wrong password"))
            }
        })
    }
}
