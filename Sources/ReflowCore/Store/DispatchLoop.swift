/// The engine behind ``Store/dispatch(_:)``: the state, the middleware chain, and the one
/// loop reduce → notify → drain, with its re-entrancy rules.
///
/// - A dispatch from inside a reducer stops with a message that names both actions.
/// - A dispatch while observers are being notified is queued (first in, first out) and runs
///   after the pass, so every observer sees every state in order.
/// - Inside ``batch(_:)`` reductions run at once and one notification follows the batch.
///
/// The common case (no middleware, no owned reducer, no batch, no footprints) runs
/// inline in the caller's module, specialized for its `State` (benchmark S1); every other
/// case takes `dispatchInGeneral`, which ends in the same `reduceAndNotify`.
@MainActor @usableFromInline
package final class DispatchLoop<State> {
    // Unchecked exclusivity: `storage` is accessed `inout` only by the reducer call in
    // `reduce(_:)`, and nothing else can read it meanwhile: `Store.state` stops the program
    // when read while `reducingActionType` is set (tested with an exit test). Every other
    // access is a read between reductions. The checks cost about 10% of S1.
    @exclusivity(unchecked) @usableFromInline var storage: State
    @usableFromInline package let reducer: Reducer<State>
    @usableFromInline let observers = ObserverTable<State>()
    /// The middleware chain, ending in `reduceAndNotify`; `nil` without middleware.
    @usableFromInline var chain: Dispatch?
    /// The middleware, first one first (see `installMiddleware`).
    var middleware: [Middleware<State>] = []
    /// Actions dispatched while one is reduced or observers are told, run in order after.
    // Checked exclusivity: read on every dispatch, but checking it measured nothing (S1,
    // R1, R1h within 1% on 2026-11-24); the checks on `flags` still pay.
    @usableFromInline var pending = PendingActions()
    private var isDraining = false
    @usableFromInline var batchChangedState = false
    /// Actions dispatched inside a `batch` that began during a notification.
    @usableFromInline var collectedBatch: [any Action]?
    /// Reducers that features add (a hosted reactor's, scoped to its slice), each run only
    /// for the ``OwnedAction``s of its owner; keyed by the owner's identity.
    package internal(set) var ownedReducers: [ObjectIdentifier: Reducer<State>] = [:]
    /// Where actions of some types go after they were reduced and everyone was notified
    /// (a hosted reactor's `ReactorAction`s, to its `action` subject). Keyed by the action's
    /// type; each route belongs to an owner (a hosting) that removes it.
    var routes: [ObjectIdentifier: [Route]] = [:]
    /// What reductions wrote since the last notification, while someone reads it.
    @usableFromInline package let writes = StateWrites()
    // Unchecked: main actor only; every access is a single read or write that calls no
    // user code. Read on every dispatch; the checks on it and on `pending` were a third of
    // S1 (with `pending`, `storage` and eight others checked on 2026-11-24: S1 1.7×).
    @exclusivity(unchecked) @usableFromInline var flags = Flags()
    /// Told of each action right after it was reduced, with the state it produced, before
    /// anyone is notified (a history). Off, and free, unless set.
    package var reductionObserver: ((any Action, State) -> Void)? {
        didSet { flags.stages.set(.reductionObserver, reductionObserver != nil) }
    }
    /// Told what each notification does, observer by observer (devtools' trace); while
    /// set, notifications announce it (see ``NotificationWatcher``).
    package var watcher: (any NotificationWatcher)? {
        didSet { flags.stages.set(.watched, watcher != nil) }
    }

    /// What the loop is doing and which optional stages are on; read on every dispatch.
    @usableFromInline
    struct Flags {
        /// The type of the action being reduced; a metatype, so setting it costs no copy.
        @usableFromInline var reducingActionType: (any Action.Type)?
        @usableFromInline var batchDepth = 0
        @usableFromInline var stages = DispatchStages()

        @usableFromInline init() {}

        /// Every optional stage is off and no batch is open: `dispatch` may reduce and
        /// notify inline.
        @inlinable var isPlain: Bool { batchDepth == 0 && stages.isEmpty }

        /// No stage is on that an owned dispatch leaves to the general path, and nothing is
        /// being reduced: `dispatchOwned` may reduce and notify inline.
        @inlinable var admitsOwnedDispatch: Bool {
            stages.rawValue & ~DispatchStages.runByOwnedDispatch.rawValue == 0 && reducingActionType == nil
        }
    }

    init(reducer: Reducer<State>, state: State) {
        self.reducer = reducer
        self.storage = state
    }

    /// The state, for readers outside a reduction; a read during one stops the program
    /// with a message naming the action (the state is half-applied there).
    @inlinable
    package var checkedState: State {
        if let reducing = flags.reducingActionType { Store<State>.stateReadWhileReducing(reducing) }
        return storage
    }

    var reducingActionType: (any Action.Type)? { flags.reducingActionType }

    /// Dispatches `action`; see the type's rules.
    @inlinable
    func dispatch(_ action: any Action) {
        guard flags.isPlain, flags.reducingActionType == nil, !observers.isNotifying else {
            return dispatchInGeneral(action)
        }
        reduceAndNotify(action)
    }

    // Inlinable: a store with an owned reducer (a hosted reactor) always takes this path,
    // and specialized here the notification after the reduction looks up no generic
    // metadata (R1h).
    @inlinable
    func dispatchInGeneral(_ action: any Action) {
        if let reducing = flags.reducingActionType { Self.dispatchedWhileReducing(action, reducing: reducing) }
        if observers.isNotifying {
            MainThreadCheck.require("dispatch(\(action))")
            if collectedBatch != nil {
                collectedBatch!.append(action)
            } else {
                pending.append(.action(action))
            }
            return
        }
        if let chain {
            // Its body directly: the loop runs on the main actor, so the main-queue check a
            // `Dispatch` makes for callers elsewhere is not needed here.
            chain.body(action)
        } else {
            reduceAndNotify(action)
        }
        checkInvariants()
    }

    /// Stops the program: `action` was dispatched while the store was reducing. From the
    /// main thread that is a reducer that dispatches; from another thread, a dispatch that
    /// met the main thread's (Swift 5 code that reached the store off the main actor).
    @usableFromInline
    static func dispatchedWhileReducing(_ action: any Action, reducing: any Action.Type) -> Never {
        MainThreadCheck.require("dispatch(\(action))")
        fatalError("""
            Reflow: dispatch(\(action)) was called from inside a reducer while it was \
            handling an action of type \(reducing). Reducers must be pure: dispatch \
            follow-up actions from middleware, an Effect, or a subscriber instead.
            """)
    }

    /// The end of the middleware chain, and all of a plain dispatch: reduce, then notify
    /// and drain (or, inside a batch, remember to notify when it ends).
    @inlinable
    func reduceAndNotify(_ action: any Action) {
        flags.reducingActionType = type(of: action)
        reducer.reduce(&storage, action)
        if !flags.isPlain { runStagesAfterReducing(action) }
        flags.reducingActionType = nil
        stateDidChange()
    }

    /// Dispatches an ``OwnedAction`` whose owner's reduction is `reduceOwned`, which can
    /// write `footprint` (a hosted reactor's mutation and its reduction of the slice).
    ///
    /// When nothing else must see the action on its way (no stage on but those in
    /// ``DispatchStages/runByOwnedDispatch``, not inside a reducer or a notification) it is
    /// reduced here directly: the store's reducers, then the owner's, then one
    /// notification. Otherwise it takes the general path, where its owner's reducer is
    /// looked up.
    ///
    /// - Complexity: O(1) plus the reductions and the notification.
    @inlinable
    package func dispatchOwned<A: Action>(_ action: A, footprint: Footprint, reduceOwned: (inout State) -> Void) {
        guard flags.admitsOwnedDispatch, !observers.isNotifying else {
            return dispatchInGeneral(action)
        }
        flags.reducingActionType = A.self
        reducer.reduce(&storage, action)
        if flags.stages.contains(.footprints) { noteOwnedWrites(of: A.self, footprint: footprint) }
        reduceOwned(&storage)
        flags.reducingActionType = nil
        stateDidChange()
        checkInvariants()
    }

    /// What the store's reducers and an owner's reduction can write.
    @usableFromInline
    func noteOwnedWrites(of actionType: any Action.Type, footprint: Footprint) {
        writes.footprint = writes.footprint
            .union(reducer.footprints.footprint(for: ObjectIdentifier(actionType)))
            .union(footprint)
    }

    /// The optional stages after the store's reducer: what it can write, the owner's
    /// reducer of an ``OwnedAction``, the reduction observer, routing.
    @usableFromInline
    func runStagesAfterReducing(_ action: any Action) {
        if flags.stages.contains(.footprints) { noteWrites(of: reducer, for: action) }
        if flags.stages.contains(.ownedReducers), let owned = action as? any OwnedAction,
           let ownedReducer = ownedReducers[owned.ownerID] {
            ownedReducer.reduce(&storage, action)
            if flags.stages.contains(.footprints) { noteWrites(of: ownedReducer, for: action) }
        }
        if flags.stages.contains(.reductionObserver) { reductionObserver?(action, storage) }
        if flags.stages.contains(.routes), routes[ObjectIdentifier(type(of: action))] != nil {
            pending.append(.route(action))
        }
    }

    /// The state changed: notify and drain now, or, inside a batch, when it ends.
    @inlinable
    func stateDidChange() {
        if flags.batchDepth > 0 {
            batchChangedState = true
        } else {
            notifyAndDrain()
        }
    }

    /// Replaces the state from outside any reduction (time travel) and notifies as a
    /// reduction that wrote all of it would: no key path is skipped.
    package func replaceState(_ state: State) {
        guard flags.reducingActionType == nil && !observers.isNotifying else {
            fatalError("""
            Reflow: time travel was asked for while the store was reducing or notifying; \
            jump from outside reducers and subscribers (a button's action, a test).
            """)
        }
        storage = state
        if flags.stages.contains(.footprints) { writes.footprint = .whole }
        stateDidChange()
    }

    @inlinable
    func notifyAndDrain() {
        if !observers.isEmpty {
            if flags.stages.contains(.watched) {
                notifyWatched()
            } else {
                observers.notify(storage)
            }
        }
        if flags.stages.contains(.footprints) { writes.footprint = .nothing }
        if !pending.isEmpty { drainPending() }
    }

    /// Notifies, handing the watcher down to every observer.
    @usableFromInline
    func notifyWatched() {
        guard let watcher else { return observers.notify(storage) }
        observers.notify(storage, watchedBy: watcher)
    }

    /// Runs `body`, in which many actions are dispatched, then notifies once.
    func batch(_ body: () -> Void) {
        if observers.isNotifying && collectedBatch == nil {
            // Keep the batch together: its actions run, as one batch, after the notification.
            collectedBatch = []
            body()
            let actions = collectedBatch ?? []
            collectedBatch = nil
            if !actions.isEmpty { pending.append(.batch(actions)) }
            return
        }
        flags.batchDepth += 1
        body()
        flags.batchDepth -= 1
        if flags.batchDepth == 0 && batchChangedState {
            batchChangedState = false
            notifyAndDrain()
        }
    }

    /// Adds what `reducer` can write for `action` to what the next notification reads.
    private func noteWrites(of reducer: Reducer<State>, for action: any Action) {
        writes.footprint = writes.footprint.union(reducer.footprints.footprint(for: ObjectIdentifier(type(of: action))))
    }

    /// Starts recording what reductions can write.
    func trackFootprints() {
        guard !flags.stages.contains(.footprints) else { return }
        flags.stages.insert(.footprints)
        // Outside a batch and a notification every reduction so far was followed by a
        // notification, so nothing is unaccounted for; otherwise assume anything changed.
        writes.footprint = flags.batchDepth > 0 || observers.isNotifying ? .whole : .nothing
    }

    /// Checks the loop between dispatches: flags agree with the stages that are on,
    /// nothing is being reduced, and the queue was drained. Compiles to nothing unless
    /// `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        precondition(flags.batchDepth >= 0, "DispatchLoop: batch depth below zero")
        precondition(flags.stages.contains(.middleware) == (chain != nil), "DispatchLoop: middleware flag out of date")
        precondition(flags.stages.contains(.ownedReducers) == !ownedReducers.isEmpty, "DispatchLoop: owned-reducer flag out of date")
        precondition(flags.stages.contains(.routes) == !routes.isEmpty, "DispatchLoop: route flag out of date")
        precondition(flags.stages.contains(.reductionObserver) == (reductionObserver != nil),
                     "DispatchLoop: reduction-observer flag out of date")
        precondition(flags.stages.contains(.watched) == (watcher != nil), "DispatchLoop: watcher flag out of date")
        if !isDraining && !observers.isNotifying && flags.batchDepth == 0 {
            precondition(flags.reducingActionType == nil, "DispatchLoop: an action is still marked as reducing")
            precondition(pending.isEmpty, "DispatchLoop: actions left in the queue")
        }
        #endif
    }

    @usableFromInline
    func drainPending() {
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        while let entry = pending.popFirst() {
            switch entry {
            case .action(let action):
                dispatch(action)
            case .batch(let actions):
                batch { for action in actions { dispatch(action) } }
            case .route(let action):
                // The routes as they are now: one removed meanwhile gets nothing.
                for route in routes[ObjectIdentifier(type(of: action))] ?? [] { route.deliver(action) }
            }
        }
    }
}

