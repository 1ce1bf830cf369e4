/// The dispatch loop's state, all of it in one value: what the loop is doing (reducing an
/// action, telling observers, inside a batch, draining), the actions waiting their turn,
/// and which optional stages are on. ``DispatchLoop`` keeps one and asks it, at every
/// decision, what to do: an event returns the step (``ArrivalStep``, ``BatchStep``, the
/// next ``QueuedEntry``), and the loop does it. Nothing here calls user code, so no event
/// overlaps another.
///
/// | event | asked by | changes | returns |
/// |---|---|---|---|
/// | a reduction begins, and ends | `reduceAndNotify`, `dispatchOwned` | `reducingActionType` | |
/// | the state changed | `stateDidChange` | inside a batch, `batchChangedState` | |
/// | observers are told, and done | `notifyAndDrain` | `isNotifying` | |
/// | ``arrive()`` | `dispatchInGeneral` | | refuse, queue, or run |
/// | ``enqueue(_:)``, ``enqueueRoute(_:)`` | a dispatch during a notification; a routed action | the queue, or the batch being collected | |
/// | ``beginBatch()`` / ``endBatch(_:)`` | `batch(_:)` | the depth, or the batch collected during a notification | whether to notify |
/// | ``beginDraining()`` / ``nextQueued()`` / ``endDraining()`` | `drainPending` | whether it drains (one drain at a time), the queue | the next entry |
/// | ``setStages(_:)`` | `stagesChanged()` | every stage's bit | |
///
/// The first three happen on every dispatch (the third when there are observers) and are
/// stores to the fields at those sites: as functions, a debug build would call one for
/// each (S1, debug section: 1.17×).
///
/// The observer table keeps its own pass depth, as every source's table does, for what
/// leaves it during a pass; the loop's `isNotifying` is set around the one pass the loop
/// runs, and the package's tests check that the two agree (`checkInvariants`).
///
/// Noncopyable: there is one, the loop's, and reading a predicate borrows it. A copyable
/// state with the queue's arrays in it was copied, arrays retained and released, for each
/// predicate a debug build read on a dispatch (S1 and E1, debug: 1.26× and 1.27× of the
/// state without the queue).
@usableFromInline
struct LoopState: ~Copyable {
    /// The type of the action being reduced; a metatype, so setting it costs no copy.
    @usableFromInline var reducingActionType: (any Action.Type)?
    /// Whether the store's observers are being told of a state.
    @usableFromInline var isNotifying = false
    @usableFromInline private(set) var batchDepth = 0
    /// Whether a reduction inside the open batch changed the state.
    @usableFromInline var batchChangedState = false
    private(set) var isDraining = false
    /// Actions dispatched while observers were told, and routed actions, in order.
    @usableFromInline private(set) var queue = PendingActions()
    /// Actions dispatched inside a `batch` that began during a notification: they run, as
    /// one batch, after it.
    private(set) var collectedBatch: [any Action]?
    /// The optional stages that are on; set, with the two flags below, by
    /// ``setStages(_:)``.
    @usableFromInline private(set) var stages = DispatchStages()
    /// Whether a stage is on that the inline dispatch does not run itself.
    @usableFromInline private(set) var stagesLeaveInlineDispatch = false
    /// Whether a stage is on that an owned dispatch does not run itself.
    @usableFromInline private(set) var stagesLeaveOwnedDispatch = false

    @usableFromInline init() {}

    // MARK: Which way a dispatch goes

    /// Every optional stage is off and no batch is open: after a reduction there is
    /// nothing to run but the notification.
    @inlinable var isPlain: Bool { batchDepth == 0 && stages.isEmpty }

    /// Whether a dispatch takes the inline path: nothing is being reduced or told, no
    /// batch is open, and no stage is on but routes, which `reduceAndNotify` runs itself
    /// (a store with effects, benchmark E1).
    @inlinable var admitsInlineDispatch: Bool {
        batchDepth == 0 && !stagesLeaveInlineDispatch && reducingActionType == nil && !isNotifying
    }

    /// No stage is on that an owned dispatch leaves to the general path, and nothing is
    /// being reduced or told: `dispatchOwned` may reduce and notify inline.
    @inlinable var admitsOwnedDispatch: Bool {
        !stagesLeaveOwnedDispatch && reducingActionType == nil && !isNotifying
    }

    /// Whether anything waits in the queue.
    // Inlinable: read after every notification. The queue's fields, not its `isEmpty`:
    // a debug build makes a call for each level (E1, debug: 1.06× through `isEmpty`).
    @inlinable var hasQueued: Bool { queue.head != queue.entries.count }

    // MARK: A dispatch that does not go inline

    /// What a dispatch that cannot be reduced inline does.
    @usableFromInline enum ArrivalStep {
        /// Stop the program: a reducer of an action of this type dispatched.
        case refuse(reducing: any Action.Type)
        /// Observers are being told: queue it (``enqueue(_:)``) to run after them.
        case queue
        /// Run it now, through the middleware chain or straight to the reducer.
        case run
    }

    /// A dispatch arrived that did not go inline.
    // Inlinable, as `dispatchInGeneral` is (R1h).
    @inlinable func arrive() -> ArrivalStep {
        if let reducing = reducingActionType { return .refuse(reducing: reducing) }
        return isNotifying ? .queue : .run
    }

