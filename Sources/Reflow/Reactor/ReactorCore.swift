/// The machinery behind one reactor: its subjects, pipeline, state, effects and stub.
///
/// Reactors declare no stored property for it, so it lives in ``ReactorRegistry``, keyed
/// by the reactor's identity and holding the reactor weakly.
@MainActor @usableFromInline
class AnyReactorCore {
    /// The reactor this core serves; `nil` once it was released.
    weak var owner: AnyObject?
    /// The registry key: the reactor's identity when this core was made.
    @usableFromInline let ownerID: ObjectIdentifier
    /// Keeps the reactor's memory (not the reactor) allocated while this core lives, so
    /// no other object can get its address: the registry's key then identifies the
    /// reactor without a weak load on every lookup (benchmark R1).
    private unowned(safe) let addressPin: AnyObject

    init(owner: AnyObject) {
        self.ownerID = ObjectIdentifier(owner)
        self.addressPin = owner
        self.owner = owner
    }

    /// Stops everything: cancels effects, ends the pipeline, leaves the store.
    func shutDown() {}

    var hasRunningEffects: Bool { false }
}

/// The core of a reactor of type `R`.
///
/// The per-action path (`start`'s subscriptions, `handle`, `deliver`, `apply`, `publish`)
/// is inlinable: a core is made in the reactor's module (see `ReactorRegistry.core(for:)`),
/// so that path is specialized for the concrete reactor instead of running as generic code
/// that looks up `ReactorCore<R>`'s type metadata on every action (benchmark R1).
@MainActor @usableFromInline
final class ReactorCore<R: Reactor>: AnyReactorCore {
    @usableFromInline let actionSubject = SignalSubject<R.Action>()
    @usableFromInline let mutationSubject = SignalSubject<R.Mutation>()
    @usableFromInline let rawStates = SignalSubject<R.State>()
    @usableFromInline let states = SignalSubject<R.State>()
    let effects = EffectRegistry()
    @usableFromInline let pipeline = SubscriptionBag()
    @usableFromInline var statePipeline: Subscription?
    // The `@exclusivity(unchecked)` properties are read and written only on the main
    // actor, by the per-action path; none is passed `inout` across a call to user code, so
    // the per-access run-time checks (about a fifth of R1) guard nothing.
    @exclusivity(unchecked) @usableFromInline var rawState: R.State
    @exclusivity(unchecked) @usableFromInline var transformedState: R.State
    @exclusivity(unchecked) @usableFromInline var host: Host?
    private var stubStorage: Stub<R>?
    @exclusivity(unchecked) @usableFromInline var isStubEnabled = false
    /// Whether `transform(mutation:)` / `transform(state:)` returned their input: then
    /// mutations and states skip their subject (benchmark R1).
    @exclusivity(unchecked) @usableFromInline var mutationsPassThrough = false
    @exclusivity(unchecked) @usableFromInline var statesPassThrough = false
    /// Mutations that arrived while one was being applied, in order.
    @exclusivity(unchecked) @usableFromInline var queuedMutations: [R.Mutation] = []
    @exclusivity(unchecked) @usableFromInline var isApplying = false

    /// How a hosted reactor reaches its store.
    @usableFromInline
    struct Host {
        @usableFromInline let readSlice: @MainActor () -> R.State
        @usableFromInline let dispatch: @MainActor (R.Mutation) -> Void
        let leave: @MainActor () -> Void
    }

    /// The reactor, typed: `owner as? R` would be a dynamic cast on every action.
    @usableFromInline weak var reactor: R?

    @usableFromInline
    init(reactor: R) {
        let initial = reactor.initialState
        self.rawState = initial
        self.transformedState = initial
        super.init(owner: reactor)
        self.reactor = reactor
    }

