import Testing
import Reflow
import ReflowTesting

/// `Effects`: handlers declared by action type, run after the reducers with the state they
/// produced, composed and scoped as reducers are, installed as the store's last middleware.
@MainActor
@Suite struct EffectsByActionTests {
    /// What a handler saw: the action's amount and the count the reducers produced.
    private final class Seen { var calls: [String] = [] }

    @Test func aHandler_runsAfterTheReducers_andWhatItsEffectSendsComesBack() async {
        let seen = Seen()
        let effects = Effects<AppState>.on(Add.self) { action, state in
            seen.calls.append("add \(action.amount) after reducers: \(state.count)")
            return .run { send in await send(SetTitle(title: "added \(action.amount)")) }
        }
        let store = makeStore(middleware: [effects.middleware])
        store.dispatch(Add(amount: 2))
        #expect(seen.calls == ["add 2 after reducers: 2"])
        await store.waitForEffects()
        #expect(store.state.title == "added 2")
    }

    @Test func routing_isByExactType_andCombinedHandlersRunInOrder() {
        let seen = Seen()
        let first = Effects<AppState>.on(Increment.self) { _, _ in seen.calls.append("first"); return .none }
        let second = Effects<AppState>
            .on(Increment.self) { _, _ in seen.calls.append("second"); return .none }
            .on(SetTitle.self) { action, _ in seen.calls.append("title \(action.title)"); return .none }
        let store = makeStore(middleware: [Effects.combine(first, second).middleware])
        store.dispatch(Increment())
        store.dispatch(Add(amount: 1))           // no handler: nothing runs
        store.dispatch(SetTitle(title: "t"))
        #expect(seen.calls == ["first", "second", "title t"])
    }

