extension Reactor {
    @inlinable
    var core: ReactorCore<Action, Mutation, State> { ReactorCores.core(for: self) }

    /// Where the view sends actions: `reactor.action.send(.refresh)`.
    ///
    /// Actions work before anyone subscribes to ``state``; one sent while another is
    /// being handled runs after it.
    @inlinable
    public var action: ActionSubject<Action> { core.actionSubject }

    /// The state as a signal: the current state at once, then each new state.
    ///
    /// A hosted reactor's state emits when its slice changes from any source (when
    /// `State` is `Equatable`; otherwise on every store change).
    // Inlinable, like every accessor that can be a reactor's first use: the first use
    // makes the core, and a core made in the reactor's module has its per-action path
    // specialized (benchmarks R1, R2).
    @inlinable
    public var state: Signal<State> { core.stateSignal }

    /// The state now. After `action.send(_:)` of an action whose mutations are
    /// synchronous, it already holds the result. A hosted reactor reads its slice.
    @inlinable
    public var currentState: State { core.currentState }

    /// Whether the reactor is stubbed for a view test: actions are recorded in
    /// ``stub`` and `mutate`/`reduce` never run; `state` follows `stub.state`.
    @inlinable
    public var isStubEnabled: Bool {
        get { core.path.isStubEnabled }
        set { core.path.isStubEnabled = newValue }
    }

    /// The stub used when ``isStubEnabled`` is `true`.
    @inlinable
    public var stub: Stub<Self> { Stub(storage: core.stub) }

    /// The values of a `@Pulse` state property: one per assignment, even of an equal
    /// value, and none for unrelated state changes.
    ///
    /// ```swift
    /// reactor.pulse(\.$alertMessage).compactMap { $0 }.subscribe { show($0) }
    /// ```
    ///
    /// - Parameter keyPath: The `@Pulse` property, through its projected value (`\.$alert`).
    /// - Returns: A signal of the property's value: the current one on subscription, then one
    ///   each time it is assigned, even to an equal value.
    public func pulse<T>(_ keyPath: KeyPath<State, Pulse<T>>) -> Signal<T> {
        state.map { $0[keyPath: keyPath] }
            .distinctUntilChanged { $0.valueUpdatedCount == $1.valueUpdatedCount }
            .map(\.value)
    }
}
