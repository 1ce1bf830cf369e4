import Foundation

/// Where Reflow starts the asynchronous work of effects, timing operators and persistence.
///
/// By default that work starts on Swift's global concurrent executor, as a
/// `Task.detached` would. A test sets ``preferredExecutor`` to an executor it drives, so
/// that every piece of effect work runs when the test says: ReflowTesting's `TestClock`
/// and `TestStore` do this for you, which is what makes `advance(by:)` deterministic under
/// parallel testing.
///
/// The preference covers the work Reflow starts: ``Effect/run(_:)`` bodies and the
/// nonisolated code they call, the tails of ``Effect/concat(_:)-([Effect<Output>])``, the timers of
/// ``Signal/debounce(for:clock:)``, ``Signal/throttle(for:clock:latest:)`` and
/// ``StatePersistence``. Work that hops to another actor runs on that actor's executor, and
/// tasks you start yourself with `Task { }` are not covered.
public enum EffectExecution {
    /// The executor effect work prefers, or `nil` (the default) for the global concurrent
    /// executor. Read when each effect starts; changing it does not move running effects.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static var preferredExecutor: (any TaskExecutor)? {
        get { preference.value as? any TaskExecutor }
        set { preference.value = newValue }
    }

    /// Runs `operation` with effects it starts preferring `executor` instead of
    /// ``preferredExecutor``; `nil` means the global concurrent executor.
    ///
    /// For a test that needs production's scheduling in a process whose tests use a test
    /// clock, for example one that checks an effect's body does not block the main actor:
    ///
    /// ```swift
    /// EffectExecution.withPreferredExecutor(nil) {
    ///     store.run(.run { send in … })   // starts on the global concurrent executor
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - executor: The executor effects started inside `operation` prefer.
    ///   - operation: The work that starts effects; effects keep the preference after it returns.
    /// - Returns: What `operation` returns.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public static func withPreferredExecutor<T>(_ executor: (any TaskExecutor)?,
                                                operation: () throws -> T) rethrows -> T {
        try $scoped.withValue(Scoped(executor: executor), operation: operation)
    }

    private static let preference = Preference()

    /// A preference set for one task by ``withPreferredExecutor(_:operation:)``.
    private struct Scoped: Sendable {
        let executor: (any Sendable)?
    }

    @TaskLocal private static var scoped: Scoped?

    /// Told when each piece of effect work starts and ends, where no task executor can be
    /// preferred (before macOS 15 and iOS 18): ReflowTesting's test clock and test store
    /// then know when effect work has run as far as it can. `nil`, and free, otherwise.
    package static var workObserver: (any EffectWorkObserver)? {
        get { observer.value as? any EffectWorkObserver }
        set { observer.value = newValue }
    }

    private static let observer = Preference()

    /// Starts `operation` as a detached task on the preferred executor, if one is set; tells
    /// the work observer, if one is set, before it starts and after it ends.
    static func startDetached(priority: TaskPriority? = nil,
                              _ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
        guard let workObserver else { return startOnPreferredExecutor(priority: priority, operation) }
        let ticket = workObserver.workWillStart()
        return startOnPreferredExecutor(priority: priority) {
            await EffectWorkObservation.$ticket.withValue(ticket) { await operation() }
            workObserver.workDidEnd(ticket)
        }
    }

    private static func startOnPreferredExecutor(priority: TaskPriority?,
                                                 _ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
           let executor = (scoped.map(\.executor) ?? preference.value) as? any TaskExecutor {
            return Task.detached(executorPreference: executor, priority: priority, operation: operation)
        }
        return Task.detached(priority: priority, operation: operation)
    }

    /// Starts a timer: waits with `wait` on the preferred executor, then runs `fire` on
    /// the main actor unless the timer was cancelled meanwhile. Cancelling the returned
    /// task before `fire` runs means `fire` never runs, since both happen on the main actor.
    package static func startTimer(_ wait: @escaping @Sendable () async throws -> Void,
                           then fire: @escaping @MainActor () -> Void) -> Task<Void, Never> {
        startDetached {
            do { try await wait() } catch { return }
            await MainActor.run {
                guard !Task.isCancelled else { return }
                fire()
            }
        }
    }

    /// The timers of timing operators (debounce, throttle) that have neither fired nor
    /// ended: work that may still deliver a value, and so an action or a mutation. A test
    /// store waits for what it expects to receive while one is pending.
    @MainActor package private(set) static var pendingOperatorTimers = 0

    /// Starts a timing operator's timer, as ``startTimer(_:then:)``, counted in
    /// ``pendingOperatorTimers`` until it fired or ended.
    @MainActor
    package static func startOperatorTimer(_ wait: @escaping @Sendable () async throws -> Void,
                                           then fire: @escaping @MainActor () -> Void) -> Task<Void, Never> {
        pendingOperatorTimers += 1
        return startDetached {
            let waited: Bool
            do {
                try await wait()
                waited = true
            } catch {
                waited = false
            }
            await MainActor.run {
                pendingOperatorTimers -= 1
                guard waited, !Task.isCancelled else { return }
                fire()
            }
        }
    }

    /// The preferred executor, stored untyped (`TaskExecutor` is newer than the package's
    /// deployment targets) and read under a lock, since tests set it from any thread.
    private final class Preference: @unchecked Sendable {
        // @unchecked: `stored` is only touched with `lock` held.
        private let lock = NSLock()
        private var stored: (any Sendable)?

        var value: (any Sendable)? {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); defer { lock.unlock() }; stored = newValue }
        }
    }
}

/// Observes the effect work Reflow starts (see ``EffectExecution``): what ReflowTesting
/// counts to settle effects where it cannot prefer a task executor.
package protocol EffectWorkObserver: Sendable {
    /// Called on the caller's thread, before the work starts; what it returns is the work's
    /// ``EffectWorkObservation/ticket`` while it runs.
    func workWillStart() -> any Sendable
    /// Called on the work's task, after the work returned.
    func workDidEnd(_ ticket: any Sendable)
    /// Effect work waits for something only the main actor can bring (a `waitFor` effect's
    /// action): for settling, it is asleep, as work asleep on a test clock is.
    func workDidPark()
    /// The work parked by ``workDidPark()`` was woken, or stopped waiting.
    func workDidUnpark()
}

extension EffectWorkObserver {
    package func workDidPark() {}
    package func workDidUnpark() {}
}

/// What the work observer gave the effect work the current task runs, or `nil` when it
/// runs none (or no observer was set when it started).
package enum EffectWorkObservation {
    @TaskLocal package static var ticket: (any Sendable)?
}
