/// The running effects of one owner (a store or a reactor): which tasks run, under which
/// cancellation ids, and how to start new ones.
@MainActor
package final class EffectRegistry {
    /// Every effect task that has not ended, cancelled ones included.
    private var running: [Int: Task<Void, Never>] = [:]
    /// The tasks of `running` cancelled by id (or all at once), still winding down: their
    /// outputs are dropped, so they no longer count as running.
    private var cancelled: Set<Int> = []
    private var tokensByID: [EffectID: Set<Int>] = [:]
    private var nextToken = 0

    /// How a `waitFor` effect hears of its action: the owning store routes actions of a type
    /// to `arrived` until the returned closure is called. `nil` for a registry with no
    /// store (a reactor's).
    package var actionArrivals: (@MainActor (_ type: ObjectIdentifier, _ owner: ObjectIdentifier,
                                             _ arrived: @escaping @MainActor (any Action) -> Void) -> @MainActor () -> Void)?

    package init() {}

    /// The number of effects started and still running: neither ended nor cancelled.
    package var runningCount: Int { running.count - cancelled.count }

    /// Starts `effect`; synchronous parts deliver before this returns.
    ///
    /// - Returns: The tasks started for its asynchronous parts.
    @discardableResult
    package func launch<Output>(_ effect: Effect<Output>, ids: [EffectID] = [],
                        deliver: @escaping @MainActor (Output) -> Void) -> [Task<Void, Never>] {
        switch effect.operation {
        case .none:
            return []
        case .output(let output):
            deliver(output)
            return []
        case .deferred(let make):
            return launch(make(), ids: ids, deliver: deliver)
        case .outputs(let outputs):
            for output in outputs { deliver(output) }
            return []
        case .run(let body):
            let token = reserveToken()
            // Detached: the body must start off the main actor, not just continue there.
            // The task's last step, on the main actor, takes it off the books: whoever
            // awaits the task sees the counts already updated.
            let task = EffectExecution.startDetached(priority: Task.currentPriority) { [weak self] in
                await Self.runBody(body, deliver: deliver)
                await self?.finished(token, ids: ids)
            }
            track(task, token: token, ids: ids)
            return [task]
        case .merge(let effects):
            return effects.flatMap { launch($0, ids: ids, deliver: deliver) }
        case .concat(let effects):
            var tasks: [Task<Void, Never>] = []
            var rest = effects[...]
            while let next = rest.first {
                let effect = next.madeIfDeferred()
                guard effect.isSynchronous else {
                    rest[rest.startIndex] = effect
                    break
                }
                tasks += launch(effect, ids: ids, deliver: deliver)
                rest = rest.dropFirst()
            }
            guard !rest.isEmpty else { return tasks }
            // Outputs need not be `Sendable`: the tail is only read on the main actor.
            let remaining = Array(rest).map { MainActorBound($0) }
            let token = reserveToken()
            // Detached onto the preferred executor, like a body, so that tests drive it.
            let task = EffectExecution.startDetached(priority: Task.currentPriority) { [weak self] in
                for effect in remaining {
                    guard let self, !Task.isCancelled else { break }
                    await self.perform(effect, ids: ids, deliver: deliver)
                }
                await self?.finished(token, ids: ids)
            }
            track(task, token: token, ids: ids)
            return tasks + [task]
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancel(id: id) }
            return launch(inner, ids: ids + [id], deliver: deliver)
        case .cancel(let id):
            cancel(id: id)
            return []
        case .unlessRunning(let id, let inner):
            guard tokensByID[id] == nil else { return [] }
            return launch(inner, ids: ids, deliver: deliver)
        case .waitFor(let type, let make):
            guard let actionArrivals else {
                fatalError("""
                    Reflow: Effect.waitFor(_:then:) runs in a store's effects (store.run, Effects, \
                    a middleware's context.run); a reactor's mutate cannot wait for a store's action.
                    """)
            }
            // The action is handled where it arrives, on the main actor, right after the
            // notification that followed it (as an `Effects` handler is): what `make` makes
            // starts there, deterministically. The task only keeps the effect running (for
            // its ids, the counts and a concat's order) until then, and then awaits what was
            // started; cancelling it stops the wait.
            let token = reserveToken()
            var started: AsyncStream<[Task<Void, Never>]>.Continuation!
            let starts = AsyncStream<[Task<Void, Never>]>(bufferingPolicy: .bufferingOldest(1)) { started = $0 }
            let listener = ActionListener()
            listener.park()
            listener.stop = actionArrivals(type, ObjectIdentifier(listener)) { [weak self, started] action in
                listener.stopListening()  // one action, once
                listener.unpark()
                guard let self, running[token] != nil, !cancelled.contains(token) else { return started!.finish() }
                started!.yield(launch(make(action), ids: ids, deliver: deliver))
                started!.finish()
            }
            let task = EffectExecution.startDetached(priority: Task.currentPriority) { [weak self] in
                var iterator = starts.makeAsyncIterator()
                if let children = await iterator.next() {  // `nil` once the wait was cancelled
                    await withTaskCancellationHandler {
                        for child in children { await child.value }
                    } onCancel: {
                        for child in children { child.cancel() }
                    }
                } else {
                    await listener.stopListening()
                    await listener.unpark()
                }
                await self?.finished(token, ids: ids)
            }
            track(task, token: token, ids: ids)
            return [task]
        }
    }

    /// Runs `effect` to its end inside an effect task (the tail of a `concat`).
    ///
    /// The effect comes bound to the main actor: its outputs need not be `Sendable`, and it
    /// is read only here. One main-actor call per step of the tail, not two: `TestClock`
    /// settles by counting effect jobs, and a second level of main-actor call delays the
    /// tail's hop back to its executor past a settle (the README's counter then misses its
    /// last mutation).
    private func perform<Output>(_ bound: MainActorBound<Effect<Output>>, ids: [EffectID],
                                 deliver: @escaping @MainActor (Output) -> Void) async {
        let effect = bound.isolatedValue
        switch effect.operation {
        case .run(let body):
            await Self.runBody(body, deliver: deliver)
        case .concat(let effects):
            for effect in effects {
                guard !Task.isCancelled else { return }
                await perform(MainActorBound(effect), ids: ids, deliver: deliver)
            }
        case .merge, .cancellable, .unlessRunning:
            // Child tasks, registered so that their ids can cancel them, awaited here so the
            // concat goes on only when they are done; cancelling the concat cancels them.
            let children = launch(effect, ids: ids, deliver: deliver)
            await withTaskCancellationHandler {
                for child in children { await child.value }
            } onCancel: {
                for child in children { child.cancel() }
            }
        case .deferred(let make):
            await perform(MainActorBound(make()), ids: ids, deliver: deliver)
        case .none, .output, .outputs, .cancel:
            launch(effect, ids: ids, deliver: deliver)
        case .waitFor:
            // Its own task, awaited here (see `.merge` above).
            let children = launch(effect, ids: ids, deliver: deliver)
            await withTaskCancellationHandler {
                for child in children { await child.value }
            } onCancel: {
                for child in children { child.cancel() }
            }
        }
    }

    nonisolated private static func runBody<Output>(_ body: @Sendable (Send<Output>) async throws -> Void,
                                        deliver: @escaping @MainActor (Output) -> Void) async {
        do {
            let deliver = MainActorBound(deliver)
            try await body(Send { deliver.isolatedValue($0) })
        } catch is CancellationError {
            // Cancellation is how effects end early; not a failure.
        } catch {
            if !Task.isCancelled { await EffectErrors.handler(error) }
        }
    }

    /// Cancels every effect running under `id`.
    func cancel(id: EffectID) {
        guard let tokens = tokensByID.removeValue(forKey: id) else { return }
        for token in tokens {
            guard let task = running[token] else { continue }
            task.cancel()
            cancelled.insert(token)
        }
        checkInvariants()
    }

    /// Cancels every running effect (the owner is going away, or a test ends).
    package func cancelAll() {
        for (token, task) in running {
            task.cancel()
            cancelled.insert(token)
        }
        checkInvariants()
    }

    /// Waits until no effect task is left, cancelled ones included, and ones started
    /// meanwhile.
    package func waitUntilIdle() async {
        while let task = running.values.first {
            await task.value  // its last step took it off the books
        }
    }

    deinit {
        for task in running.values { task.cancel() }
    }

    private func reserveToken() -> Int {
        defer { nextToken += 1 }
        return nextToken
    }

    /// Puts a task on the books. It cannot have finished yet: its last step needs the main
    /// actor, which this call holds.
    private func track(_ task: Task<Void, Never>, token: Int, ids: [EffectID]) {
        running[token] = task
        for id in ids { tokensByID[id, default: []].insert(token) }
        checkInvariants()
    }

    /// Checks that every cancellation id names only running effects and none is kept
    /// empty. Compiles to nothing unless `REFLOW_INTERNAL_CHECKS` is set.
    private func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        for (id, tokens) in tokensByID {
            precondition(!tokens.isEmpty && tokens.allSatisfy { running[$0] != nil },
                         "EffectRegistry: id \(id) names effects that are not running")
        }
        precondition(cancelled.allSatisfy { running[$0] != nil }, "EffectRegistry: a cancelled effect that ended is kept")
        #endif
    }

    private func finished(_ token: Int, ids: [EffectID]) {
        running[token] = nil
        cancelled.remove(token)
        for id in ids {
            tokensByID[id]?.remove(token)
            if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
        }
        checkInvariants()
    }
}

/// A `waitFor` effect's route: its identity is the route's owner, and it holds how to
/// remove the route. The route keeps it until then, so that no other object takes its
/// identity while the route exists.
@MainActor
private final class ActionListener {
    var stop: (@MainActor () -> Void)?
    /// Whether the work observer counts the effect as asleep (see `park()`).
    private var isParked = false

    func stopListening() {
        stop?()
        stop = nil
    }

    /// Tells the work observer (ReflowTesting's, where it counts effect work) that the
    /// effect waits for an action, which only the main actor brings: settling need not
    /// wait for it.
    func park() {
        isParked = true
        EffectExecution.workObserver?.workDidPark()
    }

    /// The action arrived, or the wait was cancelled: the effect is awake.
    func unpark() {
        guard isParked else { return }
        isParked = false
        EffectExecution.workObserver?.workDidUnpark()
    }
}
