import Foundation
import Reflow
import ReflowCore

/// A store's recorded history, for debugging: every action, the state it produced, when,
/// and which hosted reactor a mutation came from; with time travel.
///
/// ```swift
/// let history = History<AppState>(limit: 500)
/// history.attach(to: store)
/// store.dispatch(Increment())
/// store.dispatch(Increment())
/// history.stepBack()          // the store's state is the one after the first Increment
/// history.jump(to: 0)         // the state when recording started
/// history.stepForward()
/// store.dispatch(Rename(title: "x"))   // recorded after the others, from the state at 1
/// ```
///
/// Devtools are off unless attached: a store without a history does no extra work per
/// dispatch. Attached, each reduction costs one call that appends an entry.
///
/// **Time travel** replaces the store's state and notifies subscriptions, connections and
/// hosted reactors exactly as a dispatch that produced that state would. It runs no
/// reducer, middleware or effect: effects that a recorded action started are not run
/// again, and effects still running keep running. Nothing recorded is ever dropped by
/// it: an action dispatched while the app shows a past state (a late effect's result, or
/// a tap) is recorded after the last entry, with ``Entry/stateBefore`` the state it was
/// reduced from and ``Entry/gap`` saying it came after time travel; the app is then at
/// the end again. Likewise an entry recorded after a pause (``isRecording``) says so.
@MainActor
public final class History<State> {
    /// One recorded action.
    public struct Entry {
        /// The action, as it reached the reducer.
        public internal(set) var action: any Action
        /// The state right after the action was reduced, before anyone was notified; for
        /// an entry at or after a skipped one, the state the current reducers compute.
        public internal(set) var state: State
        /// When it was reduced.
        public let time: Date
        /// The hosted reactor the action is a mutation of (its type name), if any.
        public let reactor: String?
        /// What the dispatch updated, when tracing was on (see ``isTracing``).
        ///
        /// Its ``UpdateTrace/changedKeyPaths`` are found when it is read, by comparing the
        /// states the action was reduced from and to, so that a traced dispatch does not
        /// walk the whole state. Recomputing the states (``History/setSkipped(_:at:)``)
        /// leaves them as they were recorded.
        ///
        /// - Complexity: O(*n*) in the size of the state, for each read.
        public var trace: UpdateTrace? {
            guard var trace = recordedTrace else { return nil }
            if changedKeyPathsArePending { trace.changedKeyPaths = StateDiff.changedPaths(from: stateBefore, to: state) }
            return trace
        }
        /// The trace as recorded; while ``changedKeyPathsArePending``, without its changed
        /// key paths.
        var recordedTrace: UpdateTrace?
        /// The state the action was reduced from: the previous entry's state, unless
        /// ``gap`` says otherwise.
        public internal(set) var stateBefore: State
        /// Why the action was not reduced from the previous entry's state, or `nil` when
        /// it was.
        public let gap: HistoryGap?
        /// Whether the action is turned off (``setSkipped(_:at:)``): its state is the one
        /// before it.
        public internal(set) var isSkipped = false
        /// Whether ``trace`` finds the changed key paths from ``stateBefore`` and ``state``,
        /// which are still the states the action was recorded with. Last, beside the other
        /// flag: an entry is then no larger than before (entries are moved when the oldest
        /// is dropped).
        var changedKeyPathsArePending = false

        /// Finds the changed key paths now and keeps them in the trace: the states are
        /// about to be recomputed.
        mutating func fixChangedKeyPaths() {
            guard changedKeyPathsArePending else { return }
            recordedTrace = trace
            changedKeyPathsArePending = false
        }
    }

    /// The most entries kept; older ones are dropped, and the state of the oldest kept
    /// entry's predecessor becomes ``initialState``.
    public let limit: Int
    /// The state before the first kept entry.
    public private(set) var initialState: State?
    /// The kept entries, oldest first.
    public internal(set) var entries: [Entry] = []
    /// Where the store is in the history: 0 is ``initialState``, *i* the state after
    /// `entries[i - 1]`. Equal to `entries.count` unless time traveling.
    public private(set) var position = 0
    /// Whether each dispatch also records an ``UpdateTrace``: which reducers ran, which
    /// observers were evaluated and fired, which key paths changed.
    ///
    /// It can be turned on at any time: the store's subscriptions, connections, bindings,
    /// hosted reactors, per-entity subscriptions (`Store.subscribe(_:in:_:)`), async
    /// sequences (`Store.values(_:)`) and a `StatePersistence` are followed, made before
    /// or after, and the notification runs the path it runs untraced. Observers made while
    /// tracing are numbered in the order they were made, the others when first seen. Off,
    /// nothing is traced and dispatch does no extra work.
    public var isTracing = false {
        didSet { installTracer() }
    }

