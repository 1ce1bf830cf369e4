import Testing
import Reflow
import ReflowTesting

/// A store's effect count is exact: an effect is off the books when awaiting it returns,
/// and effects of reactors hosted in the store count too.
@MainActor
@Suite struct EffectCountTests {
    /// Bug: `runningEffectCount` sometimes read 1 just after `await handle.finish()`.
    @Test func runningEffectCount_isZeroAsSoonAsFinishReturns() async {
        let store = makeStore()
        for round in 0..<200 {
            let handle = store.run(.run { send in await send(Increment()) })
            await handle.finish()
            #expect(store.runningEffectCount == 0, "round \(round)")
        }
        #expect(store.state.count == 200)
    }

    /// Bug: a search that cancelled the one in flight counted 2 effects until the
    /// cancelled task wound down, and a test store's failure said "2 effect(s)".
    @Test func aCancelledEffect_stopsCounting_atOnce_andIsStillAwaited() async {
        let store = makeStore()
        let clock = TestClock()
        func search() -> Effect<any Action> {
            Effect<any Action>.run { send in
                try await clock.sleep(for: .seconds(1))
                await send(Increment())
            }
            .cancellable(id: "search", cancelInFlight: true)
        }
        store.run(search())
        #expect(store.runningEffectCount == 1)
        store.run(search())                      // cancels the first
        #expect(store.runningEffectCount == 1)
        store.run(.cancel(id: "search"))
        #expect(store.runningEffectCount == 0)
        store.run(search())
        store.cancelAllEffects()
        #expect(store.runningEffectCount == 0)
        await store.waitForEffects()             // the cancelled tasks ended too
        #expect(clock.sleeperCount == 0)
        #expect(store.state.count == 0)
    }

    @Test func runningEffectCount_ofAConcatTail_isZeroAfterFinish() async {
        let store = makeStore()
        let handle = store.run(.concat([
            .just(Increment()),
            .run { send in await send(Add(amount: 2)) },
            .run { send in await send(Add(amount: 3)) },
        ]))
        await handle.finish()
        #expect(store.runningEffectCount == 0)
        #expect(store.state.count == 6)
    }

    /// Bug: effects of hosted reactors were not counted.
    @Test func runningEffectCount_includesHostedReactors_andWaitForEffectsAwaitsThem() async {
        struct HostState: Equatable { var counter = CounterReactor.State() }
        let clock = TestClock()
        let store = Store(reducer: .empty, state: HostState())
        let reactor = CounterReactor(clock: clock)
        store.host(reactor, at: \.counter)
        #expect(store.runningEffectCount == 0)
        reactor.action.send(.increase)
        #expect(store.runningEffectCount == 1)
        #expect(store.state.counter.isLoading)
        await clock.advance(by: .milliseconds(500))
        await store.waitForEffects()
        #expect(store.runningEffectCount == 0)
        #expect(store.state.counter.value == 1)
        #expect(!store.state.counter.isLoading)
    }

    @Test func cancelAllEffects_cancelsHostedReactorsEffectsToo() async {
        struct HostState: Equatable { var counter = CounterReactor.State() }
        let clock = TestClock()
        let store = Store(reducer: .empty, state: HostState())
        let reactor = CounterReactor(clock: clock)
        store.host(reactor, at: \.counter)
        reactor.action.send(.increase)
        #expect(store.runningEffectCount == 1)
        store.cancelAllEffects()
        await store.waitForEffects()
        #expect(store.runningEffectCount == 0)
        #expect(store.state.counter.value == 0)
    }
}
