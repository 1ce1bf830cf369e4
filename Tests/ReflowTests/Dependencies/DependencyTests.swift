import Testing
import Reflow
import ReflowTesting

/// Dependencies: found by key path, defaults by context, overridden per store, per test
/// store, per hosted reactor and per block; an unoverridden test dependency fails its test.
private struct Greeter {
    var greet: @Sendable (String) -> String
}

private enum GreeterKey: DependencyKey {
    static let liveValue = Greeter(greet: { "live \($0)" })
    static let previewValue = Greeter(greet: { "preview \($0)" })
    static let testValue = Greeter(greet: { "test \($0)" })
}

/// A dependency with a live value only: its use in a test must be overridden.
private enum LiveOnlyKey: DependencyKey {
    static let liveValue = Greeter(greet: { "live only \($0)" })
}

extension DependencyValues {
    fileprivate var greeter: Greeter {
        get { self[GreeterKey.self] }
        set { self[GreeterKey.self] = newValue }
    }

    fileprivate var liveOnly: Greeter {
        get { self[LiveOnlyKey.self] }
        set { self[LiveOnlyKey.self] = newValue }
    }
}

private struct Greet: Action, Equatable { var name: String }

/// Greets through the dependency in force, in an effect handler: what the store ran with.
private let greetingEffects = Effects<AppState>.on(Greet.self) { action, _ in
    @Dependency(\.greeter) var greeter
    return .just(SetTitle(title: greeter.greet(action.name)))
}

/// Greets through the dependency in an effect's `.run` body, off the main actor, with no
/// capture list: the wrapper itself crosses, as a newcomer writes it.
private let greetingRunEffects = Effects<AppState>.on(Greet.self) { action, _ in
    @Dependency(\.greeter) var greeter
    return .run { send in
        await send(SetTitle(title: greeter.greet(action.name)))
    }
}

private final class GreetingReactor: Reactor {
    enum Action { case greet(String) }
    struct State { var greeting = "" }
    let initialState = State()
    @Dependency(\.greeter) var greeter

    func mutate(action: Action) -> Effect<Action> {
        switch action {
        case .greet(let name): return .just(.greet(greeter.greet(name)))
        }
    }

    func reduce(state: State, mutation: Action) -> State {
        switch mutation {
        case .greet(let greeting): return State(greeting: greeting)
        }
    }
}

private struct Hosting: Equatable {
    var app = AppState()
    var greeting = ""
}

@MainActor
@Suite struct DependencyTests {
    @Test func theDefault_isTheContextsValue() {
        #expect(DependencyValues.Context.detected == .test)  // this process runs tests
        #expect(DependencyValues(context: .live).greeter.greet("a") == "live a")
        #expect(DependencyValues(context: .preview).greeter.greet("a") == "preview a")
        #expect(DependencyValues(context: .test).greeter.greet("a") == "test a")
        #expect(DependencyValues(context: .preview).liveOnly.greet("a") == "live only a")  // preview falls back to live
        #expect(DependencyValues.current.greeter.greet("a") == "test a")
    }

    @Test func anOverride_isFoundByKeyPath() {
        var values = DependencyValues()
        values.greeter = Greeter(greet: { "hi \($0)" })
        #expect(values.greeter.greet("b") == "hi b")
        #expect(values[GreeterKey.self].greet("c") == "hi c")
    }

    @Test func aStoresDependencies_reachItsEffectHandlersMiddlewareAndThunks() {
        var seen: [String] = []
        let middleware = Middleware<AppState> { _, action, next in
            @Dependency(\.greeter) var greeter
            if action is Increment { seen.append(greeter.greet("middleware")) }
            next(action)
        }
        let store = makeStore(middleware: [middleware, greetingEffects.middleware])
        store.dispatch(Greet(name: "before"))
        #expect(store.state.title == "test before")    // the process's defaults
        store.dependencies.greeter = Greeter(greet: { "store \($0)" })
        store.dispatch(Greet(name: "ann"))
        #expect(store.state.title == "store ann")
        store.dispatch(Increment())
        store.dispatch(Thunk<AppState> { dispatch, _ in
            @Dependency(\.greeter) var greeter
            dispatch(Append(value: greeter.greet("thunk").count))
        })
        #expect(seen == ["store middleware"])
        #expect(store.state.items == ["store thunk".count])
        #expect(DependencyValues.current.greeter.greet("x") == "test x")  // left when the dispatch ended
    }

