// One dispatch of each kind the Architecture article counts, run with coverage: the
// counters are reset after the setup and written after the one dispatch, so the report
// lists only the source files that dispatch ran code in. Run by `.ci/walk-count`.
import Reflow
import ReflowDevtools
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if WALK_COUNT
// The coverage runtime's own functions; .ci/walk-count builds with coverage and this flag.
@_silgen_name("__llvm_profile_reset_counters") func resetCounters()
@_silgen_name("__llvm_profile_write_file") func writeProfile() -> Int32
#else
func resetCounters() {
    fatalError("WalkCount: built without coverage; run .ci/walk-count, which builds it with -profile-generate")
}
func writeProfile() -> Int32 { 0 }
#endif

struct Screen: Equatable { var title = ""; var count = 0 }
struct AppState: Equatable { var screen = Screen(); var counter = CounterReactor.State() }
struct Rename: Action { var title: String }

final class CounterReactor: Reactor {
    enum Action: Sendable { case increase }
    enum Mutation: Sendable { case increaseValue }
    struct State: Equatable, Sendable { var value = 0 }
    let initialState = State()
    func mutate(action: Action) -> Effect<Mutation> { .just(.increaseValue) }
    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        state.value += 1
        return state
    }
}

struct Props: Equatable { var title: String }
struct Actions { var rename: (String) -> Void }

/// Scoped to the slice it writes, as the Performance article recommends: the store then
/// knows that a rename leaves the hosted reactor's slice alone. `WALK_UNSCOPED` in the
/// environment counts the same walks with the reducer unscoped.
let scopedReducer = Reducer<Screen>.on(Rename.self) { screen, rename in screen.title = rename.title }.scope(\AppState.screen)
let unscopedReducer = Reducer<AppState>.on(Rename.self) { state, rename in state.screen.title = rename.title }
let reducer = getenv("WALK_UNSCOPED") == nil ? scopedReducer : unscopedReducer

@MainActor func walk(_ kind: String) {
    let store = Store(reducer: reducer, state: AppState())
    var kept: [AnyObject] = []
    var seen = 0
    let subscription = store.subscribe(\.screen.title) { _ in seen += 1 }
    var dispatchOnce: () -> Void = { store.dispatch(Rename(title: "x")) }
    switch kind {
    case "plain":
        break
    case "hosted":
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        kept.append(reactor)
    case "connected":
        let connection = Connection(store: store, mapStateToProps: { Props(title: $0.screen.title) },
                                    mapDispatchToActions: { dispatch in Actions(rename: { dispatch(Rename(title: $0)) }) })
        connection.bind(\.title) { _ in seen += 1 }
        connection.connect()
        kept.append(connection)
        dispatchOnce = { connection.actions.rename("x") }
    case "traced":
        let history = History<AppState>()
        history.isTracing = true
        history.attach(to: store)
        kept.append(history)
    case "everything", "everything-untraced":
        // The features at once: a hosted reactor, a connected binding and (unless
        // untraced) a tracing history at once, and one dispatch to the store.
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        let connection = Connection(store: store, mapStateToProps: { Props(title: $0.screen.title) },
                                    mapDispatchToActions: { dispatch in Actions(rename: { dispatch(Rename(title: $0)) }) })
        connection.bind(\.title) { _ in seen += 1 }
        connection.connect()
        kept += [reactor, connection]
        if kind == "everything" {
            let history = History<AppState>()
            history.isTracing = true
            history.attach(to: store)
            kept.append(history)
        }
    case "hosted-action":
        let reactor = CounterReactor()
        store.host(reactor, at: \.counter)
        kept.append(reactor)
        dispatchOnce = { reactor.action.send(.increase) }
    default:
        fatalError("walk: unknown kind \(kind)")
    }
    resetCounters()
    dispatchOnce()
    _ = writeProfile()
    // Ends here, before anything is released: the profile holds the dispatch alone.
    withExtendedLifetime((subscription, kept, seen)) { _exit(0) }
}

MainActor.assumeIsolated { walk(CommandLine.arguments.dropFirst().first ?? "plain") }
