import Testing
import ReflowReSwift

/// ReSwift middleware and ReSwift-Thunk, against the compatibility API.
@MainActor
@Suite struct MiddlewareTests {
    @Test func middleware_runsInOrder_firstSeesActionsFirst_andSeesTheState() {
        var log: [String] = []
        func tagging(_ tag: String) -> ReflowReSwift.Middleware<CounterState> {
            { _, getState in
                { next in
                    { action in
                        log.append("\(tag) before \(getState()?.count ?? -1)")
                        next(action)
                        log.append("\(tag) after \(getState()?.count ?? -1)")
                    }
                }
            }
        }
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil, middleware: [tagging("a"), tagging("b")])
        store.dispatch(Increase())
        #expect(log == ["a before 0", "b before 0", "b after 1", "a after 1"])
    }

    @Test func middleware_canDropRewriteAndDispatch_andDispatchEntersTheWholeChain() {
        var seenByFirst: [String] = []
        let first: ReflowReSwift.Middleware<CounterState> = { _, _ in
            { next in { action in seenByFirst.append("\(type(of: action))"); next(action) } }
        }
        let second: ReflowReSwift.Middleware<CounterState> = { dispatch, _ in
            { next in
                { action in
                    switch action {
                    case is Noop: return                              // drop
                    case let add as Add where add.amount > 100: next(Add(amount: 100))  // rewrite
                    case let rename as Rename:
                        next(rename)
                        dispatch(Increase())                          // enters at `first`
                    default: next(action)
                    }
                }
            }
        }
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil, middleware: [first, second])
        store.dispatch(Noop())
        store.dispatch(Add(amount: 500))
        store.dispatch(Rename(title: "r"))
        #expect(store.state.count == 101)
        #expect(store.state.title == "r")
        #expect(seenByFirst == ["Noop", "Add", "Rename", "Increase"])
    }

    @Test func middleware_isBuiltOnce_soItsOwnStateLastsAcrossActions() {
        var counts: [Int] = []
        let counting: ReflowReSwift.Middleware<CounterState> = { _, _ in
            var seen = 0
            return { next in
                { action in
                    seen += 1
                    counts.append(seen)
                    next(action)
                }
            }
        }
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil, middleware: [counting])
        for _ in 0..<3 { store.dispatch(Increase()) }
        #expect(counts == [1, 2, 3])
    }

    @Test func thunk_runsWithDispatchAndGetState_andNeverReachesTheReducer() {
        var reduced: [String] = []
        let recordingReducer: ReflowReSwift.Reducer<CounterState> = { action, state in
            reduced.append("\(type(of: action))")
            return counterReducer(action: action, state: state)
        }
        let store = ReflowReSwift.Store(reducer: recordingReducer, state: CounterState(),
                                        middleware: [createThunkMiddleware()])
        store.dispatch(Thunk<CounterState> { dispatch, getState in
            if getState()?.count == 0 { dispatch(Add(amount: 3)) }
        })
        #expect(store.state.count == 3)
        #expect(reduced == ["Add"])
    }

    @Test func thunk_canDispatchLater_fromATask() async {
        let store = ReflowReSwift.Store(reducer: counterReducer, state: nil, middleware: [createThunkMiddleware()])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            store.dispatch(Thunk<CounterState> { dispatch, _ in
                Task {
                    await Task.yield()
                    dispatch(Rename(title: "later"))
                    done.resume()
                }
            })
        }
        #expect(store.state.title == "later")
    }
}
