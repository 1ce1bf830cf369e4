import Testing
import Reflow
import ReflowTesting

/// `Thunk`: an action the store runs, with its dispatch and state, where a reducer would
/// get it; no middleware to install.
@MainActor
@Suite struct ThunkTests {
    @Test func aThunk_runsWithTheStoresDispatchAndState_andIsNotReduced() {
        var reduced: [String] = []
        let reducer = Reducer<AppState> { state, action in
            reduced.append("\(type(of: action))")
            appReducer.reduce(&state, action)
        }
        let store = Store(reducer: reducer, state: AppState(count: 4))
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        store.dispatch(Thunk<AppState> { dispatch, getState in
            let count = getState()?.count ?? 0
            dispatch(Add(amount: count))          // 4 + 4
            dispatch(SetTitle(title: "was \(count), now \(getState()?.count ?? 0)"))
        })
        #expect(store.state.count == 8)
        #expect(store.state.title == "was 4, now 8")
        #expect(reduced == ["Add", "SetTitle"])   // the thunk itself reached no reducer
        #expect(counts == [4, 8])                 // on subscribing, then for the Add alone
        subscription.cancel()
    }

    @Test func aThunk_passesThroughTheMiddlewareFirst() {
        var seen: [String] = []
        let logger = Middleware<AppState> { _, action, next in
            seen.append("\(action)")
            next(action)
        }
        let store = makeStore(middleware: [logger])
        store.dispatch(Thunk<AppState> { dispatch, _ in dispatch(Increment()) })
        #expect(seen == ["Thunk<AppState>", "Increment()"])
        #expect(store.state.count == 1)
    }

    @Test func aThunksDispatch_worksLater_fromATask() async {
        let clock = TestClock()
        let store = makeStore()
        store.dispatch(Thunk<AppState> { dispatch, getState in
            dispatch(SetTitle(title: "loading"))
            store.run(.run { send in
                try await clock.sleep(for: .seconds(1))
                dispatch(Append(value: 7))        // a Dispatch is callable anywhere
                await send(SetTitle(title: "done"))
            })
            #expect(getState()?.title == "loading")
        })
        await clock.advance(by: .seconds(1))
        await store.waitForEffects()
        #expect(store.state.items == [7])
        #expect(store.state.title == "done")
    }

    @Test func aThunkOfAnotherState_isNotRun() {
        struct Other {}
        var ran = false
        let store = makeStore()
        store.dispatch(Thunk<Other> { _, _ in ran = true })
        #expect(!ran)
        #expect(store.state == AppState())
    }

    @Test func aTestStore_runsAThunk_andReceivesWhatItDispatched() async {
        let store = TestStore(reducer: appReducer, state: AppState(count: 2))
        await store.send(Thunk<AppState> { dispatch, getState in
            dispatch(Add(amount: getState()?.count ?? 0))
        })
        await store.receive(Add(amount: 2)) { $0.count = 4 }
        await store.finish()
    }

    @Test func getState_isNilOnceTheStoreIsGone() {
        var getState: (@MainActor @Sendable () -> AppState?)?
        do {
            let store = makeStore(AppState(count: 3))
            store.dispatch(Thunk<AppState> { _, get in getState = get })
            #expect(getState?()?.count == 3)
        }
        #expect(getState?() == nil)
    }
}
