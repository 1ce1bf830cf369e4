import ReflowCore

/// The machinery behind one reactor: its subjects, pipeline, state, effects and stub.
///
/// Reactors declare no stored property for it: ``ReactorCores`` finds it (an associated
/// object of the reactor on Apple platforms, a table keyed by its identity on Linux), and
/// it holds the reactor weakly.
@MainActor @usableFromInline
class AnyReactorCore {
    /// The reactor this core serves; `nil` once it was released.
    @usableFromInline weak var owner: AnyObject?
    /// The reactor's identity when this core was made.
    @usableFromInline let ownerID: ObjectIdentifier
    /// Keeps the reactor's memory (not the reactor) allocated while this core lives, so
    /// no other object can get its address: `ownerID` then identifies the reactor
    /// without a weak load on every lookup (benchmark R1).
    private unowned(safe) let addressPin: AnyObject
    /// Set once ``shutDown()`` ran.
    private(set) var isShutDown = false

    init(owner: AnyObject) {
        self.ownerID = ObjectIdentifier(owner)
        self.addressPin = owner
        self.owner = owner
    }

    /// Stops everything, once: cancels effects, ends the pipeline, leaves the store.
    final func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        stop()
    }

    func stop() {}

    /// Its reactor was released: stops, and is forgotten.
    @usableFromInline
    final func stopAfterRelease() {
        ReactorCores.shutDown(self)
    }

    /// The effects this reactor runs.
    var effectCount: Int { 0 }
    func waitForEffects() async {}
    func cancelEffects() {}
}

/// The core of a reactor with these associated types.
///
/// It is generic over the reactor's `Action`, `Mutation` and `State`, not over its class:
/// a reactor used through a base class and through a subclass has one conformance, so
/// one core type, one state (ReactorKit supports generic subclassing). The per-action
/// path (`handle`, `deliver`, `apply`) is generic over the class `R` the core was created
/// with: `start` builds the pipeline's closures with it, in the reactor's module
/// (``ReactorCores/core(for:)``), so that path is specialized for the concrete reactor
/// (benchmark R1), and the owner is read as an `R` without a dynamic cast.
///
/// Invariant for those unchecked reads: `owner` is the very object the core was made
/// for, passed in as an `R`; every `R` given to the per-action path is that creation type
/// (only the closures `start` builds call it).
@MainActor @usableFromInline
final class ReactorCore<Action, Mutation, State>: AnyReactorCore {
    @usableFromInline let actionSubject = SignalSubject<Action>()
    @usableFromInline let mutationSubject = SignalSubject<Mutation>()
    @usableFromInline let rawStates = SignalSubject<State>()
    @usableFromInline let states = SignalSubject<State>()
    let effects = EffectRegistry()
    @usableFromInline let pipeline = SubscriptionBag()
    @usableFromInline var statePipeline: SubscriptionHandle?
    // Unchecked: read and written only on the main actor, by the per-action path; no
    // access is held across a call to user code (`reduce` gets a copy of the state and
    // its result is stored after it returns), so the per-access run-time checks (about a
    // fifth of R1) guard nothing.
    #if REFLOW_INTERNAL_CHECKS
    @usableFromInline var path: Path
    #else
    @safe @exclusivity(unchecked) @usableFromInline var path: Path
    #endif
    private var stubStorage: StubStorage<Action, State>?

    /// What the per-action path reads and writes.
    ///
    /// The two states come last, on purpose: every field before them has a size that does
    /// not depend on `State`, so its offset is a constant. Declared first, they put each
    /// flag at an offset that a debug build finds through `Path`'s generic metadata on
    /// every read (benchmark R1, debug: 1.08× `52dd719` with the states first, 1.00× with
    /// them last). `ReactorCorePathTests` checks the offsets.
    @usableFromInline
    struct Path {
        @usableFromInline var host: Host?
        /// The dependencies `mutate` runs with while hosted by a store that has some, or
        /// was given some for this reactor; `nil` otherwise (`mutate` reads those in force).
        @usableFromInline var dependencies: DependencyValues?
        @usableFromInline var isStubEnabled = false
        /// Whether `transform(mutation:)` / `transform(state:)` returned their input: then
        /// mutations and states skip their subject (benchmark R1).
        @usableFromInline var mutationsPassThrough = false
        @usableFromInline var statesPassThrough = false
        /// Mutations that arrived while one was being applied, in order.
        @usableFromInline var queuedMutations: [Mutation] = []
        @usableFromInline var isApplying = false
        /// The state `reduce` returned last, while the reactor runs alone (hosted, its
        /// state is its store slice).
        @usableFromInline var rawState: State
        /// The state `transform(state:)` published last: what `currentState` reads
        /// while the reactor runs alone.
        @usableFromInline var transformedState: State

