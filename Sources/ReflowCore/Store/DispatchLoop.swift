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
    /// What the loop is doing, what waits, and which stages are on: one value, asked at
    /// every decision (see ``LoopState``).
    // Unchecked: main actor only; every access is a single read or write, or one of
    // `LoopState`'s events, and none calls user code, so no two accesses overlap. Read on
    // every dispatch; the checks on it and on the queue (then a field of its own) were a
    // third of S1 (with `storage` and eight others checked on 2026-11-24: S1 1.7×).
    // Checked in the package's tests (REFLOW_INTERNAL_CHECKS): an access that came to
    // overlap another, say an event that calls back into the loop, traps there in
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

    /// `Thunk<State>`'s identity, taken once, so that the check on every dispatch is a load
    /// and a compare. (What S1 measured was the check's size, not its cost: see the
    /// `_slowPath` in `reduceAndNotify`.)
    @usableFromInline let thunkType = ObjectIdentifier(Thunk<State>.self)

    init(reducer: Reducer<State>, state: State) {
        self.reducer = reducer
        self.storage = state
    }

    // MARK: Dispatch: reduce, notify, drain

    /// Dispatches `action`; see the type's rules.
    @inlinable
    func dispatch(_ action: any Action) {
        guard loopState.admitsInlineDispatch else { return dispatchInGeneral(action) }
        reduceAndNotify(action)
    }

    // Inlinable: a store with an owned reducer (a hosted reactor) always takes this path,
    // and specialized here the notification after the reduction looks up no generic
    // metadata (R1h). Never inlined: inlined into `dispatch`, it made `dispatch` too big
    // to be inlined where it is called, and `reduceAndNotify` a call of its own (S1 took
    // two calls per dispatch, in the release disassembly of the benchmark's loop).
    @inlinable @inline(never)
    func dispatchInGeneral(_ action: any Action) {
        checkNotifyingAgrees()
        switch loopState.arrive() {
        case .refuse(let reducing):
            Self.dispatchedWhileReducing(action, reducing: reducing)
        case .queue:
            MainThreadCheck.require("dispatch(\(action))")
            loopState.enqueue(action)
            return
        case .run:
            if let chain {
                // Its body directly: the loop runs on the main actor, so the main-queue check
                // a `Dispatch` makes for callers elsewhere is not needed here.
                chain.body(action)
            } else {
                reduceAndNotify(action)
            }
            checkInvariants()
        }
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
            if routedTypes.contains(ObjectIdentifier(actionType)) { loopState.enqueueRoute(action) }
        } else {
            runStagesAfterReducing(action)
        }
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
            loopState.enqueueRoute(action)
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
            #if REFLOW_INTERNAL_CHECKS
            // One flag, not a depth: a notification never begins inside another, since
            // everything that would start one during a pass is queued instead.
            precondition(!loopState.isNotifying, "DispatchLoop: a notification began inside another")
            #endif
            loopState.isNotifying = true
            if loopState.stages.contains(.watched) {
                notifyWatched()
            } else {
                observers.notify(storage)
            }
            loopState.isNotifying = false
        } else if loopState.stages.isEmpty {
            // No observer ran and no stage is on: nothing can have queued an action (a
            // reducer that dispatches stops the program), so the queue is not read
            // (benchmark S1).
            return
        }
        if loopState.stages.contains(.footprints) { writes.footprint = .nothing }
        if loopState.hasQueued { drainPending() }
    }

    /// Notifies, handing the watcher down to every observer.
    @usableFromInline
    func notifyWatched() {
        guard let watcher else { return observers.notify(storage) }
        observers.notify(storage, watchedBy: watcher)
    }

    /// Runs what was queued, in order, unless a drain further out is running and will.
    @usableFromInline
    func drainPending() {
        guard loopState.beginDraining() else { return }
        defer { loopState.endDraining() }
        while let entry = loopState.nextQueued() {
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

    // MARK: The other ways in

    /// Dispatches an ``OwnedAction`` whose owner's reduction is `reduceOwned`, which can
    /// write `footprint` (a hosted reactor's mutation and its reduction of the slice).
    ///
    /// When nothing else must see the action on its way (no stage on but those an owned
    /// dispatch runs itself, ``DispatchStage/isRunByOwnedDispatch``; not inside a reducer
    /// or a notification) it is reduced here directly: the store's reducers, then the
    /// owner's, then one notification. Otherwise it takes the general path, where its
    /// owner's reducer is looked up.
    ///
    /// - Complexity: O(1) plus the reductions and the notification.
    @inlinable
    package func dispatchOwned<A: Action>(_ action: A, footprint: Footprint, reduceOwned: (inout State) -> Void) {
        guard loopState.admitsOwnedDispatch else { return dispatchInGeneral(action) }
        loopState.reducingActionType = A.self
        reducer.reduce(&storage, action)
        if loopState.stages.contains(.footprints) { noteOwnedWrites(of: A.self, footprint: footprint) }
        reduceOwned(&storage)
        loopState.reducingActionType = nil
        stateDidChange()
        checkInvariants()
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

    // MARK: Reading the state

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

    // MARK: Footprints

    /// What the store's reducers and an owner's reduction can write.
    @usableFromInline
    func noteOwnedWrites(of actionType: any Action.Type, footprint: Footprint) {
        writes.footprint = writes.footprint
            .union(reducer.footprints.footprint(for: ObjectIdentifier(actionType)))
            .union(footprint)
    }

    /// Adds what `reducer` can write for `action` to what the next notification reads.
    private func noteWrites(of reducer: Reducer<State>, for action: any Action) {
        writes.footprint = writes.footprint.union(reducer.footprints.footprint(for: ObjectIdentifier(type(of: action))))
    }

    // MARK: Misuse and checks

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

    /// Checks that the loop's `isNotifying` is the observer table's pass: the table is
    /// passed over only by `notifyAndDrain`, which sets it. Compiles to nothing unless
    /// `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline
    func checkNotifyingAgrees() {
        #if REFLOW_INTERNAL_CHECKS
        precondition(loopState.isNotifying == observers.isNotifying,
                     "DispatchLoop: notifying is \(loopState.isNotifying), the table's pass says \(observers.isNotifying)")
        #endif
    }

    /// Checks the loop between dispatches: stage bits agree with the stages that are on,
    /// nothing is being reduced, and the queue was drained. Compiles to nothing unless
    /// `REFLOW_INTERNAL_CHECKS` is set.
    @usableFromInline
    func checkInvariants() {
        #if REFLOW_INTERNAL_CHECKS
        checkNotifyingAgrees()
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
        if !loopState.isDraining && !loopState.isNotifying && loopState.batchDepth == 0 {
            precondition(loopState.reducingActionType == nil, "DispatchLoop: an action is still marked as reducing")
            precondition(!loopState.hasQueued, "DispatchLoop: actions left in the queue")
        }
        #endif
    }
}