    /// Whether actions are recorded; while `false`, the store keeps running and nothing is
    /// added (Redux DevTools' "pause recording"). Time travel still works on what was
    /// recorded.
    public var isRecording = true

    /// The sequence number of `entries[0]`: steps keep their numbers when the oldest
    /// entries are dropped (the inspector follows them by it).
    private(set) var firstSequence = 1
    /// Whether the store holds a state no entry records: entries were imported and no
    /// jump has shown one of them yet.
    private var showsUnrecordedState = false
    /// The step number of `entries[0]`, as the inspector shows it: steps keep their
    /// numbers when the oldest entries are dropped (``limit``). The initial state is step
    /// `firstStepNumber - 1`.
    public var firstStepNumber: Int { firstSequence }
    /// Changes whenever entries are replaced other than by appending or dropping the
    /// oldest: the inspector then reloads every step.
    private(set) var revision = 0

    private weak var store: Store<State>?
    /// The watcher of the store's notifications while tracing.
    private var tracer: UpdateTracer?
    /// Set while time travel notifies, so that the trace of the last entry is not
    /// credited with what the jump updated.
    private var isJumping = false
    /// The store's state as last seen: what the next action is reduced from.
    private var lastState: State?
    /// Whether actions ran unrecorded (paused) since the store last showed a recorded state.
    private var missedActions = false

    /// Creates an empty history.
    ///
    /// - Parameter limit: The most entries kept; at least 1.
    public init(limit: Int = 1_000) {
        guard limit >= 1 else {
            fatalError("History(limit:) needs room for at least one entry, got \(limit).")
        }
        self.limit = limit
    }

    /// Starts recording `store`: its current state becomes ``initialState``.
    ///
    /// - Parameter store: The store to record; held weakly. A history records one store.
    public func attach(to store: Store<State>) {
        guard self.store == nil || self.store === store else {
            fatalError("History.attach(to:): this history already records another store; make one history per store.")
        }
        guard !store.hasReductionObserver else {
            fatalError("History.attach(to:): the store already has a history attached; attach one history per store.")
        }
        self.store = store
        initialState = store.state
        lastState = store.state
        missedActions = false
        entries = []
        position = 0
        revision += 1
        store.setReductionObserver { [weak self] action, state in
            self?.record(action, state: state)
        }
        installTracer()
    }

    private func installTracer() {
        guard let store else { return }
        guard isTracing else {
            tracer?.note = nil
            tracer = nil
            store.setNotificationWatcher(nil)
            return
        }
        if tracer != nil { return }
        let tracer = UpdateTracer()
        tracer.note = { [weak self] event in self?.noteTraceEvent(event) }
        self.tracer = tracer
        store.setNotificationWatcher(tracer)
    }

    private func noteTraceEvent(_ event: UpdateTracer.Event) {
        guard !isJumping, !entries.isEmpty, entries[entries.count - 1].recordedTrace != nil else { return }
        switch event {
        case .evaluated(let name): entries[entries.count - 1].recordedTrace!.evaluated.append(name)
        case .fired(let name): entries[entries.count - 1].recordedTrace!.fired.append(name)
        }
    }

    /// Stops recording; the entries stay.
    public func detach() {
        store?.setReductionObserver(nil)
        store?.setNotificationWatcher(nil)
        tracer = nil
        store = nil
    }

    /// Whether a store is attached (and still alive).
    var isAttached: Bool { store != nil }

    /// Dispatches `action` to the attached store (the live inspector's Dispatch).
    func dispatch(_ action: any Action) {
        store?.dispatch(action)
    }

    /// Whether the store shows a past state (``position`` is before the last entry).
    public var isTimeTraveling: Bool { position < entries.count }

    /// The state at `position`.
    ///
    /// - Parameter position: 0 for ``initialState``, *i* for the state after entry *i − 1*.
    /// - Returns: That state.
    public func state(at position: Int) -> State {
        guard (0...entries.count).contains(position) else {
            fatalError("History: position \(position) is outside 0...\(entries.count) (0 is the initial state).")
        }
        return position == 0 ? initialState! : entries[position - 1].state
    }

