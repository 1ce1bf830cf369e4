import Dispatch
import Foundation
import Reflow

/// The effect work of tests, run where the test can see it: every job of every effect
/// Reflow starts goes through ``MainQueueExecutor`` onto the main queue, one at a time,
/// and is counted, so ``settle()`` knows when none is left to run.
///
/// Installed process-wide the first time a `TestClock` or `TestStore` is made, as The
/// Composable Architecture's test store makes effects serial: parallel tests then share
/// the main queue, which keeps each test's effects in a known order instead of racing
/// them on the global pool.
enum EffectWork {
    /// Whether this process drives effects without a task executor: on systems older than
    /// macOS 15 and iOS 18, or when `REFLOW_TESTING_FALLBACK` is set (CI sets it to run that
    /// path on Linux too).
    static let usesFallback: Bool = {
        if ProcessInfo.processInfo.environment["REFLOW_TESTING_FALLBACK"] != nil { return true }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { return false }
        return true
    }()

    /// Makes Reflow start effect work on the main queue executor from now on, or, where
    /// that is not possible, tell ``CountedWork`` of each piece of work.
    static func install() {
        if !usesFallback, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            _ = MainQueueExecutor.installed
        } else {
            _ = CountedWork.installed
        }
    }

    /// Runs effect work that is ready until none is: each effect has finished, or waits on
    /// a clock, a continuation or another actor.
    ///
    /// A job that ran may have queued work onto the main actor (an effect's `send`) that
    /// queues more effect work; so this returns only after a whole round in which no
    /// effect job was queued, running or run.
    @MainActor
    static func settle() async {
        guard !usesFallback, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            return await CountedWork.installed.settle()
        }
        let executor = MainQueueExecutor.installed
        var before: MainQueueExecutor.Counts
        repeat {
            before = executor.counts
            await Task.yield()
        } while !executor.counts.isIdle(since: before)
    }

    /// Runs `work` until it returns or `timeout` of real time has passed, whichever comes
    /// first; a bound for waits on things outside the test, never a way to let tasks run.
    ///
    /// - Returns: Whether `work` finished in time. If not, it goes on running.
    @MainActor
    static func wait(for timeout: Duration, _ work: @escaping @MainActor () async -> Void) async -> Bool {
        let outcome = LockedState<CheckedContinuation<Bool, Never>?>(nil)
        let finish: @Sendable (Bool) -> Void = { finished in
            outcome.withLock { continuation -> CheckedContinuation<Bool, Never>? in
                defer { continuation = nil }
                return continuation
            }?.resume(returning: finished)
        }
        return await withCheckedContinuation { continuation in
            outcome.withLock { $0 = continuation }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                finish(false)
            }
            Task { @MainActor in
                await work()
                timer.cancel()
                finish(true)
            }
        }
    }
}

/// A task executor that runs each job on the main queue, in the order jobs arrive, and
/// counts them.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class MainQueueExecutor: TaskExecutor {
    struct Counts: Equatable {
        /// Jobs handed to the main queue that have not started.
        var queued = 0
        /// Jobs running now.
        var running = 0
        /// Jobs that have run, ever.
        var finished = 0

        /// Whether no job is waiting or running and none ran since `earlier`.
        func isIdle(since earlier: Counts) -> Bool {
            queued == 0 && running == 0 && finished == earlier.finished
        }
    }

    /// The one executor, set as Reflow's preferred executor when first used.
    static let installed: MainQueueExecutor = {
        let executor = MainQueueExecutor()
        EffectExecution.preferredExecutor = executor
        return executor
    }()

    private let state = LockedState(Counts())

    var counts: Counts { state.withLock { $0 } }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.queued += 1 }
        DispatchQueue.main.async {
            self.state.withLock {
                $0.queued -= 1
                $0.running += 1
            }
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.state.withLock {
                $0.running -= 1
                $0.finished += 1
            }
        }
    }
}
