import ReflowCore

import Reflow

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
/// `advance(by:)` first lets started effects reach their `sleep`, then wakes each sleeper
/// whose deadline has come, in deadline order, letting each run before the next. Making a
/// test clock routes the effect work Reflow starts through the main queue, one job at a
/// time (see `EffectExecution`), so this holds when tests run in parallel too.
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
        /// Effect work counted by ``CountedWork`` (the path without task executors).
        let ticket: WorkTicket?
        /// Ranks sleepers with one deadline: the order they went to sleep, or on the path
        /// without task executors the order their work started or was last woken.
        let rank: Int

        /// Tells ``CountedWork`` that this sleeper was woken or cancelled.
        func left(woken: Bool) {
            guard let ticket else { return }
            if woken { ticket.order = CountedWork.installed.nextOrder() }
            CountedWork.installed.sleeperDidLeave()
        }
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
    public init() {
        EffectWork.install()
    }

    /// The current time; it changes only through ``advance(by:)`` and ``run()``.
    public var now: Instant { timeline.withLock { $0.now } }

    /// The clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on this clock right now.
    public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

    /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if
    /// the task is cancelled first.
    ///
    /// - Parameters:
    ///   - deadline: When to wake; a deadline already reached returns at once.
    ///   - tolerance: Ignored: the test clock wakes sleepers exactly at their deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        // Counted effect work (the path without task executors; see CountedWork).
        let ticket = EffectWork.usesFallback ? EffectWorkObservation.ticket as? WorkTicket : nil
        try await park(until: deadline, ticket: ticket)
    }

    /// Registers a sleeper until `deadline` and suspends until it is woken or cancelled.
    private func park(until deadline: Instant, ticket: WorkTicket?) async throws {
        let id = timeline.withLock { timeline -> Int in
            timeline.nextID += 1
            return timeline.nextID
        }
        let rank = ticket?.order ?? (EffectWork.usesFallback ? CountedWork.installed.nextOrder() : id)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case sleep, wake, cancel }
                let start = timeline.withLock { timeline -> Start in
                    if timeline.cancelledIDs.remove(id) != nil { return .cancel }
                    if deadline <= timeline.now { return .wake }
                    timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation,
                                                     ticket: ticket, rank: rank))
                    if ticket != nil { CountedWork.installed.sleeperDidRegister() }
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
            cancelled?.left(woken: false)
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline is reached.
    ///
    /// First runs the effect work that is ready (see ``settle()``), so an effect that was
    /// started but has not reached its `sleep` yet is asleep before time moves. Then wakes
    /// sleepers one at a time in deadline order, the clock reading each one's deadline, and
    /// lets each run until it waits again before waking the next: a periodic effect that
    /// sleeps again is woken again if its next deadline is also due.
    ///
    /// Deterministic for work Reflow starts (effects, timing operators, persistence), also
    /// when tests run in parallel. A task you start yourself with `Task { }` is not driven;
    /// start it as an effect (`store.run(.run { … })`) instead.
    ///
    /// - Parameter duration: How far to move; must not be negative.
    @MainActor
    public func advance(by duration: Duration) async {
        guard duration >= .zero else {
            fatalError("TestClock.advance(by:) needs a non-negative duration, got \(duration).")
        }
        await settle()
        let target = now.advanced(by: duration)
        while let sleeper = nextSleeper(upTo: target) {
            sleeper.left(woken: true)
            sleeper.continuation.resume()
            await settle()
        }
    }

    /// Moves time forward until no task sleeps on the clock.
    ///
    /// > Important: An effect that sleeps in a loop (a timer) never lets this return;
    /// > advance such effects with ``advance(by:)`` instead.
    @MainActor
    public func run() async {
        await settle()
        while let deadline = timeline.withLock({ $0.sleepers.map(\.deadline).min() }) {
            await advance(by: Swift.max(.zero, now.duration(to: deadline)))
        }
    }

    /// Runs the effect work that is ready, without moving time, until every effect has
    /// finished or waits: on a clock, a continuation, or another actor.
    ///
    /// ``advance(by:)`` and `TestStore`'s `send` do this themselves; call it where a test
    /// starts effects some other way and needs them to have reached their first wait.
    @MainActor
    public func settle() async {
        await EffectWork.settle()
    }

    /// The earliest sleeper due by `target`, removed, with the clock moved to its deadline;
    /// or `nil`, with the clock moved to `target` in the same critical section, so that no
    /// sleeper registered meanwhile is left behind in the past.
    private func nextSleeper(upTo target: Instant) -> Sleeper? {
        timeline.withLock { timeline in
            guard let index = timeline.sleepers.indices.min(by: {
                      let (a, b) = (timeline.sleepers[$0], timeline.sleepers[$1])
                      return (a.deadline, a.rank) < (b.deadline, b.rank)
                  }),
                  timeline.sleepers[index].deadline <= target else {
                timeline.now = Swift.max(timeline.now, target)
                return nil
            }
            let sleeper = timeline.sleepers.remove(at: index)
            timeline.now = Swift.max(timeline.now, sleeper.deadline)
            return sleeper
        }
    }
}