    @Test func aScopedHandler_getsItsSlice() {
        struct Feature: Equatable { var app = AppState() }
        let seen = Seen()
        let effects = Effects<AppState>.on(Increment.self) { _, slice in
            seen.calls.append("count \(slice.count)")
            return .none
        }
        let store = Store(reducer: appReducer.scope(\Feature.app), state: Feature(),
                          middleware: [effects.scope(\Feature.app).middleware])
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen.calls == ["count 1", "count 2"])
    }

    @Test func cancelInFlight_theLatestActionWins() async {
        let clock = TestClock()
        let effects = Effects<AppState>.on(Add.self) { action, _ in
            Effect<any Action>.run { send in
                try await clock.sleep(for: .seconds(1))
                await send(SetTitle(title: "result of \(action.amount)"))
            }
            .cancellable(id: "add", cancelInFlight: true)
        }
        let store = makeStore(middleware: [effects.middleware])
        store.dispatch(Add(amount: 1))
        await clock.advance(by: .milliseconds(500))
        store.dispatch(Add(amount: 2))           // cancels the first
        await clock.advance(by: .seconds(1))
        await store.waitForEffects()
        #expect(store.state.title == "result of 2")
    }

    @Test func debounce_startsOnlyAfterAQuietPeriod() async {
        let clock = TestClock()
        let effects = Effects<AppState>.on(SetUser.self) { action, _ in
            Effect<any Action>.run { send in await send(Append(value: action.name?.count ?? 0)) }
                .debounce(id: "search", for: .milliseconds(300), clock: clock)
        }
        let store = makeStore(middleware: [effects.middleware])
        for name in ["s", "sw", "swi"] {
            store.dispatch(SetUser(name: name))
            await clock.advance(by: .milliseconds(100))
        }
        #expect(store.state.items.isEmpty)        // each new query restarted the wait
        await clock.advance(by: .milliseconds(300))
        await store.waitForEffects()
        #expect(store.state.items == [3])         // one search, for the last query
    }

    @Test func throttle_theFirstOfABurstStarts_andOthersWithinTheWindowAreDropped() async {
        let clock = TestClock()
        let effects = Effects<AppState>.on(Add.self) { action, _ in
            Effect<any Action>.run { send in await send(Append(value: action.amount)) }
                .throttle(id: "refresh", for: .seconds(1), clock: clock)
        }
        let store = makeStore(middleware: [effects.middleware])
        store.dispatch(Add(amount: 1))            // opens the window
        await clock.settle()
        #expect(store.state.items == [1])
        store.dispatch(Add(amount: 2))            // inside it: dropped
        await clock.advance(by: .milliseconds(999))
        store.dispatch(Add(amount: 3))            // still inside it: dropped
        await clock.advance(by: .milliseconds(1))  // the window closes
        store.dispatch(Add(amount: 4))            // starts, and opens a new window
        await clock.advance(by: .milliseconds(500))
        store.dispatch(Add(amount: 5))            // inside the new one: dropped
        await clock.advance(by: .seconds(1))
        await store.waitForEffects()
        #expect(store.state.items == [1, 4])
    }

    @Test func throttle_aLongEffectDoesNotHoldTheWindowOpen_andCancelByIDStopsIt() async {
        let clock = TestClock()
        let effects = Effects<AppState>
            .on(Add.self) { action, _ in
                Effect<any Action>.run { send in
                    try await clock.sleep(for: .seconds(10))
                    await send(Append(value: action.amount))
                }
                .throttle(id: "load", for: .seconds(1), clock: clock)
            }
            .on(SetTitle.self) { _, _ in .cancel(id: "load") }
        let store = makeStore(middleware: [effects.middleware])
        store.dispatch(Add(amount: 1))
        await clock.advance(by: .seconds(2))      // the window is over; the first still runs
        store.dispatch(Add(amount: 2))            // starts beside it
        store.dispatch(SetTitle(title: "stop"))   // cancels both loads
        await clock.advance(by: .seconds(20))
        await store.waitForEffects()
        #expect(store.state.items.isEmpty)
        #expect(store.runningEffectCount == 0)
    }

    @Test func waitFor_startsWhenTheActionArrives_withIt() async {
        let effects = Effects<AppState>.on(SetUser.self) { action, _ in
            Effect<any Action>.waitFor(Add.self) { added in
                .just(SetTitle(title: "\(action.name ?? "") added \(added.amount)"))
            }
            .cancellable(id: "checkout", cancelInFlight: true)
        }
        let store = TestStore(reducer: appReducer, state: AppState(), middleware: [effects.middleware])
        await store.send(SetUser(name: "ann")) { $0.user = "ann" }
        await store.send(Increment()) { $0.count = 1 }     // not the action it waits for
        #expect(store.store.runningEffectCount == 1)
        await store.send(Add(amount: 5)) { $0.count = 6 }
        await store.receive(SetTitle(title: "ann added 5")) { $0.title = "ann added 5" }
        await store.send(Add(amount: 1)) { $0.count = 7 }  // the wait is over: nothing more
        await store.finish()
    }

    @Test func waitFor_isCancelledByID_andThenIgnoresTheAction() async {
        let effects = Effects<AppState>
            .on(SetUser.self) { _, _ in
                Effect<any Action>.waitFor(Add.self) { _ in .just(SetTitle(title: "shipped")) }
                    .cancellable(id: "checkout")
            }
            .on(Increment.self) { _, _ in .cancel(id: "checkout") }
        let store = TestStore(reducer: appReducer, state: AppState(), middleware: [effects.middleware])
        await store.send(SetUser(name: "bob")) { $0.user = "bob" }
        await store.send(Increment()) { $0.count = 1 }     // cancels the wait
        await store.store.waitForEffects()
        await store.send(Add(amount: 2)) { $0.count = 3 }  // nobody waits: nothing received
        await store.finish()
    }

    @Test func waitFor_manyWaitersInAConcat_eachGetTheirOwn() async throws {
        let clock = TestClock()  // first: effects started after it run on the executor it drives
        let store = makeStore()
        for index in 0..<200 {
            store.run(.concat([
                .waitFor(Add.self) { added in .just(Append(value: added.amount * 1_000 + index)) },
                .waitFor(SetTitle.self) { _ in .just(Append(value: -index)) },
            ]))
        }
        await clock.settle()
        store.dispatch(Add(amount: 1))
        await clock.settle()
        #expect(store.state.items.count == 200)
        #expect(Set(store.state.items) == Set((0..<200).map { 1_000 + $0 }))
        // Each concat goes on to its second wait in steps between the main actor and its
        // executor, and a task goes back to its executor through a thread of the global
        // pool, which settling does not see: in a parallel run it has returned before every
        // concat got there (a title sent then was missed by some, and they waited forever).
        // Wait for the 200 waits and their 200 concats by what the store counts, bounded.
        var rounds = 0
        while store.runningEffectCount < 400, rounds < 10_000 {
            await clock.settle()
            rounds += 1
        }
        try #require(store.runningEffectCount == 400, "the concats did not all reach their second wait")
        store.dispatch(SetTitle(title: "go"))
        await store.waitForEffects()
        #expect(Set(store.state.items.dropFirst(200)) == Set((0..<200).map { -$0 }))
        #expect(store.runningEffectCount == 0)
    }

    @Test func aTestStore_receivesWhatTheEffectsSend() async {
        let effects = Effects<AppState>.on(Increment.self) { _, state in
            .run { send in await send(SetTitle(title: "count \(state.count)")) }
        }
        let store = TestStore(reducer: appReducer, state: AppState(), middleware: [effects.middleware])
        await store.send(Increment()) { $0.count = 1 }
        await store.receive(SetTitle(title: "count 1")) { $0.title = "count 1" }
        await store.finish()
    }
}