    /// Replaces the store's state with the one at `position` and notifies every observer.
    ///
    /// - Parameter position: 0 for ``initialState``, *i* for the state after entry *i − 1*.
    public func jump(to position: Int) {
        guard let store else {
            fatalError("History.jump(to:): no store is attached (or it was released); call attach(to:) first.")
        }
        self.position = position
        show(state(at: position), in: store)
    }

    /// After entries' states were recomputed: the page reloads them, and the app shows the
    /// recomputed state at its position.
    func entriesWereRecomputed() {
        revision += 1
        guard let store else { return }
        show(state(at: position), in: store)
    }

    /// Replaces the store's state with a recorded one and notifies every observer; the
    /// next action is reduced from it.
    private func show(_ state: State, in store: Store<State>) {
        lastState = state
        missedActions = false
        showsUnrecordedState = false
        isJumping = true
        defer { isJumping = false }
        store.replaceState(state)
    }

    /// Goes one entry back, if there is one.
    public func stepBack() {
        if position > 0 { jump(to: position - 1) }
    }

    /// Goes one entry forward, if there is one.
    public func stepForward() {
        if position < entries.count { jump(to: position + 1) }
    }

    /// Removes every entry; the store's current state becomes ``initialState``.
    public func clear() {
        initialState = store?.state ?? initialState
        lastState = initialState
        missedActions = false
        showsUnrecordedState = false
        entries = []
        // A new start: the timeline numbers from #1 again, and nothing was dropped.
        firstSequence = 1
        position = 0
        revision += 1
    }

    private func record(_ action: any Action, state: State) {
        let before = lastState ?? state
        lastState = state
        guard isRecording else {
            missedActions = true
            return
        }
        // Not dropped after time travel: the action is recorded after the last entry, from
        // the state the app showed, and says so.
        let gap: HistoryGap? = missedActions ? .recordingPaused
            : position < entries.count ? .timeTravel(toStep: firstSequence + position - 1)
            : showsUnrecordedState ? .imported : nil
        missedActions = false
        showsUnrecordedState = false
        let reactor = (action as? any HostedMutation)?.reactorName
        var trace: UpdateTrace?
        if isTracing, let store {
            var reducers = store.reducer.handlerNames(for: type(of: action))
            if let reactor { reducers.append("\(reactor).reduce (hosted)") }
            // The changed key paths wait for a reader (`Entry.trace`): finding them walks
            // the whole state (benchmark D2).
            trace = UpdateTrace(action: String(describing: action), reducers: reducers, changedKeyPaths: [])
        }
        entries.append(Entry(action: action, state: state, time: Date(), reactor: reactor, recordedTrace: trace,
                             stateBefore: before, gap: gap, changedKeyPathsArePending: trace != nil))
        if entries.count > limit {
            initialState = entries.removeFirst().state
            firstSequence += 1
        }
        position = entries.count
    }

    /// The attached store's reducers: its own and those of its hosted reactors, for replay.
    var reducers: (main: Reducer<State>, hosted: [ObjectIdentifier: Reducer<State>])? {
        store.map { ($0.reducer, $0.ownedReducers) }
    }

    /// Replaces the recorded entries (import), keeping the attached store. A hosted
    /// reactor's mutation is bound to the store's hosting of its reactor, so that replay and
    /// skip reduce it with that reactor.
    func replaceEntries(initialState: State, entries: [Entry], firstStep: Int = 1) {
        var entries = entries
        if let store {
            for index in entries.indices {
                guard let hosted = entries[index].action as? any HostedMutation,
                      let hostID = store.hostingID(ofReactorType: hosted.reactorType) else { continue }
                entries[index].action = hosted.rehosted(hostID)
            }
        }
        self.initialState = initialState
        self.entries = Array(entries.suffix(limit))
        firstSequence = firstStep + max(0, entries.count - limit)
        if entries.count > limit { self.initialState = entries[entries.count - limit - 1].state }
        position = self.entries.count
        // The app still shows its own state, none of the imported ones, until a jump.
        showsUnrecordedState = store != nil
        revision += 1
    }
}

/// Why a recorded action was not reduced from the state of the entry before it.
public enum HistoryGap: Equatable, Sendable, Codable {
    /// Recording was paused before it: actions ran that were not recorded.
    case recordingPaused
    /// The entries before it were imported, and the action was dispatched from the state
    /// the app held then, which none of them records.
    case imported
    /// The app had been taken back to the state after step `toStep` (the initial state
    /// when it is ``History/firstStepNumber`` − 1), and the action was dispatched there.
    case timeTravel(toStep: Int)
}
