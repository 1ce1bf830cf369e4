/// A clock that moves only when the test says so, to test `debounce`, `throttle` and
/// effect sleeps without waiting in real time.
///
/// ```swift
/// let clock = TestClock()
/// let subscription = query.signal.debounce(for: .milliseconds(300), clock: clock)
///     .subscribe { results.append($0) }
/// query.send("sw")
/// await clock.advance(by: .milliseconds(299))   // nothing yet
/// await clock.advance(by: .milliseconds(1))     // now "sw" arrives
/// ```
///
/// `advance(by:)` first lets pending tasks reach their `sleep`, then wakes each sleeper
/// whose deadline has come, in deadline order, letting each run before the next.
public final class TestClock: Clock, Sendable {
    /// A point in the test clock's time: the duration since it started.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Time since the clock was created.
        public var offset: Duration

        public init(offset: Duration = .zero) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Timeline {
        var now = Instant()
        var sleepers: [Sleeper] = []
        var nextID = 0
        /// Sleepers cancelled before they were registered.
        var cancelledIDs: Set<Int> = []
    }

    private let timeline = LockedState(Timeline())

    /// Creates a clock at time zero.
    public init() {}

    /// The current time; it changes only through ``advance(by:)`` and ``run()``.
    public var now: Instant { timeline.withLock { $0.now } }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on this clock right now.
    public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

    /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if
    /// the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = timeline.withLock { timeline -> Int in
            timeline.nextID += 1
            return timeline.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case sleep, wake, cancel }
                let start = timeline.withLock { timeline -> Start in
                    if timeline.cancelledIDs.remove(id) != nil { return .cancel }
                    if deadline <= timeline.now { return .wake }
                    timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .sleep
                }
                switch start {
                case .sleep: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let cancelled = timeline.withLock { timeline -> Sleeper? in
                guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else {
                    timeline.cancelledIDs.insert(id)  // not registered yet: refuse it when it is
                    return nil
                }
                return timeline.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline is reached.
    public func advance(by duration: Duration) async {
        precondition(duration >= .zero, "TestClock.advance(by:) needs a non-negative duration, got \(duration).")
        await Self.letPendingTasksRun()
        let target = now.advanced(by: duration)
        while let sleeper = nextSleeper(upTo: target) {
            let registered = timeline.withLock { $0.nextID }
            sleeper.continuation.resume()
            await letWokenTaskRun(untilSleepsAfter: registered)
        }
        await Self.letPendingTasksRun()
    }

    /// Moves time forward until no task sleeps on the clock.
    ///
    /// > Important: An effect that sleeps in a loop (a timer) never lets this return;
    /// > advance such effects with ``advance(by:)`` instead.
    public func run() async {
        await Self.letPendingTasksRun()
        while let deadline = timeline.withLock({ $0.sleepers.map(\.deadline).min() }) {
            await advance(by: Swift.max(.zero, now.duration(to: deadline)))
        }
    }

    /// The earliest sleeper due by `target`, removed, with the clock moved to its deadline;
    /// or `nil`, with the clock moved to `target` in the same critical section, so that no
    /// sleeper registered meanwhile is left behind in the past.
    private func nextSleeper(upTo target: Instant) -> Sleeper? {
        timeline.withLock { timeline in
            guard let index = timeline.sleepers.indices.min(by: { timeline.sleepers[$0].deadline < timeline.sleepers[$1].deadline }),
                  timeline.sleepers[index].deadline <= target else {
                timeline.now = Swift.max(timeline.now, target)
                return nil
            }
            let sleeper = timeline.sleepers.remove(at: index)
            timeline.now = Swift.max(timeline.now, sleeper.deadline)
            return sleeper
        }
    }

    /// Lets a woken task run until it sleeps again (a loop), or for a bounded while (a task
    /// that ends), so a periodic effect's next sleep counts from the time it woke at.
    private func letWokenTaskRun(untilSleepsAfter registered: Int) async {
        for round in 1...200 {
            if timeline.withLock({ $0.nextID }) != registered { break }
            await Self.yieldToOtherTasks(realPause: round.isMultiple(of: 20))
        }
        await Self.letPendingTasksRun()
    }

    /// Gives tasks on other executors (effect bodies) and the main actor a chance to run up
    /// to their next suspension. Yields alone are not enough on a busy machine, so a few
    /// short real pauses let other threads make progress too.
    static func letPendingTasksRun() async {
        for round in 1...30 {
            await yieldToOtherTasks(realPause: round.isMultiple(of: 10))
        }
    }

    private static func yieldToOtherTasks(realPause: Bool) async {
        await Task.detached { await Task.yield() }.value
        await Task.yield()
        if realPause { try? await Task.sleep(for: .microseconds(300)) }
    }
}
