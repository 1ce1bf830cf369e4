import ReflowCore

extension Store {
    /// Subscribes a hosted reactor's published state to its slice, and publishes the
    /// current slice at once, as a subscription delivers its first value.
    ///
    /// Used when the reactor's `transform(state:)` passes states through unchanged (the
    /// default). The store's observer then hands the slice straight to the core's
    /// `publish`, without the signal and the group member that a subscription of the
    /// reactor's state pipeline goes through (benchmark R1h). A slice that is not
    /// `Equatable` keeps no last value, since nothing compares it.
    ///
    /// - Parameters:
    ///   - readSlice: Reads the slice out of the store's state.
    ///   - isDuplicate: Whether two slices are the same, so the second is not published;
    ///     `nil` publishes on every notification.
    ///   - core: The hosted reactor's core; a ``NotificationWatcher`` knows the
    ///     observation by it.
    ///   - label: What a watcher calls the observation.
    /// - Returns: The subscription; the core cancels it when it stops.
    // Inlinable: the observer's closure is then built, and specialized for State and
    // Slice, in the reactor's module (the observer's class method would be generic).
    @inlinable
    func observeHostedSlice<Action, Mutation, Slice>(_ readSlice: @escaping (State) -> Slice,
                                                     isDuplicate: ((Slice, Slice) -> Bool)?,
                                                     core: ReactorCore<Action, Mutation, Slice>,
                                                     label: String) -> SubscriptionHandle {
        let initial = readSlice(state)
        // Strong: the store's table then holds the core, which holds the store through its
        // host; the cycle ends when the core stops (its reactor was released, or it was
        // unhosted), since stopping cancels this subscription. An unowned reference costs
        // an atomic check on every notification (benchmark R1h).
        let observer = if let isDuplicate {
            HostedSliceObserver<State> { [last = LastValue<Slice?>(initial)] state, watcher in
                if let watcher { Self.report(core, label, fired: false, to: watcher) }
                let slice = readSlice(state)
                guard last.keepIfChanged(slice, isEqual: isDuplicate) else { return }
                if let watcher { Self.report(core, label, fired: true, to: watcher) }
                core.publish(slice)
            }
        } else {
            HostedSliceObserver<State> { state, watcher in
                if let watcher {
                    Self.report(core, label, fired: false, to: watcher)
                    Self.report(core, label, fired: true, to: watcher)
                }
                core.publish(readSlice(state))
            }
        }
        let subscription = subscribeHostedSliceObserver(observer, core: core, label: label)
        core.publish(initial)
        return subscription
    }

    /// Tells `watcher` that the observation of a hosted slice was evaluated, or fired.
    @usableFromInline
    static func report(_ core: AnyObject, _ label: String, fired: Bool, to watcher: any NotificationWatcher) {
        if fired { watcher.fired(core, .subscription(label)) } else { watcher.evaluated(core, .subscription(label)) }
    }

    @usableFromInline
    func subscribeHostedSliceObserver(_ observer: HostedSliceObserver<State>, core: AnyObject, label: String) -> SubscriptionHandle {
        noteNewSubscriber()
        let subscription = observers.subscribe(observer)
        loop.watcher?.observerMade(core, .subscription(label))
        return subscription
    }
}

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