    @Test func twoStores_keepTheirOwn() {
        let first = makeStore(middleware: [greetingEffects.middleware])
        let second = makeStore(middleware: [greetingEffects.middleware])
        first.dependencies.greeter = Greeter(greet: { "first \($0)" })
        second.dependencies.greeter = Greeter(greet: { "second \($0)" })
        first.dispatch(Greet(name: "a"))
        second.dispatch(Greet(name: "b"))
        #expect(first.state.title == "first a")
        #expect(second.state.title == "second b")
    }

    @Test func aTestStoresDependencies_areOverridden() async {
        let store = TestStore(reducer: appReducer, state: AppState(), middleware: [greetingEffects.middleware])
        store.dependencies.greeter = Greeter(greet: { "mock \($0)" })
        await store.send(Greet(name: "z"))
        await store.receive(SetTitle(title: "mock z")) { $0.title = "mock z" }
        await store.finish()
    }

    @Test func aHostedReactor_runsWithTheStores_orItsOwnOverrides() {
        let store = Store(reducer: appReducer.scope(\Hosting.app), state: Hosting())
        store.dependencies.greeter = Greeter(greet: { "store \($0)" })
        let plain = GreetingReactor()
        let own = GreetingReactor()
        store.host(plain, at: \.greeting.reactorState)
        plain.action.send(.greet("p"))
        #expect(store.state.greeting == "store p")
        store.stopHosting(plain)
        store.host(own, at: \.greeting.reactorState) { $0.greeter = Greeter(greet: { "own \($0)" }) }
        own.action.send(.greet("o"))
        #expect(store.state.greeting == "own o")
    }

    @Test func withDependencies_overridesForABlock() {
        let reactor = GreetingReactor()
        withDependencies { $0.greeter = Greeter(greet: { "block \($0)" }) } operation: {
            reactor.action.send(.greet("r"))
        }
        #expect(reactor.currentState.greeting == "block r")
        reactor.action.send(.greet("s"))
        #expect(reactor.currentState.greeting == "test s")
    }

    @Test func aRunBody_usesTheDependenciesWhereItsHandlerRan_withoutACaptureList() async {
        let store = TestStore(reducer: appReducer, state: AppState(), middleware: [greetingRunEffects.middleware])
        store.dependencies.greeter = Greeter(greet: { "mock \($0)" })
        await store.send(Greet(name: "off main"))
        await store.receive(SetTitle(title: "mock off main")) { $0.title = "mock off main" }
        await store.finish()
    }

    @Test func aDependencyReadOffTheMainActor_isTheOneInForceWhereItWasDeclared() async {
        let inside = withDependencies { $0.greeter = Greeter(greet: { "block \($0)" }) } operation: {
            @Dependency(\.greeter) var greeter
            return Task.detached { greeter.greet("d") }
        }
        @Dependency(\.greeter) var outside
        let outsideTask = Task.detached { outside.greet("d") }
        #expect(await inside.value == "block d")
        #expect(await outsideTask.value == "test d")
    }

    @Test func aReactorMadeInABlock_keepsItsOverrides_andAHostingsOwnWinOverThem() {
        let reactor = withDependencies { $0.greeter = Greeter(greet: { "block \($0)" }) } operation: {
            GreetingReactor()
        }
        reactor.action.send(.greet("after"))
        #expect(reactor.currentState.greeting == "block after")
        let store = Store(reducer: appReducer.scope(\Hosting.app), state: Hosting())
        store.host(reactor, at: \.greeting.reactorState) { $0.greeter = Greeter(greet: { "own \($0)" }) }
        reactor.action.send(.greet("hosted"))
        #expect(store.state.greeting == "own hosted")
    }

    @Test func anUnoverriddenTestDependency_failsTheTest_namingIt() async {
        let store = TestStore(reducer: appReducer, state: AppState())
        withKnownIssue {
            @Dependency(\.liveOnly) var liveOnly
            #expect(liveOnly.greet("q") == "live only q")  // the live value, after the failure
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("LiveOnlyKey") && $0.rawValue.contains("Greeter") }
        }
        await store.finish()
    }
}

extension String {
    /// A greeting as a hosted reactor's state: the slice `GreetingReactor` reduces.
    fileprivate var reactorState: GreetingReactor.State {
        get { GreetingReactor.State(greeting: self) }
        set { self = newValue.greeting }
    }
}