        init(state: State) {
            rawState = state
            transformedState = state
        }
    }

    /// How a hosted reactor reaches its store.
    // A class: the per-action path reads it with one retain, not one per closure.
    @usableFromInline
    final class Host {
        @usableFromInline let readSlice: @MainActor () -> State
        /// Dispatches a mutation to the store, with the reactor's `reduce` for its slice (a
        /// non-escaping closure made by the caller, who holds the reactor).
        @usableFromInline let dispatch: @MainActor (Mutation, (State, Mutation) -> State) -> Void
        let leave: @MainActor () -> Void

        init(readSlice: @escaping @MainActor () -> State,
             dispatch: @escaping @MainActor (Mutation, (State, Mutation) -> State) -> Void,
             leave: @escaping @MainActor () -> Void) {
            self.readSlice = readSlice
            self.dispatch = dispatch
            self.leave = leave
        }
    }

    @usableFromInline
    init(owner: AnyObject, initialState: State) {
        self.path = Path(state: initialState)
        super.init(owner: owner)
    }

    /// Builds the pipeline; separate from `init` because the reactor's transforms may read
    /// `currentState`, which needs this core registered first.
    @inlinable
    func start<R: Reactor>(_ reactor: R) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        let actions = reactor.transform(action: actionSubject.signal)
        if actions.passThroughSource == ObjectIdentifier(actionSubject) {
            actionSubject.subscribe { [unowned self] action in
                if self.path.isStubEnabled { self.stub.record(action) } else { self.handle(action, as: R.self) }
            }.store(in: pipeline)
        } else {
            actionSubject.subscribe { [unowned self] action in
                if self.path.isStubEnabled { self.stub.record(action) }
            }.store(in: pipeline)
            actions.subscribe { [unowned self] action in self.handle(action, as: R.self) }.store(in: pipeline)
        }
        let mutations = reactor.transform(mutation: mutationSubject.signal)
        path.mutationsPassThrough = mutations.passThroughSource == ObjectIdentifier(mutationSubject)
        if !path.mutationsPassThrough {
            mutations.subscribe { [unowned self] mutation in
                // The type's invariant: the owner is an R.
                guard let reactor = self.owner else {
                    // Released, and a store signal merged in `transform(mutation:)` still
                    // delivers: stop now, which ends that subscription too.
                    return self.stopAfterRelease()
                }
                self.apply(mutation, to: uncheckedCast(reactor, to: R.self))
            }.store(in: pipeline)
        }
        let states = reactor.transform(state: rawStates.signal(seededWith: { [unowned self] in self.path.rawState }))
        if states.passThroughSource == ObjectIdentifier(rawStates) {
            path.statesPassThrough = true
            path.transformedState = path.rawState
        } else {
            statePipeline = states.subscribe { [unowned self] state in self.publish(state) }
        }
    }

    @inlinable
    var currentState: State {
        if path.isStubEnabled { return stub.state }
        return path.host?.readSlice() ?? path.transformedState
    }

    @usableFromInline
    var stub: StubStorage<Action, State> {
        if let stubStorage { return stubStorage }
        let stub = StubStorage<Action, State>(state: path.host?.readSlice() ?? path.transformedState)
        stubStorage = stub
        return stub
    }

    @usableFromInline
    var stateSignal: Signal<State> {
        Signal { [weak self] observer in
            guard let self else { return .empty }
            if self.path.isStubEnabled { return self.stub.stateSignal.subscribe(observer) }
            observer(self.path.transformedState)
            return self.states.subscribe(observer)
        }
    }

    override var effectCount: Int { effects.runningCount }
    override func waitForEffects() async { await effects.waitUntilIdle() }
    override func cancelEffects() { effects.cancelAll() }

    @inlinable
    func handle<R: Reactor>(_ action: Action, as _: R.Type) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        guard !path.isStubEnabled, let owner else { return }
        let reactor = uncheckedCast(owner, to: R.self)  // the type's invariant
        if path.dependencies != nil { return handleWithDependencies(action, of: reactor) }
        let effect = reactor.mutate(action: action)
        if case .output(let mutation) = effect.operation {
            // The common synchronous case, without building a delivery closure (and its
            // weak reference) per action (benchmark R1).
            return deliver(mutation, to: reactor)
        }
        launch(effect, as: R.self)
    }

    // Not inlinable: a reactor hosted with dependencies is a path of its own.
    @usableFromInline
    func handleWithDependencies<R: Reactor>(_ action: Action, of reactor: R)
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        let effect = DependencyValues.withCurrent(path.dependencies ?? .current) { reactor.mutate(action: action) }
        if case .output(let mutation) = effect.operation { return deliver(mutation, to: reactor) }
        launch(effect, as: R.self)
    }

    // Not inlinable: effects that run are the slow path.
    @usableFromInline
    func launch<R: Reactor>(_ effect: Effect<Mutation>, as _: R.Type) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        effects.launch(effect) { [weak self] mutation in
            self?.receive(mutation, as: R.self)
        }
    }

    func receive<R: Reactor>(_ mutation: Mutation, as _: R.Type) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        guard let owner else {
            ReactorCores.shutDown(self)  // released while its effect ran: stop it now
            return
        }
        deliver(mutation, to: uncheckedCast(owner, to: R.self))  // the type's invariant
    }

    /// Hands a mutation to `transform(mutation:)`, or straight to `apply` when that
    /// transform passes mutations through: queued, as the subject would, when one is being
    /// applied already.
    // The caller holds `reactor`: one weak load per action, not one per stage (a weakly
    // referenced object pays the runtime's slow reference counting on each load).
    @inlinable
    func deliver<R: Reactor>(_ mutation: Mutation, to reactor: R) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        guard path.mutationsPassThrough else { return mutationSubject.send(mutation) }
        if path.isApplying {
            path.queuedMutations.append(mutation)
            return
        }
        path.isApplying = true
        defer { path.isApplying = false }
        apply(mutation, to: reactor)
        guard !path.queuedMutations.isEmpty else { return }
        var index = 0
        while index < path.queuedMutations.count {
            apply(path.queuedMutations[index], to: reactor)
            index += 1
        }
        path.queuedMutations.removeAll()
    }

    @inlinable
    func apply<R: Reactor>(_ mutation: Mutation, to reactor: R) where R.Action == Action, R.Mutation == Mutation, R.State == State {
        guard !path.isStubEnabled else { return }
        if let host = path.host {
            host.dispatch(mutation) { reactor.reduce(state: $0, mutation: $1) }
        } else {
            path.rawState = reactor.reduce(state: path.rawState, mutation: mutation)
            if path.statesPassThrough { publish(path.rawState) } else { rawStates.send(path.rawState) }
        }
    }

    @inlinable
    func publish(_ state: State) {
        path.transformedState = state
        states.send(state)
    }

    /// Makes a store slice this reactor's state.
    ///
    /// - Parameters:
    ///   - sliceChanges: The slice's changes, for the reactor's `transform(state:)`.
    ///   - observeSlice: Subscribes this core's `publish` to the slice directly; used
    ///     when `transform(state:)` returns `sliceChanges` unchanged.
    func attach<R: Reactor>(to reactor: R, host: Host, sliceChanges: Signal<State>,
                            observeSlice: @MainActor (ReactorCore) -> SubscriptionHandle)
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        guard path.host == nil else {
            fatalError("""
            \(R.self) is already hosted in a store. Host a reactor once; to share a slice \
            between screens, host another reactor instance at the same key path.
            """)
        }
        path.host = host
        path.statesPassThrough = false
        statePipeline?.cancel()
        let states = reactor.transform(state: sliceChanges)
        if states.passThroughSource != nil && states.passThroughSource == sliceChanges.passThroughSource {
            statePipeline = observeSlice(self)
        } else {
            statePipeline = states.subscribe { [unowned self] state in self.publish(state) }
        }
    }

    override func stop() {
        effects.cancelAll()
        pipeline.removeAll()
        statePipeline?.cancel()
        statePipeline = nil
        path.host?.leave()
        path.dependencies = nil  // the hosting's: on its own, the reactor reads those in force
        path.host = nil
        stubStorage = nil
    }
}
