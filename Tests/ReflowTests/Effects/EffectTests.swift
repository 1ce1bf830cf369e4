import Foundation
import Testing
import Reflow
import ReflowCore
import ReflowTesting

@MainActor
@Suite struct EffectTests {
    @Test func just_andConcatOfSynchronous_deliverBeforeRunReturns() {
        let store = makeStore()
        store.run(.concat([.just(Increment()), .just(Add(amount: 2)), .none]))
        #expect(store.state.count == 3)
        #expect(store.runningEffectCount == 0)
    }

    @Test func run_bodyRunsOffTheMainActor_outputArrivesOnIt() async {
        let store = makeStore()
        // Production's scheduling: other tests in this process use a test clock, which
        // runs effect work on the main queue.
        let effect = Effect<any Action>.run { send in
            // The main actor's executor is the main queue: the body must not be on it.
            // (Checked without blocking the main thread, which other tests need.)
            let onMainQueue = MainQueueDetection.isOnMainQueue
            await send(SetTitle(title: onMainQueue ? "ran on the main queue" : "delivered"))
        }
        let handle: EffectHandle
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            handle = EffectExecution.withPreferredExecutor(nil) { store.run(effect) }
        } else {
            handle = store.run(effect)
        }
        await handle.finish()
        #expect(store.state.title == "delivered")
    }

    @Test func handle_canBeCancelled_outputAfterCancelIsDropped() async {
        let clock = TestClock()
        let store = makeStore()
        let handle = store.run(.run { send in
            try? await clock.sleep(for: .seconds(1))
            await send(Increment())  // sent after cancellation: dropped
        })
        handle.cancel()
        await clock.run()
        await handle.finish()
        #expect(store.state.count == 0)
    }

    @Test func concat_runsInOrder_merge_runsTogether() async {
        let clock = TestClock()
        let store = makeStore()
        var titles: [String] = []
        let subscription = store.subscribe(\.title) { titles.append($0) }
        let slow = Effect<any Action>.run { send in
            try await clock.sleep(for: .seconds(2))
            await send(SetTitle(title: "slow"))
        }
        let fast = Effect<any Action>.run { send in
            try await clock.sleep(for: .seconds(1))
            await send(SetTitle(title: "fast"))
        }
        let concat = store.run(.concat([slow, fast, .just(SetTitle(title: "end"))]))
        await clock.run()
        await concat.finish()
        #expect(titles == ["Untitled", "slow", "fast", "end"])
        titles.removeAll()
        let merged = store.run(.merge(slow, fast))
        await clock.run()
        await merged.finish()
        #expect(titles == ["fast", "slow"])
        _ = subscription
    }

    @Test func map_transformsOutputs() {
        let store = makeStore()
        store.run(Effect<Int>.just(5).map { Add(amount: $0) as any Action })
        #expect(store.state.count == 5)
    }

    @Test func cancelByID_stopsEffectsWithThatID() async {
        let clock = TestClock()
        let store = makeStore()
        let ticking = store.run(Effect<any Action>.run { send in
            while true {
                try await clock.sleep(for: .seconds(1))
                await send(Increment())
            }
        }.cancellable(id: "ticks"))
        await clock.advance(by: .seconds(2))
        store.run(.cancel(id: "ticks"))
        await ticking.finish()
        let count = store.state.count
        await clock.advance(by: .seconds(5))
        #expect(count == 2)
        #expect(store.state.count == 2)
        #expect(store.runningEffectCount == 0)
    }

    @Test func waitForEffects_awaitsEverythingRunning() async {
        let store = makeStore()
        store.run(.run { send in await send(Increment()) })
        store.run(.run { send in await send(Increment()) })
        await store.waitForEffects()
        #expect(store.state.count == 2)
    }
}

// MARK: - Fixtures

