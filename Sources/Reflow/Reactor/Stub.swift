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
    /// The state the view sees; setting it emits to the reactor's `state` subscribers.
    public var state: R.State {
        didSet { states.send(state) }
    }

    /// Every action sent to the reactor while the stub was enabled, in order.
    public private(set) var actions: [R.Action] = []

    /// The stub's states as a signal that starts with the current one.
    public var stateSignal: Signal<R.State> {
        Signal { [weak self] observer in
            guard let self else { return .empty }
            observer(self.state)
            return self.states.subscribe(observer)
        }
    }

    private let states = SignalSubject<R.State>()

    init(state: R.State) {
        self.state = state
    }

    @usableFromInline
    func record(_ action: R.Action) {
        actions.append(action)
    }
}
