import Dispatch
import Testing
import ReflowReSwift

// A ReSwift app's code in Swift 5 language mode, as old apps are written: a store in a
// global `let`, reducers that are methods of plain classes, curried middleware that keeps
// state, subscribers that are plain classes, and calls from nonisolated functions and
// background queues. Only the import differs from a ReSwift app. The tests themselves are
// nonisolated, so they run off the main thread, as code on a background queue does.

struct AppState: StateType, Equatable {
    var count = 0
    var title = "Untitled"
}

struct Increase: Action {}
struct Add: Action { var amount: Int }
struct Retitle: Action { var title: String }

/// A reducer that is a method of a class that is not `Sendable`, as ReSwift's test reducers are.
final class AppReducer {
    var calls = 0

    func handleAction(action: Action, state: AppState?) -> AppState {
        calls += 1
        var state = state ?? AppState()
        switch action {
        case is Increase: state.count += 1
        case let add as Add: state.count += add.amount
        case let retitle as Retitle: state.title = retitle.title
        default: break
        }
        return state
    }
}

func appReducer(action: Action, state: AppState?) -> AppState {
    AppReducer().handleAction(action: action, state: state)
}

/// ReSwift's README setup: the store in a global `let`, no isolation.
let mainStore = Store<AppState>(reducer: appReducer, state: nil)

/// A subscriber that is a plain class.
final class CountSubscriber: StoreSubscriber {
    var received: [Int] = []
    var onNewState: ((Int) -> Void)?
    func newState(state: Int) {
        received.append(state)
        onNewState?(state)
    }
}

final class StateSubscriber: StoreSubscriber {
    var received: [AppState] = []
    func newState(state: AppState) { received.append(state) }
}

/// Records the actions it sees; a middleware made by a curried function, as ReSwift apps
/// write them, that keeps a class (not `Sendable`) between its closures.
final class ActionLog {
    var names: [String] = []
}

func logging(into log: ActionLog, tag: String) -> Middleware<AppState> {
    return { dispatch, getState in
        return { next in
            return { action in
                log.names.append("\(tag):\(type(of: action))")
                next(action)
            }
        }
    }
}

/// Code generic over ReSwift's `StoreType`, as libraries on top of ReSwift write it.
func subscribeToCount<S: StoreType>(_ subscriber: CountSubscriber, on store: S) where S.State == AppState {
    store.subscribe(subscriber) { $0.select { $0.count } }
}

/// A store subclass, as apps that add conveniences write it. A store is `Sendable` (a global
/// store is used from any thread), so a subclass restates it, and keeps its own state on
/// the main thread, where the store calls `dispatch` from.
final class CountingStore: Store<AppState>, @unchecked Sendable {
    var dispatched = 0

    override func dispatch(_ action: Action) {
        dispatched += 1
        super.dispatch(action)
    }
}

/// Runs `body` on a background queue and waits for it, as a callback on another thread.
func onBackgroundQueue(_ body: @escaping () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            body()
            done.resume()
        }
    }
}

/// Nonisolated code, as a ReSwift app's is: it reads, dispatches and reads again.
func bumpTheMainStore() -> (before: Int, after: Int) {
    let before = mainStore.state.count
    mainStore.dispatch(Increase())
    mainStore.dispatch(Add(amount: 2))
    return (before, mainStore.state.count)
}

// The tests run on the main actor, where an app's UI code calls the store; calls from other
// threads run on GCD queues (`onBackgroundQueue`), as callbacks do, never on the cooperative
// pool, whose few threads a wait for the main thread would hold up.
@MainActor
@Suite(.serialized) struct ReSwiftAppTests {
    @Test func globalStore_madeLazily_usedFromNonisolatedCode() {
        let (before, after) = bumpTheMainStore()
        #expect(after == before + 3)
    }

    @Test func storeMadeInANonisolatedFunction_withAMethodAsItsReducer() {
        let reducer = AppReducer()
        let store = Store<AppState>(reducer: reducer.handleAction, state: AppState())
        store.dispatch(Increase())
        #expect(store.state.count == 1)
        #expect(reducer.calls == 1)
    }

    @Test func subscribeFromNonisolatedCode_getsTheCurrentStateAtOnce_thenChanges() {
        let store = Store<AppState>(reducer: appReducer, state: AppState(count: 5))
        let subscriber = CountSubscriber()
        store.subscribe(subscriber) { $0.select(\.count) }
        #expect(subscriber.received == [5])
        store.dispatch(Increase())
        store.dispatch(Retitle(title: "same count"))       // equal count: skipped
        #expect(subscriber.received == [5, 6])
        store.unsubscribe(subscriber)
        store.dispatch(Increase())
        #expect(subscriber.received == [5, 6])
    }

    @Test func dispatchFromABackgroundQueue_hopsToTheMainThread_inOrder() async {
        let store = Store<AppState>(reducer: appReducer, state: AppState())
        let subscriber = StateSubscriber()
        store.subscribe(subscriber)
        var readThere = 0
        await onBackgroundQueue {
            store.dispatch(Add(amount: 1))
            store.dispatch(Add(amount: 10))
            store.dispatch(Add(amount: 100))
            // A read from this queue waits for the main thread, after the dispatches above.
            readThere = store.state.count
        }
        #expect(readThere == 111)
        #expect(subscriber.received.map(\.count) == [0, 1, 11, 111])
    }