    /// Builds the pipeline; separate from `init` because the reactor's transforms may read
    /// `currentState`, which needs this core registered first.
    @inlinable
    func start() {
        guard let reactor else { return }
        let actions = reactor.transform(action: actionSubject.signal)
        if actions.passThroughSource == ObjectIdentifier(actionSubject) {
            actionSubject.subscribe { [unowned self] action in
                if self.isStubEnabled { self.stub.record(action) } else { self.handle(action) }
            }.store(in: pipeline)
        } else {
            actionSubject.subscribe { [unowned self] action in
                if self.isStubEnabled { self.stub.record(action) }
            }.store(in: pipeline)
            actions.subscribe { [unowned self] action in self.handle(action) }.store(in: pipeline)
        }
        let mutations = reactor.transform(mutation: mutationSubject.signal)
        mutationsPassThrough = mutations.passThroughSource == ObjectIdentifier(mutationSubject)
        if !mutationsPassThrough {
            mutations.subscribe { [unowned self] mutation in
                if let reactor = self.reactor { self.apply(mutation, to: reactor) }
            }.store(in: pipeline)
        }
        let states = reactor.transform(state: rawStates.signal(seededWith: { [unowned self] in self.rawState }))
        if states.passThroughSource == ObjectIdentifier(rawStates) {
            statesPassThrough = true
            transformedState = rawState
        } else {
            statePipeline = states.subscribe { [unowned self] state in self.publish(state) }
        }
    }

    @inlinable
    var currentState: R.State {
        if isStubEnabled { return stub.state }
        return host?.readSlice() ?? transformedState
    }

    @usableFromInline
    var stub: Stub<R> {
        if let stubStorage { return stubStorage }
        let stub = Stub<R>(state: host?.readSlice() ?? transformedState)
        stubStorage = stub
        return stub
    }

    var stateSignal: Signal<R.State> {
        Signal { [weak self] observer in
            guard let self else { return .empty }
            if self.isStubEnabled { return self.stub.stateSignal.subscribe(observer) }
            observer(self.transformedState)
            return self.states.subscribe(observer)
        }
    }

    override var hasRunningEffects: Bool { effects.runningCount > 0 }

    @inlinable
    func handle(_ action: R.Action) {
        guard !isStubEnabled, let reactor else { return }
        let effect = reactor.mutate(action: action)
        if case .output(let mutation) = effect.operation {
            // The common synchronous case, without building a delivery closure (and its
            // weak reference) per action (benchmark R1).
            return deliver(mutation, to: reactor)
        }
        launch(effect)
    }

    @usableFromInline
    func launch(_ effect: Effect<R.Mutation>) {
        let tasks = effects.launch(effect) { [weak self] mutation in
            self?.receive(mutation)
        }
        if !tasks.isEmpty { ReactorRegistry.watchForReleasedReactors() }
    }

    private func receive(_ mutation: R.Mutation) {
        guard let reactor else {
            ReactorRegistry.shutDown(self)  // released while its effect ran: stop it now
            return
        }
        deliver(mutation, to: reactor)
    }

    /// Hands a mutation to `transform(mutation:)`, or straight to `apply` when that
    /// transform passes mutations through: queued, as the subject would, when one is being
    /// applied already.
    // The caller holds `reactor`: one weak load per action, not one per stage (a weakly
    // referenced object pays the runtime's slow reference counting on each load).
    @inlinable
    func deliver(_ mutation: R.Mutation, to reactor: R) {
        guard mutationsPassThrough else { return mutationSubject.send(mutation) }
        if isApplying {
            queuedMutations.append(mutation)
            return
        }
        isApplying = true
        defer { isApplying = false }
        apply(mutation, to: reactor)
        guard !queuedMutations.isEmpty else { return }
        var index = 0
        while index < queuedMutations.count {
            apply(queuedMutations[index], to: reactor)
            index += 1
        }
        queuedMutations.removeAll()
    }

    @inlinable
    func apply(_ mutation: R.Mutation, to reactor: R) {
        guard !isStubEnabled else { return }
        if let host {
            host.dispatch(mutation)
        } else {
            rawState = reactor.reduce(state: rawState, mutation: mutation)
            if statesPassThrough { publish(rawState) } else { rawStates.send(rawState) }
        }
    }

    @inlinable
    func publish(_ state: R.State) {
        transformedState = state
        states.send(state)
    }

    /// Makes a store slice this reactor's state.
    func attach(host: Host, sliceChanges: Signal<R.State>) {
        precondition(self.host == nil, """
            \(R.self) is already hosted in a store. Host a reactor once; to share a slice \
            between screens, host another reactor instance at the same key path.
            """)
        guard let reactor else { return }
        self.host = host
        statesPassThrough = false
        statePipeline?.cancel()
        statePipeline = reactor.transform(state: sliceChanges).subscribe { [unowned self] state in
            self.publish(state)
        }
    }

    override func shutDown() {
        effects.cancelAll()
        pipeline.removeAll()
        statePipeline?.cancel()
        host?.leave()
        host = nil
    }
}
