import Foundation
import Testing
import Reflow
@testable import ReflowTesting

/// The path without task executors (macOS 14, iOS 17 and older; forced on Linux by
/// `REFLOW_TESTING_FALLBACK`, which CI sets for a second round of runs): effect work runs on
/// the global pool and is counted, and settling waits until it is all asleep or ended.
@MainActor
@Suite struct CountedWorkTests {
    @Test func theFallbackIsUsed_exactlyWhenForcedOrWithoutTaskExecutors() {
        let forced = ProcessInfo.processInfo.environment["REFLOW_TESTING_FALLBACK"] != nil
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            #expect(EffectWork.usesFallback == forced)
        } else {
            #expect(EffectWork.usesFallback)
        }
    }

    @Test(.enabled(if: EffectWork.usesFallback, "runs where effects are counted: set REFLOW_TESTING_FALLBACK=1"),
          arguments: 0..<20)
    func effectsThatSleepAndSend_settleAtEachSleep(round: Int) async {
        let clock = TestClock()
        let store = TestStore(reducer: Reducer<Ticks>.on(Tick.self) { state, tick in state.values.append(tick.value) },
                              state: Ticks())
        store.run(.run { send in
            for value in 1...3 {
                try await clock.sleep(for: .seconds(1))
                await send(Tick(value: value * 100 + round))
            }
        })
        await clock.settle()
        #expect(clock.sleeperCount == 1)
        #expect(CountedWork.installed.counts.asleep >= 1)
        for value in 1...3 {
            await clock.advance(by: .seconds(1))
            await store.receive(Tick(value: value * 100 + round)) { $0.values.append(value * 100 + round) }
        }
        await store.finish()
    }
}

private struct Ticks: Equatable {
    var values: [Int] = []
}

private struct Tick: Action, Equatable {
    var value: Int
}