    @Test func storeMadeOnABackgroundQueue_works() async {
        var made: Store<AppState>?
        await onBackgroundQueue {
            made = Store<AppState>(reducer: appReducer, state: nil, middleware: [])
        }
        let store = made!
        store.dispatch(Increase())
        #expect(store.state.count == 1)
    }

    @Test func genericCodeOverStoreType_skipsRepeatsOfAnEquatableSelection() {
        let store = Store<AppState>(reducer: appReducer, state: AppState())
        let subscriber = CountSubscriber()
        subscribeToCount(subscriber, on: store)
        store.dispatch(Retitle(title: "a"))
        store.dispatch(Retitle(title: "b"))
        #expect(subscriber.received == [0])
    }

    @Test func middleware_seeEveryAction_andCanBeReplacedLater() {
        let log = ActionLog()
        let store = Store<AppState>(reducer: appReducer, state: AppState(),
                                    middleware: [logging(into: log, tag: "first")])
        store.dispatch(Increase())
        store.middleware = [logging(into: log, tag: "second"), logging(into: log, tag: "third")]
        store.dispatch(Add(amount: 2))
        #expect(log.names == ["first:Increase", "second:Add", "third:Add"])
        #expect(store.middleware.count == 2)
        #expect(store.state.count == 3)
    }

    @Test func middlewareDispatchAndGetState_workFromABackgroundQueue() async {
        let seen = ActionLog()
        let delayed: Middleware<AppState> = { dispatch, getState in
            return { next in
                return { action in
                    next(action)
                    guard action is Increase else { return }
                    DispatchQueue.global().async {
                        seen.names.append("count \(getState()?.count ?? -1)")
                        dispatch(Add(amount: 10))
                    }
                }
            }
        }
        let store = Store<AppState>(reducer: appReducer, state: AppState(), middleware: [delayed])
        let subscriber = CountSubscriber()
        let counts = AsyncStream<Int> { continuation in subscriber.onNewState = { continuation.yield($0) } }
        store.subscribe(subscriber) { $0.select(\.count) }
        store.dispatch(Increase())
        for await count in counts where count == 11 { break }
        #expect(seen.names == ["count 1"])
        #expect(store.state.count == 11)
    }

    @Test func middlewareThatCallsNextLater_fromABackgroundQueue() async {
        let delaying: Middleware<AppState> = { dispatch, getState in
            return { next in
                return { action in
                    // The concrete action, a struct, is `Sendable`; `any Action` is not, as in ReSwift.
                    guard let add = action as? Add else { return next(action) }
                    DispatchQueue.global().async { next(add) }
                }
            }
        }
        let store = Store<AppState>(reducer: appReducer, state: AppState(), middleware: [delaying])
        let subscriber = CountSubscriber()
        let counts = AsyncStream<Int> { continuation in subscriber.onNewState = { continuation.yield($0) } }
        store.subscribe(subscriber) { $0.select(\.count) }
        store.dispatch(Add(amount: 5))
        store.dispatch(Increase())
        for await count in counts where count == 6 { break }
        // The delayed Add reaches the reducer whenever the background queue runs: before or
        // after the Increase. Either way both arrive, once each.
        #expect(subscriber.received == [0, 1, 6] || subscriber.received == [0, 5, 6])
    }

    @Test func middlewareSetAfterInit_alsoSeesActionsDispatchedToTheReflowStore() {
        let log = ActionLog()
        let store = Store<AppState>(reducer: appReducer, state: AppState())
        store.middleware = [logging(into: log, tag: "later")]
        store.reflowStore.dispatch(Increase())
        store.dispatch(Add(amount: 1))
        #expect(log.names == ["later:Increase", "later:Add"])
        #expect(store.state.count == 2)
    }

    @Test func storeSubclass_overridesDispatch() {
        let store = CountingStore(reducer: appReducer, state: nil)
        store.dispatch(Increase())
        store.dispatchFunction(Increase())
        #expect(store.dispatched == 2)
        #expect(store.state.count == 2)
    }

    @Test func thunk_withABodyThatCapturesAClass() {
        let log = ActionLog()
        let store = Store<AppState>(reducer: appReducer, state: AppState(), middleware: [createThunkMiddleware()])
        store.dispatch(Thunk<AppState> { dispatch, getState in
            log.names.append("before \(getState()?.count ?? -1)")
            dispatch(Add(amount: 4))
            log.names.append("after \(getState()?.count ?? -1)")
        })
        #expect(log.names == ["before 0", "after 4"])
    }

    @Test func theReflowStoreUnderneath_seesTheSameStates() {
        let store = Store<AppState>(reducer: appReducer, state: AppState())
        store.dispatch(Add(amount: 7))
        #expect(store.reflowStore.state.count == 7)
    }
}
