import ReflowCore

/// The store observer of a hosted reactor's slice: each notification hands the slice to
/// the reactor's core, and a watched one reports the observation, under the core's name,
/// to the store's watcher.
///
/// Its update is a closure built by ``Store/observeHostedSlice(_:isDuplicate:core:label:)``
/// in the reactor's module, where `State` and the slice are concrete, so the read and the
/// comparison are specialized (benchmark R1h).
@MainActor @usableFromInline
final class HostedSliceObserver<State>: Observer<State> {
    /// Reads the slice, compares it and publishes it, reporting to the watcher, if any.
    @usableFromInline typealias Update = (State, (any NotificationWatcher)?) -> Void

    @usableFromInline let update: Update

    @usableFromInline
    init(update: @escaping Update) {
        self.update = update
    }

    @usableFromInline
    override func notify(_ state: State) {
        update(state, nil)
    }

    override func notify(_ state: State, watchedBy watcher: any NotificationWatcher) {
        update(state, watcher)
    }
}
