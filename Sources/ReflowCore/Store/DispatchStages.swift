/// The optional stages of a dispatch loop; any of them sends a plain action the general way,
/// and any but ``passedByOwnedActions`` an owner's action.
@usableFromInline
struct DispatchStages: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A middleware chain runs before the reducer.
    @inlinable static var middleware: DispatchStages { DispatchStages(rawValue: 1 << 0) }
    /// Owned reducers run for their owners' actions.
    @inlinable static var ownedReducers: DispatchStages { DispatchStages(rawValue: 1 << 1) }
    /// What reductions write is recorded (``Footprint``).
    @inlinable static var footprints: DispatchStages { DispatchStages(rawValue: 1 << 2) }
    /// A ``NotificationWatcher`` is told what each notification does.
    @inlinable static var watched: DispatchStages { DispatchStages(rawValue: 1 << 3) }
    /// A reduction observer is told of each reduction.
    @inlinable static var reductionObserver: DispatchStages { DispatchStages(rawValue: 1 << 4) }
    /// Some action types are routed on after their reduction.
    @inlinable static var routes: DispatchStages { DispatchStages(rawValue: 1 << 5) }

    /// The stages an owner's action (a hosted reactor's mutation) passes inline: its own
    /// reduction runs in place of the owned reducers', footprints are noted there, the
    /// watcher is told by the notification, and mutations are never routed. Middleware and
    /// a reduction observer must see it, so they send it the general way.
    @inlinable static var passedByOwnedActions: DispatchStages { [.ownedReducers, .footprints, .watched, .routes] }
}
