import Reflow

/// A login form as a state machine: editing → logging in → logged in, or back to editing
/// with the reason it failed.
public struct LoginState: Equatable, Sendable {
    public enum Field: Equatable, Sendable { case username, password }

    public var username = ""
    public var password = ""
    public var focus = Field.username
    public var isLoading = false
    public var session: Session?
    public var error: String?

    public init() {}
}

/// Who logged in, and what the server had for them.
public struct Session: Equatable, Sendable {
    public var user: String
    public var unreadMessages: Int
}

public struct EditUsername: Action, Equatable { public var text: String }
public struct EditPassword: Action, Equatable { public var text: String }
public struct SwitchField: Action, Equatable { public init() {} }
public struct LogInTapped: Action, Equatable { public init() {} }
public struct LoginSucceeded: Action, Equatable { public var session: Session }
public struct LoginFailed: Action, Equatable { public var error: LoginError }
public struct LogOut: Action, Equatable { public init() {} }

public let loginReducer = Reducer<LoginState>
    .on(EditUsername.self) { state, action in
        guard !state.isLoading else { return }
        state.username = action.text
        state.error = nil
    }
    .on(EditPassword.self) { state, action in
        guard !state.isLoading else { return }
        state.password = action.text
        state.error = nil
    }
    .on(SwitchField.self) { state, _ in state.focus = state.focus == .username ? .password : .username }
    .on(LogInTapped.self) { state, _ in
        guard !state.isLoading, state.session == nil else { return }
        guard !state.username.isEmpty, !state.password.isEmpty else {
            state.error = "Enter a username and a password."
            return
        }
        state.isLoading = true
        state.error = nil
    }
    .on(LoginSucceeded.self) { state, action in
        state.isLoading = false
        state.session = action.session
        state.password = ""
    }
    .on(LoginFailed.self) { state, action in
        state.isLoading = false
        state.error = action.error.message
        if action.error == .wrongCredentials {
            state.password = ""
            state.focus = .password
        }
    }
    .on(LogOut.self) { state, _ in
        state = LoginState()
    }

/// Why a login failed.
public enum LoginError: Error, Equatable, Sendable {
    case wrongCredentials
    case serverUnreachable

    public var message: String {
        switch self {
        case .wrongCredentials: "The username or password is wrong."
        case .serverUnreachable: "The server cannot be reached; try again."
        }
    }
}

/// A stand-in for an authentication server, answering after `latency`: `reflow` / `swift`
/// logs in; the user `offline` finds the server unreachable; anything else is wrong.
public struct FakeAuthService: Sendable {
    public let latency: Duration
    private let clock: any Clock<Duration>

    public init(latency: Duration = .milliseconds(800), clock: any Clock<Duration> = ContinuousClock()) {
        self.latency = latency
        self.clock = clock
    }

    public func logIn(username: String, password: String) async throws -> Session {
        try await clock.sleep(for: latency)
        if username == "offline" { throw LoginError.serverUnreachable }
        guard username == "reflow", password == "swift" else { throw LoginError.wrongCredentials }
        return Session(user: username, unreadMessages: 3)
    }
}

/// The auth service as a dependency: the app's waits on a `ContinuousClock`; a test gives
/// one on its `TestClock` (`store.dependencies.authService = FakeAuthService(clock: clock)`).
public enum AuthServiceKey: DependencyKey {
    public static let liveValue = FakeAuthService()
}

extension DependencyValues {
    /// The service `loginEffects` logs in with.
    public var authService: FakeAuthService {
        get { self[AuthServiceKey.self] }
        set { self[AuthServiceKey.self] = newValue }
    }
}

/// The login request, started by `LogInTapped` once the reducer accepted it (the state is
/// loading), with the service from the store's dependencies. A tap while a request is in
/// flight starts nothing: the first request wins until it ends.
public let loginEffects = Effects<LoginState>.on(LogInTapped.self) { _, state in
    guard state.isLoading else { return .none }
    @Dependency(\.authService) var service
    let (username, password) = (state.username, state.password)
    return .run { [service] send in
        do {
            await send(LoginSucceeded(session: try await service.logIn(username: username, password: password)))
        } catch let error as LoginError {
            await send(LoginFailed(error: error))
        }
    }
    .unlessRunning(id: "login")
}

/// What the login screen shows.
public struct LoginProps: Equatable, Sendable {
    public var username: String
    public var password: String
    public var focus: LoginState.Field
    public var isLoading: Bool
    public var status: String
    public var isLoggedIn: Bool
}

/// What the login screen can do.
public struct LoginActions {
    public var editUsername: (String) -> Void
    public var editPassword: (String) -> Void
    public var switchField: () -> Void
    public var logIn: () -> Void
    public var logOut: () -> Void
}

public func loginProps(from state: LoginState) -> LoginProps {
    let status: String
    if let session = state.session {
        status = "Welcome, \(session.user): \(session.unreadMessages) unread messages."
    } else if state.isLoading {
        status = "Logging in…"
    } else if let error = state.error {
        status = "⚠ \(error)"
    } else {
        status = "Log in as reflow / swift (or offline, or a wrong password)."
    }
    return LoginProps(username: state.username, password: state.password, focus: state.focus,
                      isLoading: state.isLoading, status: status, isLoggedIn: state.session != nil)
}

@MainActor
public func loginActions(_ dispatch: Dispatch) -> LoginActions {
    LoginActions(
        editUsername: { dispatch(EditUsername(text: $0)) },
        editPassword: { dispatch(EditPassword(text: $0)) },
        switchField: { dispatch(SwitchField()) },
        logIn: { dispatch(LogInTapped()) },
        logOut: { dispatch(LogOut()) }
    )
}
