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
    // Unchecked exclusivity: `storage` is written only by reductions (and `replaceState`),
    // and nothing else can read it meanwhile: `Store.state` and `readInPlace` stop the
    // program when read while `reducingActionType` is set (exit tests). Every other access
    // is a read between reductions. The checks cost about 10% of S1.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var storage: State
    #else
    @safe @exclusivity(unchecked) @usableFromInline var storage: State
    #endif
    @usableFromInline package let reducer: Reducer<State>
    @usableFromInline let observers = ObserverTable<State>()
    /// The middleware chain, ending in `reduceAndNotify`; `nil` without middleware.
    @usableFromInline var chain: Dispatch?
    /// The middleware, first one first (see `installMiddleware`).
    var middleware: [Middleware<State>] = []
    /// Actions dispatched while one is reduced or observers are told, run in order after.
    // Checked exclusivity: read on every dispatch, but checking it measured nothing (S1,
    // R1, R1h within 1% on 2026-11-24); the checks on `loopState` still pay.
    @usableFromInline var pending = PendingActions()
    /// Actions dispatched inside a `batch` that began during a notification.
    @usableFromInline var collectedBatch: [any Action]?
    /// Reducers that features add (a hosted reactor's, scoped to its slice), each run only
    /// for the ``OwnedAction``s of its owner; keyed by the owner's identity.
    package internal(set) var ownedReducers: [ObjectIdentifier: Reducer<State>] = [:]
    /// Where actions of some types go after they were reduced and everyone was notified
    /// (a hosted reactor's `ReactorAction`s, to its `action` subject). Keyed by the action's
    /// type; each route belongs to an owner (a hosting) that removes it.
    var routes: [ObjectIdentifier: [LoopRoute]] = [:] {
        didSet { routedTypes = TypeSet(routes.keys) }
    }
    /// The types in `routes`, asked before looking one up.
    // Unchecked: main actor only; written only by `routes`' observer (a route added or
    // removed, never from inside the read below, which calls no code), read as one value
    // by `afterReducing` and `runStagesAfterReducing`. Checked, its accesses were about
    // a tenth of E1's time in a profile (swift_beginAccess and the access set), most of
    // what E1 cost over S1.
    // Checked in the package's tests (REFLOW_INTERNAL_CHECKS), where an overlapping access
    // traps in `EffectsByActionTests`, `EffectsModelTests` and `HostedReactorTests` (routes
    // added and removed around dispatches, hundreds of waiters), and `checkInvariants`
    // checks after each dispatch that it holds exactly the routes' types.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var routedTypes = TypeSet([])
    #else
    @safe @exclusivity(unchecked) @usableFromInline var routedTypes = TypeSet([])
    #endif
    /// What reductions wrote since the last notification, while someone reads it.
    @usableFromInline package let writes = StateWrites()
    /// Whether `writes` is kept: from the first observer that reads it on (`trackFootprints`).
    var tracksFootprints = false
    // Unchecked: main actor only; every access is a single read or write, or one of
    // `LoopState`'s mutating transitions, and none calls user code, so no two accesses
    // overlap. Read on every dispatch; the checks on it and on `pending` were a third of
    // S1 (with `pending`, `storage` and eight others checked on 2026-11-24: S1 1.7×).
    // Checked in the package's tests (REFLOW_INTERNAL_CHECKS): an access that came to
    // overlap another, say a transition that calls back into the loop, traps there in
    // `StoreDispatchTests` (batches, dispatches from subscribers) and `StoreModelTests`.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var loopState = LoopState()
    #else
    @safe @exclusivity(unchecked) @usableFromInline var loopState = LoopState()
    #endif
    /// Told of each action right after it was reduced, with the state it produced, before
    /// anyone is notified (a history). Off, and free, unless set.
    package internal(set) var reductionObserver: ((any Action, State) -> Void)? {
        didSet { stagesChanged() }
    }
    /// Told what each notification does, observer by observer (devtools' trace); while
    /// set, notifications announce it (see ``NotificationWatcher``).
    package internal(set) var watcher: (any NotificationWatcher)? {
        didSet { stagesChanged() }
    }

    /// The loop's state: what it is doing (reducing an action, inside a batch, draining
    /// its queue) and which optional stages are on. Read on every dispatch.
    ///
    /// The table lists every change of it; the predicates say which way a dispatch goes.
    /// (Whether observers are being told is the observer table's pass depth,
    /// `observers.isNotifying`, kept by the table as every source's table keeps its own;
    /// the entries test it beside these.)
    ///
    /// | transition | where | changes |
    /// |---|---|---|
    /// | a reduction begins, and ends | `reduceAndNotify`, `dispatchOwned` | `reducingActionType` |
    /// | the state changed | `stateDidChange` | inside a batch, `batchChangedState` |
    /// | ``enterBatch()`` / ``leaveBatch()`` | `batch(_:)` | the depth; leaving the outermost says whether to notify |
    /// | ``beginDraining()`` / ``endDraining()`` | `drainPending` | whether it drains (one drain at a time) |
    /// | a stage is turned on or off | `stagesChanged()`, after each change of a field that `isOn(_:)` reads (`DispatchLoop+Stages`, the watcher's and reduction observer's setters) | every stage's bit |
    ///
    /// The first two run on every dispatch and are stores to the fields at those sites:
    /// as functions, a debug build would call one for each (S1, debug section: 1.17×).
    @usableFromInline
    struct LoopState {
        /// The type of the action being reduced; a metatype, so setting it costs no copy.
        @usableFromInline var reducingActionType: (any Action.Type)?
        @usableFromInline var batchDepth = 0
        /// Whether a reduction inside the open batch changed the state.
        @usableFromInline var batchChangedState = false
        var isDraining = false
        /// The optional stages that are on; set, with the two flags below, by
        /// ``setStages(_:)``.
        @usableFromInline private(set) var stages = DispatchStages()
        /// Whether a stage is on that the inline dispatch does not run itself.
        @usableFromInline private(set) var stagesLeaveInlineDispatch = false
        /// Whether a stage is on that an owned dispatch does not run itself.
        @usableFromInline private(set) var stagesLeaveOwnedDispatch = false

        @usableFromInline init() {}

        // MARK: Which way a dispatch goes

        /// Every optional stage is off and no batch is open: with nothing being reduced and
        /// no observer being told, `dispatch` may reduce and notify inline.
        @inlinable var isPlain: Bool { batchDepth == 0 && stages.isEmpty }

        /// Whether a dispatch takes the inline path: no stage on but routes, which
        /// `reduceAndNotify` runs itself (a store with effects, benchmark E1).
        @inlinable var admitsInlineDispatch: Bool {
            batchDepth == 0 && !stagesLeaveInlineDispatch
        }

        /// No stage is on that an owned dispatch leaves to the general path, and nothing is
        /// being reduced: `dispatchOwned` may reduce and notify inline, unless observers
        /// are being told.
        @inlinable var admitsOwnedDispatch: Bool {
            !stagesLeaveOwnedDispatch && reducingActionType == nil
        }

        // MARK: Transitions

        /// Turns on `stages`, and off the others. Which of them the fast paths run is
        /// each stage's own answer (``DispatchStage/isRunByInlineDispatch``,
        /// ``DispatchStage/isRunByOwnedDispatch``), asked here, when a stage is turned on or
        /// off, rather than kept as a mask beside the cases: a dispatch reads one flag.
        mutating func setStages(_ stages: DispatchStages) {
            self.stages = stages
            stagesLeaveInlineDispatch = DispatchStage.allCases.contains { stages.contains($0) && !$0.isRunByInlineDispatch }
            stagesLeaveOwnedDispatch = DispatchStage.allCases.contains { stages.contains($0) && !$0.isRunByOwnedDispatch }
        }

        mutating func enterBatch() { batchDepth += 1 }

        /// Returns whether the batch left was the outermost and changed the state: then
        /// the loop notifies once.
        mutating func leaveBatch() -> Bool {
            batchDepth -= 1
            guard batchDepth == 0, batchChangedState else { return false }
            batchChangedState = false
            return true
        }

        /// Returns whether to drain: `false` while a drain further out is running, which
        /// will reach the actions queued meanwhile.
        mutating func beginDraining() -> Bool {
            if isDraining { return false }
            isDraining = true
            return true
        }

        mutating func endDraining() { isDraining = false }
    }

    /// `Thunk<State>`'s identity, taken once, so that the check on every dispatch is a load
    /// and a compare. (What S1 measured was the check's size, not its cost: see the
    /// `_slowPath` in `reduceAndNotify`.)
    @usableFromInline let thunkType = ObjectIdentifier(Thunk<State>.self)

    init(reducer: Reducer<State>, state: State) {
        self.reducer = reducer
        self.storage = state
    }

    /// The state, for readers outside a reduction; a read during one stops the program
    /// with a message naming the action (the state is half-applied there).
    @inlinable
    package var checkedState: State {
        if let reducing = loopState.reducingActionType { Store<State>.stateReadWhileReducing(reducing) }
        return storage
    }

    /// What `read` takes out of the state, handed over in place rather than copied (a copy
    /// retains every array, string and object in it: benchmark R1w). Checked like
    /// ``checkedState``.
    ///
    /// - Parameters:
    ///   - what: What is being read, for the message when it is read during a reduction.
    ///   - read: Reads a part of the state; it must not write (`inout` only so that the
    ///     state is not copied to be handed over).
    /// - Complexity: O(1) plus `read`.
    @inlinable
    package func readInPlace<Value>(_ what: @autoclosure () -> String, _ read: (inout State) -> Value) -> Value {
        if let reducing = loopState.reducingActionType { Store<State>.stateReadWhileReducing(reducing, what: what()) }
        return read(&storage)
    }

    /// Dispatches `action`; see the type's rules.
    @inlinable
    func dispatch(_ action: any Action) {
        guard loopState.admitsInlineDispatch, loopState.reducingActionType == nil, !observers.isNotifying else {
            return dispatchInGeneral(action)
        }
        reduceAndNotify(action)
    }

    // Inlinable: a store with an owned reducer (a hosted reactor) always takes this path,
    // and specialized here the notification after the reduction looks up no generic
    // metadata (R1h).
    @inlinable
    func dispatchInGeneral(_ action: any Action) {
        if let reducing = loopState.reducingActionType { Self.dispatchedWhileReducing(action, reducing: reducing) }
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
        let actionType = type(of: action)
        // A thunk is run where a reducer would get it: after the middleware, as ReSwift's
        // thunk middleware placed last would (one comparison of metadata pointers, marked
        // rare so that the plain dispatch stays inlined where it is called: benchmark S1).
        if _slowPath(ObjectIdentifier(actionType) == thunkType) { return runThunk(action) }
        loopState.reducingActionType = actionType
        reducer.reduce(&storage, action)
        if !loopState.isPlain { afterReducing(action, of: actionType) }
        loopState.reducingActionType = nil
        stateDidChange()
    }

    /// What a reduction with stages on is followed by. Out of line, so that the plain
    /// dispatch stays small enough to be inlined where it is called (benchmark S1).
    @usableFromInline
    func afterReducing(_ action: any Action, of actionType: any Action.Type) {
        if loopState.stages == DispatchStages(only: .routes) {
            // Routes alone (a store with effects): one set test, for the many actions no
            // route is declared for (benchmark E1).
            if routedTypes.contains(ObjectIdentifier(actionType)) { pending.append(.route(action)) }
        } else {
            runStagesAfterReducing(action)
        }
    }

    /// Runs a ``Thunk`` of this store's state: its body, with the store's dispatch and state.
    @usableFromInline @inline(never)
    func runThunk(_ action: any Action) {
        let thunk = action as! Thunk<State>  // `reduceAndNotify` compared its type
        thunk.body(thunkArguments.dispatch, thunkArguments.getState)
    }

    /// What every thunk is given: made once, on the first thunk (benchmark T1).
    lazy var thunkArguments: (dispatch: Dispatch, getState: @MainActor @Sendable () -> State?) = (
        Dispatch { [weak self] action in self?.dispatch(action) },
        { [weak self] in self?.checkedState }
    )

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
        guard loopState.admitsOwnedDispatch, !observers.isNotifying else {
            return dispatchInGeneral(action)
        }
        loopState.reducingActionType = A.self
        reducer.reduce(&storage, action)
        if loopState.stages.contains(.footprints) { noteOwnedWrites(of: A.self, footprint: footprint) }
        reduceOwned(&storage)
        loopState.reducingActionType = nil
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
        if loopState.stages.contains(.footprints) { noteWrites(of: reducer, for: action) }
        if loopState.stages.contains(.ownedReducers), let owned = action as? any OwnedAction,
           let ownedReducer = ownedReducers[owned.ownerID] {
            ownedReducer.reduce(&storage, action)
            if loopState.stages.contains(.footprints) { noteWrites(of: ownedReducer, for: action) }
        }
        if loopState.stages.contains(.reductionObserver) { reductionObserver?(action, storage) }
        if loopState.stages.contains(.routes), routedTypes.contains(ObjectIdentifier(type(of: action))) {
            pending.append(.route(action))
        }
    }

    /// The state changed: notify and drain now, or, inside a batch, when it ends.
    @inlinable
    func stateDidChange() {
        if loopState.batchDepth > 0 {
            loopState.batchChangedState = true
        } else {
            notifyAndDrain()
        }
    }

    @inlinable
    func notifyAndDrain() {
        if !observers.isEmpty {
            if loopState.stages.contains(.watched) {
                notifyWatched()
            } else {
                observers.notify(storage)
            }
        } else if loopState.stages.isEmpty {
            // No observer ran and no stage is on: nothing can have queued an action (a
            // reducer that dispatches stops the program), so the queue is not read, which
            // is a checked access (benchmark S1).
            return
        }
        if loopState.stages.contains(.footprints) { writes.footprint = .nothing }
        if !pending.isEmpty { drainPending() }
    }

    /// Notifies, handing the watcher down to every observer.
    @usableFromInline
    func notifyWatched() {
        guard let watcher else { return observers.notify(storage) }
        observers.notify(storage, watchedBy: watcher)
    }

    /// Adds what `reducer` can write for `action` to what the next notification reads.
    private func noteWrites(of reducer: Reducer<State>, for action: any Action) {
        writes.footprint = writes.footprint.union(reducer.footprints.footprint(for: ObjectIdentifier(type(of: action))))
    }

    /// Checks the loop between dispatches: stage bits agree with the stages that are on,
    /// nothing is being reduced, and the queue was drained. Compiles to nothing unless
    /// `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        precondition(loopState.batchDepth >= 0, "DispatchLoop: batch depth below zero")
        // A ninth stage would shift its bit out of the byte (`&<<` masks the shift).
        precondition(DispatchStage.allCases.count <= UInt8.bitWidth, "DispatchLoop: more stages than bits")
        precondition(loopState.stages == stagesInUse,
                     "DispatchLoop: stage bits \(loopState.stages) out of date (\(stagesInUse) are on)")
        // The unchecked `routedTypes` is exactly the routes' types: a route it missed would
        // never be delivered, one it kept would be queued for nobody.
        precondition(routes.keys.allSatisfy(routedTypes.contains)
                     && routedTypes.slots.compactMap { $0 }.count == routes.count,
                     "DispatchLoop: the routed-type set differs from the routes")
        if !loopState.isDraining && !observers.isNotifying && loopState.batchDepth == 0 {
            precondition(loopState.reducingActionType == nil, "DispatchLoop: an action is still marked as reducing")
            precondition(pending.isEmpty, "DispatchLoop: actions left in the queue")
        }
        #endif
    }

    @usableFromInline
    func drainPending() {
        guard loopState.beginDraining() else { return }
        defer { loopState.endDraining() }
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
