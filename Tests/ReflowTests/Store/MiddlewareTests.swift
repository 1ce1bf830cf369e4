import Testing
import Reflow

@MainActor
@Suite struct MiddlewareTests {
    @Test func middleware_runInArrayOrder_beforeReducer() {
        var log: [String] = []
        let store = makeStore(middleware: [
            Middleware { _, action, next in log.append("first"); next(action); log.append("first done") },
            Middleware { context, action, next in log.append("second sees \(context.state.count)"); next(action) },
        ])
        let subscription = store.subscribe(\.count) { log.append("state \($0)") }
        log.removeAll()
        store.dispatch(Increment())
        #expect(log == ["first", "second sees 0", "state 1", "first done"])
        _ = subscription
    }

    @Test func middleware_canSwallowAnAction() {
        let store = makeStore(middleware: [
            Middleware { _, action, next in if !(action is Increment) { next(action) } },
        ])
        store.dispatch(Increment())
        store.dispatch(Add(amount: 2))
        #expect(store.state.count == 2)
    }

    @Test func middleware_canRewriteAnAction() {
        let store = makeStore(middleware: [
            Middleware { _, action, next in next(action is Increment ? Add(amount: 10) : action) },
        ])
        store.dispatch(Increment())
        #expect(store.state.count == 10)
    }

    @Test func contextDispatch_entersTheWholeChain() {
        var seenByFirst: [String] = []
        let store = makeStore(middleware: [
            Middleware { _, action, next in seenByFirst.append("\(type(of: action))"); next(action) },
            Middleware { context, action, next in
                next(action)
                if action is Increment { context.dispatch(SetTitle(title: "incremented")) }
            },
        ])
        store.dispatch(Increment())
        #expect(seenByFirst == ["Increment", "SetTitle"])
        #expect(store.state.title == "incremented")
    }

    @Test func contextState_isCurrent_afterNext() {
        var after: [Int] = []
        let store = makeStore(middleware: [
            Middleware { context, action, next in next(action); after.append(context.state.count) },
        ])
        store.dispatch(Increment())
        store.dispatch(Add(amount: 3))
        #expect(after == [1, 4])
    }

    @Test func middleware_canDelayAnAction() async {
        let store = makeStore(middleware: [
            Middleware { _, action, next in
                guard action is Increment else { return next(action) }
                Task { @MainActor in next(action) }
            },
        ])
        store.dispatch(Increment())
        #expect(store.state.count == 0)
        while store.state.count == 0 { await Task.yield() }
        #expect(store.state.count == 1)
    }

    @Test func dispatchFromMiddlewareDuringNotification_isQueued() {
        var log: [String] = []
        let store = makeStore(middleware: [
            Middleware { context, action, next in
                log.append("mw \(type(of: action))")
                next(action)
            },
        ])
        let a = store.subscribe(\.count) { count in
            if count == 1 { store.dispatch(SetTitle(title: "x")) }
            log.append("sub count \(count)")
        }
        log.removeAll()
        store.dispatch(Increment())
        #expect(log == ["mw Increment", "sub count 1", "mw SetTitle"])
        _ = a
    }

    @Test func delayedActionAfterStoreReleased_isDropped() async {
        var next: Dispatch?
        weak var weakStore: Store<AppState>?
        do {
            let store = makeStore(middleware: [Middleware { _, action, rest in next = rest; _ = action }])
            weakStore = store
            store.dispatch(Increment())
        }
        #expect(weakStore == nil)
        next?(Increment())  // nothing left to change; must not crash
        #expect(next != nil)
    }
}
