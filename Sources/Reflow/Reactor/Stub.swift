/// Replaces a reactor's logic in view tests: set the state, read the actions the view
/// sent. Enable it with ``Reactor/isStubEnabled``.
///
/// ```swift
/// reactor.isStubEnabled = true
/// view.reactor = reactor
/// reactor.stub.state.isLoading = true        // drive the view
/// view.tapRefresh()
/// #expect(reactor.stub.actions.last == .refresh)   // what the view asked for
/// ```
///
/// While the stub is enabled, `mutate` and `reduce` never run.
@MainActor
public final class Stub<R: Reactor> {
    let storage: StubStorage<R.Action, R.State>

    @usableFromInline
    init(storage: StubStorage<R.Action, R.State>) {
        self.storage = storage
    }

    /// The state the view sees; setting it emits to the reactor's `state` subscribers.
    public var state: R.State {
        get { storage.state }
        set { storage.state = newValue }
    }

    /// Every action sent to the reactor while the stub was enabled, in order.
    public var actions: [R.Action] { storage.actions }

    /// The stub's states as a signal that starts with the current one.
    public var stateSignal: Signal<R.State> { storage.stateSignal }
}

/// What a reactor's stub holds; one per reactor, whichever static type (a base class, a
/// subclass) the reactor is used through.
@MainActor @usableFromInline
final class StubStorage<Action, State> {
    @usableFromInline var state: State {
        didSet { states.send(state) }
    }

    private(set) var actions: [Action] = []
    private let states = SignalSubject<State>()

    init(state: State) {
        self.state = state
    }

    var stateSignal: Signal<State> {
        Signal { [weak self] observer in
            guard let self else { return .empty }
            observer(self.state)
            return self.states.subscribe(observer)
        }
    }

    @usableFromInline
    func record(_ action: Action) {
        actions.append(action)
    }
}
