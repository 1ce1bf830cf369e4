extension Store {
    /// Runs an effect whose outputs are actions dispatched into this store (a thunk).
    ///
    /// Synchronous parts dispatch before this returns. Keep the handle to cancel the
    /// effect or to await its end, so tests never sleep:
    ///
    /// ```swift
    /// let load = store.run(.run { send in
    ///     await send(TodosLoaded(todos: try await api.todos()))
    /// })
    /// await load.finish()
    /// ```
    ///
    /// Effects started by a store end when they finish, are cancelled, or the store is
    /// released; cancellation ids (``Effect/cancellable(id:cancelInFlight:)``) are shared by
    /// all effects the store runs.
    ///
    /// - Parameter effect: The effect; each output is dispatched into this store.
    /// - Returns: A handle to cancel the effect or await its end.
    @discardableResult
    public func run(_ effect: Effect<any Action>) -> EffectHandle {
        EffectHandle(tasks: effects.launch(effect) { [weak self] action in self?.dispatch(action) })
    }

    /// The number of effects this store or a reactor hosted in it started that are still
    /// running.
    ///
    /// Each `.run` body counts one, and so does the part of a `concat` that is still to
    /// come after its first asynchronous step (a `.merge` of two bodies counts two). An
    /// effect counts from its start until its body returns, or until it is cancelled with
    /// ``Effect/cancel(id:)``, by `cancelInFlight`, or by ``cancelAllEffects()``: a
    /// cancelled effect's outputs are dropped, so it no longer counts even while its task
    /// winds down. (One cancelled through its ``EffectHandle`` counts until its task ends.)
    /// Its last output arrives on the main actor before it stops counting; by the time
    /// `await handle.finish()` or ``waitForEffects()`` returns, it is off the books.
    ///
    /// - Complexity: O(*h*) in hosted reactors.
    public var runningEffectCount: Int { effects.runningCount + features.runningEffectCount }

    /// Cancels every effect this store and the reactors hosted in it run.
    public func cancelAllEffects() {
        effects.cancelAll()
        features.cancelEffects()
    }

    /// Waits until every effect this store and the reactors hosted in it run has
    /// finished, including effects started meanwhile.
    public func waitForEffects() async {
        // Once at least: cancelled effects do not count, but their tasks are waited for.
        repeat {
            await effects.waitUntilIdle()
            await features.waitForEffects()
        } while runningEffectCount > 0
    }
}

/// A running effect started by ``Store/run(_:)``: cancel it, or await its end.
public struct EffectHandle: Sendable {
    let tasks: [Task<Void, Never>]

    /// Cancels the effect; outputs it sends afterwards are dropped.
    public func cancel() {
        for task in tasks { task.cancel() }
    }

    /// Waits until every part of the effect has finished (or was cancelled).
    public func finish() async {
        for task in tasks { await task.value }
    }
}
