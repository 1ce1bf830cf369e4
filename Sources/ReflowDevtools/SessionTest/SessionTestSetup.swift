import Reflow
import ReflowCore

/// How a test written from a recorded session builds its store: the module it tests, and
/// the app's reducer, starting state and hosted reactors as Swift source.
///
/// ```swift
/// let setup = SessionTestSetup(
///     module: "GitHubSearchKit",
///     reducer: ".empty",
///     state: SearchApp.State(), writtenAs: "SearchApp.State()",
///     hosting: [HostedReactorSource("SearchReactor(api: OfflineCatalog())", at: "\\.search")])
/// let source = try history.testSource(setup)
/// ```
///
/// The starting state is given twice: as a value, which the recorded initial state is
/// compared with (the test assigns what differs), and as the source that makes it.
public struct SessionTestSetup<State> {
    /// The module under test, imported with `@testable`.
    public var module: String
    /// The app's reducer as the test spells it, for example `appReducer` or `.empty`.
    public var reducer: String
    /// A state the test can make, and the source that makes it.
    public var state: State
    /// The source of ``state``, for example `AppState()`.
    public var stateSource: String
    /// The reactors the app hosts, in hosting order.
    public var hosting: [HostedReactorSource]
    /// The name of the test function.
    public var testName: String

    /// A setup for ``History/testSource(_:)``.
    ///
    /// - Parameters:
    ///   - module: The module under test, imported with `@testable`.
    ///   - reducer: The app's reducer as the test spells it.
    ///   - state: A state the test can make.
    ///   - stateSource: The source that makes `state`.
    ///   - hosting: The reactors the app hosts, in hosting order.
    ///   - testName: The name of the test function.
    public init(module: String, reducer: String, state: State, writtenAs stateSource: String,
                hosting: [HostedReactorSource] = [], testName: String = "recordedSession") {
        self.module = module
        self.reducer = reducer
        self.state = state
        self.stateSource = stateSource
        self.hosting = hosting
        self.testName = testName
    }
}

extension SessionTestSetup: Sendable where State: Sendable {}

/// A reactor the app hosts, as a test writes it: the source that makes it and its slice.
public struct HostedReactorSource: Sendable, Equatable {
    /// The source that makes the reactor, for example `SearchReactor(api: OfflineCatalog())`.
    public var reactor: String
    /// The key path of its slice, for example `\.search`.
    public var slice: String

    /// - Parameters:
    ///   - reactor: The source that makes the reactor.
    ///   - slice: The key path of its slice in the app's state.
    public init(_ reactor: String, at slice: String) {
        self.reactor = reactor
        self.slice = slice
    }
}

/// Why a recorded session could not be written as a test: which entry, and what in it.
public struct SessionTestError: Error, Equatable, CustomStringConvertible {
    /// The entry (1 is the first), or `nil` for the initial state.
    public var entry: Int?
    /// What could not be written, and what to do.
    public var message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String {
        (entry.map { "Entry \($0): " } ?? "Initial state: ") + message
    }
}
