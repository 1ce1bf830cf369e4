import ReflowCore

import Reflow

/// How tests settle effects where no task executor can be preferred (before macOS 15 and
/// iOS 18): effect work runs on the global pool, as in production, and is counted.
///
/// Reflow tells it when each piece of effect work starts and ends; a ``TestClock`` tells it
/// when effect work falls asleep on it and is woken. Effect work has run as far as it can
/// when every piece that is alive is asleep on a test clock: ``settle()`` yields the main
/// actor until then, and no longer. Work that waits on something else (another actor, the
/// main actor, a continuation) is given turns until the counts stop changing (for
/// ``quietRounds`` yields and ``quietTime``): work waiting
/// on the main actor then runs, since settling yields the main actor; work waiting on the
/// outside world (real I/O) is left waiting, as the executor path leaves it, and
/// `TestStore.receive` waits for it in real time.
///
/// What differs from the executor path: effects started together run at the same time until
/// each reaches its first sleep, as in production, so sends they make before it may arrive
/// in either order. From the first sleep on, the clock orders them: sleepers with one
/// deadline wake in the order their work started or was last woken (the executor path's
/// order), and each woken effect runs to its next sleep before the next one wakes.
final class CountedWork: EffectWorkObserver {
    struct Counts: Equatable {
        /// Pieces of effect work started and not yet ended.
        var alive = 0
        /// Of those, how many are asleep on a test clock.
        var asleep = 0
        /// Every start, end, sleep and wake so far: tells a quiet round from a busy one.
        var events = 0
        /// The last place in line given out (``nextOrder()``).
        var order = 0
    }

    /// Installed process-wide on first use, as Reflow's work observer.
    static let installed: CountedWork = {
        let counted = CountedWork()
        EffectExecution.workObserver = counted
        return counted
    }()

    /// How many yields in a row with unchanged counts, and for how long in real time, mean
    /// the work left waits on something outside the test rather than on the main actor or
    /// on a turn of the global pool.
    ///
    /// Both, because yields alone say nothing about the pool: with tests running in
    /// parallel on few cores, a started effect can wait longer for a thread than 64 yields
    /// of the main actor take, and time would then move before it fell asleep (seen as
    /// `TestClockModelTests` waking an effect two ticks late on a loaded 2-core machine).
    static let quietRounds = 64
    static let quietTime = Duration.milliseconds(100)

    private let state = LockedState(Counts())

    var counts: Counts { state.withLock { $0 } }

    /// Counts the work and gives it a ticket whose order is its start's place in line.
    func workWillStart() -> any Sendable {
        WorkTicket(order: state.withLock { counts in
            counts.alive += 1
            counts.events += 1
            return Self.nextOrder(&counts)
        })
    }

    func workDidEnd(_ ticket: any Sendable) {
        state.withLock { $0.alive -= 1; $0.events += 1 }
    }

    /// A place in line for effect work woken now, or for a sleeper that is not effect work:
    /// what orders sleepers with one deadline.
    func nextOrder() -> Int {
        state.withLock { Self.nextOrder(&$0) }
    }

    private static func nextOrder(_ counts: inout Counts) -> Int {
        counts.order += 1
        return counts.order
    }

    /// Effect work waits for an action (`Effect.waitFor`): asleep, as on a test clock.
    func workDidPark() { sleeperDidRegister() }

    /// Effect work that waited for an action was woken, or stopped waiting.
    func workDidUnpark() { sleeperDidLeave() }

    /// Effect work fell asleep on a test clock.
    func sleeperDidRegister() {
        state.withLock { $0.asleep += 1; $0.events += 1 }
    }

    /// An effect's sleeper was woken or cancelled.
    func sleeperDidLeave() {
        state.withLock { $0.asleep -= 1; $0.events += 1 }
    }

    /// Yields the main actor until all effect work is asleep on a test clock or ended, or
    /// nothing changed for ``quietRounds`` yields and ``quietTime``.
    @MainActor
    func settle() async {
        let clock = ContinuousClock()
        var quiet = 0
        var quietSince = clock.now
        var last = counts
        while true {
            if quiet < Self.quietRounds {
                await Task.yield()
            } else {
                // Past the yields, the main actor steps aside in real time, so that work
                // waiting for a thread of the pool gets one even when cores are few.
                try? await Task.sleep(for: .milliseconds(1))
            }
            let now = counts
            if now.asleep >= now.alive && now == last { return }
            if now == last {
                quiet += 1
            } else {
                quiet = 0
                quietSince = clock.now
            }
            if quiet >= Self.quietRounds && clock.now - quietSince >= Self.quietTime { return }
            last = now
        }
    }
}

/// The place in line of one piece of counted effect work: when it started, then when it
/// was last woken.
final class WorkTicket: Sendable {
    private let place: LockedState<Int>

    init(order: Int) {
        place = LockedState(order)
    }

    var order: Int {
        get { place.withLock { $0 } }
        set { place.withLock { $0 = newValue } }
    }
}