/// The optional stages of a dispatch loop; any of them sends a dispatch the general way,
/// and an owned dispatch too unless it is one of ``runByOwnedDispatch``.
///
/// A stage is a bit here, a field whose setter sets the bit, its work (in
/// `runStagesAfterReducing`, or in `notifyAndDrain` for the notification), and a line of
/// `checkInvariants`. Nothing else needs to know of it: both fast paths leave a dispatch to
/// the general path while a stage they do not run is on.
@usableFromInline
struct DispatchStages: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt8

    @inlinable init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A middleware chain runs before the reducer.
    static var middleware: DispatchStages { DispatchStages(rawValue: 1 << 0) }
    /// Owned reducers run for their owners' actions.
    @inlinable static var ownedReducers: DispatchStages { DispatchStages(rawValue: 1 << 1) }
    /// What reductions write is recorded (``Footprint``).
    @inlinable static var footprints: DispatchStages { DispatchStages(rawValue: 1 << 2) }
    /// A ``NotificationWatcher`` is told what each notification does.
    @inlinable static var watched: DispatchStages { DispatchStages(rawValue: 1 << 3) }
    /// A reduction observer is told of each reduction.
    @inlinable static var reductionObserver: DispatchStages { DispatchStages(rawValue: 1 << 4) }
    /// Some action types are routed on after their reduction.
    static var routes: DispatchStages { DispatchStages(rawValue: 1 << 5) }

    /// The stages an owned dispatch runs itself, so that it stays inline while they are on
    /// (a store that hosts a reactor has owned reducers and routes on from the start):
    /// - owned reducers: its reduction is the owner's, handed to it;
    /// - footprints: it adds the owner's footprint to the store reducer's;
    /// - routes: an owned action has none (routes are added for a reactor's
    ///   `ReactorAction`, which is not owned; `addRoute` checks it in the package's tests);
    /// - watching: the notification hands the watcher down, whoever dispatched.
    ///
    /// Middleware and the reduction observer must see the action, so they send it the
    /// general way, as does any stage not listed here.
    // One constant, not a union of the stages above: a debug build would call each getter
    // on every owned dispatch (R1h). `DispatchStagesTests` checks that it is that union.
    @inlinable static var runByOwnedDispatch: DispatchStages { DispatchStages(rawValue: 0b10_1110) }

    mutating func set(_ stage: DispatchStages, _ isOn: Bool) {
        if isOn { insert(stage) } else { remove(stage) }
    }
}

/// Actions dispatched while the store was notifying, waiting their turn (FIFO).
@usableFromInline
struct PendingActions {
    @usableFromInline enum Entry {
        case action(any Action)
        /// Actions dispatched inside one `batch` that ran during a notification.
        case batch([any Action])
        /// An action that was reduced, to be handed to its routes (``DispatchLoop/addRoute(for:owner:deliver:)``)
        /// once the notification that followed it is over.
        case route(any Action)
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var head = 0

    // Inlinable: read on every dispatch; a call here would make the read of `pending`
    // span a call, which costs a tracked exclusivity access (benchmark S1).
    @inlinable var isEmpty: Bool { head == entries.count }

    init() {}

    @usableFromInline
    mutating func append(_ entry: Entry) {
        entries.append(entry)
    }

    mutating func popFirst() -> Entry? {
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