    /// Queues `action`, dispatched while observers were told: into the batch being
    /// collected, if one began during this notification, else at the end of the queue.
    @usableFromInline mutating func enqueue(_ action: any Action) {
        if collectedBatch != nil {
            collectedBatch!.append(action)
        } else {
            queue.append(.action(action))
        }
    }

    /// Queues `action`, just reduced, for its routes, once the notification after it is over.
    @usableFromInline
    mutating func enqueueRoute(_ action: any Action) {
        queue.append(.route(action))
    }

    // MARK: Batches

    /// How a batch runs.
    enum BatchStep {
        /// Observers are being told: its actions are collected, to run as one batch after
        /// them.
        case collect
        /// Its reductions run at once; the outermost batch notifies once when it ends.
        case nest
    }

    /// A batch begins.
    mutating func beginBatch() -> BatchStep {
        if isNotifying && collectedBatch == nil {
            collectedBatch = []
            return .collect
        }
        batchDepth += 1
        return .nest
    }

    /// The batch that `beginBatch` answered `step` for ends. Returns whether to notify: the
    /// outermost batch changed the state.
    mutating func endBatch(_ step: BatchStep) -> Bool {
        switch step {
        case .collect:
            if let actions = collectedBatch, !actions.isEmpty { queue.append(.batch(actions)) }
            collectedBatch = nil
            return false
        case .nest:
            batchDepth -= 1
            guard batchDepth == 0, batchChangedState else { return false }
            batchChangedState = false
            return true
        }
    }

    // MARK: Draining

    /// Returns whether to drain: `false` while a drain further out is running, which
    /// will reach the actions queued meanwhile.
    mutating func beginDraining() -> Bool {
        if isDraining { return false }
        isDraining = true
        return true
    }

    /// The next thing to run from the queue, first in first out.
    mutating func nextQueued() -> QueuedEntry? { queue.popFirst() }

    mutating func endDraining() { isDraining = false }

    // MARK: Stages

    /// Turns on `stages`, and off the others. Which of them the fast paths run is
    /// each stage's own answer (``DispatchStage/isRunByInlineDispatch``,
    /// ``DispatchStage/isRunByOwnedDispatch``), asked here, when a stage is turned on or
    /// off, rather than kept as a mask beside the cases: a dispatch reads one flag.
    mutating func setStages(_ stages: DispatchStages) {
        self.stages = stages
        stagesLeaveInlineDispatch = DispatchStage.allCases.contains { stages.contains($0) && !$0.isRunByInlineDispatch }
        stagesLeaveOwnedDispatch = DispatchStage.allCases.contains { stages.contains($0) && !$0.isRunByOwnedDispatch }
    }
}

/// What waits in the loop's queue.
@usableFromInline
enum QueuedEntry {
    /// An action dispatched while observers were told.
    case action(any Action)
    /// Actions dispatched inside one `batch` that ran during a notification.
    case batch([any Action])
    /// An action that was reduced, to be handed to its routes
    /// (``DispatchLoop/addRoute(for:owner:deliver:)``) once the notification that followed
    /// it is over.
    case route(any Action)
}

/// The loop's queue, first in first out. It is empty when `head` has reached the end of
/// `entries` (``LoopState/hasQueued`` reads the two directly).
@usableFromInline
struct PendingActions {
    @usableFromInline var entries: [QueuedEntry] = []
    @usableFromInline var head = 0

    init() {}

    mutating func append(_ entry: QueuedEntry) {
        entries.append(entry)
    }

    mutating func popFirst() -> QueuedEntry? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        }
        return entry
    }
}

/// The loop's optional stages that are on, a bit each, read on every dispatch: any of them
/// sends a dispatch the general way, and an owned dispatch too unless it runs them
/// itself (``LoopState/admitsOwnedDispatch``).
///
/// A stage's bit is its ``DispatchStage``'s raw value: the compiler numbers the cases and
/// keeps them apart, so no table of constants is kept in step with the enum.
@usableFromInline
struct DispatchStages: Equatable, Sendable, CustomStringConvertible {
    @usableFromInline private(set) var bits: UInt8 = 0

    @inlinable init() {}

    /// Only `stage` on: one shift, inlined. (Not an array literal: its initializer would be
    /// a call that allocates its variadic array, and a check on the dispatch path written
    /// with one cost P1 1.8× of 52dd719.)
    @inlinable init(only stage: DispatchStage) {
        bits = 1 &<< stage.rawValue
    }

    /// `stages` on. Takes a sequence, for turning stages on or off and for tests; the
    /// dispatch builds none.
    init(_ stages: some Sequence<DispatchStage>) {
        for stage in stages { insert(stage) }
    }

    @inlinable var isEmpty: Bool { bits == 0 }

    /// Whether `stage` is on.
    // `&<<` of two `UInt8`s: the standard library's concrete, transparent shift, so a
    // debug build makes no generic call for it.
    @inlinable func contains(_ stage: DispatchStage) -> Bool {
        bits & (1 &<< stage.rawValue) != 0
    }

    mutating func insert(_ stage: DispatchStage) {
        bits |= 1 &<< stage.rawValue
    }

    mutating func remove(_ stage: DispatchStage) {
        bits &= ~(1 &<< stage.rawValue)
    }

    @usableFromInline var description: String {
        "\(DispatchStage.allCases.filter(contains))"
    }
}
