/// The machinery behind one reactor: its subjects, pipeline, state, effects and stub.
///
/// Reactors declare no stored property for it, so it lives in ``ReactorRegistry``, keyed
/// by the reactor's identity and holding the reactor weakly.
@MainActor
class AnyReactorCore {
    /// The reactor this core serves; `nil` once it was released.
    weak var owner: AnyObject?
    /// The registry key: the reactor's identity when this core was made.
    let ownerID: ObjectIdentifier

    init(ownerID: ObjectIdentifier) {
        self.ownerID = ownerID
    }

    /// Stops everything: cancels effects, ends the pipeline, leaves the store.
    func shutDown() {}

    var hasRunningEffects: Bool { false }
}

@MainActor
final class ReactorCore<R: Reactor>: AnyReactorCore {
    let actionSubject = SignalSubject<R.Action>()
    private let mutationSubject = SignalSubject<R.Mutation>()
    private let rawStates = SignalSubject<R.State>()
    private let states = SignalSubject<R.State>()
    private let effects = EffectRegistry()
    private let pipeline = SubscriptionBag()
    private var statePipeline: Subscription?
    private var rawState: R.State
    private var transformedState: R.State
    private var host: Host?
    private var stubStorage: Stub<R>?
    var isStubEnabled = false
    /// Whether `transform(mutation:)` / `transform(state:)` returned their input: then
    /// mutations and states skip their subject (benchmark R1).
    private var mutationsPassThrough = false
    private var statesPassThrough = false
    /// Mutations that arrived while one was being applied, in order.
    private var queuedMutations: [R.Mutation] = []
    private var isApplying = false

    /// How a hosted reactor reaches its store.
    struct Host {
        let readSlice: @MainActor () -> R.State
        let dispatch: @MainActor (R.Mutation) -> Void
        let leave: @MainActor () -> Void
    }

    /// The reactor, typed: `owner as? R` would be a dynamic cast on every action.
    private weak var reactor: R?

    init(reactor: R) {
        let initial = reactor.initialState
        self.rawState = initial
        self.transformedState = initial
        super.init(ownerID: ObjectIdentifier(reactor))
        self.owner = reactor
        self.reactor = reactor
    }

    /// Builds the pipeline; separate from `init` because the reactor's transforms may read
    /// `currentState`, which needs this core registered first.
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
            mutations.subscribe { [unowned self] mutation in self.apply(mutation) }.store(in: pipeline)
        }
        let states = reactor.transform(state: rawStates.signal(seededWith: { [unowned self] in self.rawState }))
        if states.passThroughSource == ObjectIdentifier(rawStates) {
            statesPassThrough = true
            transformedState = rawState
        } else {
            statePipeline = states.subscribe { [unowned self] state in self.publish(state) }
        }
    }

    var currentState: R.State {
        if isStubEnabled { return stub.state }
        return host?.readSlice() ?? transformedState
    }

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

    private func handle(_ action: R.Action) {
        guard !isStubEnabled, let reactor else { return }
        let effect = reactor.mutate(action: action)
        if case .output(let mutation) = effect.operation {
            // The common synchronous case, without building a delivery closure (and its
            // weak reference) per action (benchmark R1).
            return deliver(mutation)
        }
        let tasks = effects.launch(effect) { [weak self] mutation in
            self?.receive(mutation)
        }
        if !tasks.isEmpty { ReactorRegistry.watchForReleasedReactors() }
    }

    private func receive(_ mutation: R.Mutation) {
        guard reactor != nil else {
            ReactorRegistry.shutDown(self)  // released while its effect ran: stop it now
            return
        }
        deliver(mutation)
    }

    /// Hands a mutation to `transform(mutation:)`, or straight to `apply` when that
    /// transform passes mutations through: queued, as the subject would, when one is being
    /// applied already.
    private func deliver(_ mutation: R.Mutation) {
        guard mutationsPassThrough else { return mutationSubject.send(mutation) }
        if isApplying {
            queuedMutations.append(mutation)
            return
        }
        isApplying = true
        defer { isApplying = false }
        apply(mutation)
        var index = 0
        while index < queuedMutations.count {
            apply(queuedMutations[index])
            index += 1
        }
        queuedMutations.removeAll()
    }

    private func apply(_ mutation: R.Mutation) {
        guard !isStubEnabled, let reactor else { return }
        if let host {
            host.dispatch(mutation)
        } else {
            rawState = reactor.reduce(state: rawState, mutation: mutation)
            if statesPassThrough { publish(rawState) } else { rawStates.send(rawState) }
        }
    }

    private func publish(_ state: R.State) {
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
