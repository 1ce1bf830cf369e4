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
    @discardableResult
    public func run(_ effect: Effect<any Action>) -> EffectHandle {
        EffectHandle(tasks: effects.launch(effect) { [weak self] action in self?.dispatch(action) })
    }

    /// The number of effect tasks this store started that are still running.
    public var runningEffectCount: Int { effects.runningCount }

    /// Cancels every effect this store runs.
    public func cancelAllEffects() {
        effects.cancelAll()
    }

    /// Waits until every effect this store runs has finished.
    public func waitForEffects() async {
        await effects.waitUntilIdle()
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
