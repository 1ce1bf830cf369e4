/// Per-screen logic written the ReactorKit way: `Action` → ``mutate(action:)`` →
/// `Mutation` → ``reduce(state:mutation:)`` → `State`.
///
/// A class that declares its types, ``initialState``, ``mutate(action:)`` and
/// ``reduce(state:mutation:)`` is a working reactor: no base class, no stored property
/// to add. It runs alone, keeping its own state, or lives as a slice of the one store
/// (``Store/host(_:at:)-97cqj``).
///
/// ```swift
/// final class CounterReactor: Reactor {
///     enum Action { case increase, decrease }
///     enum Mutation { case increaseValue, decreaseValue, setLoading(Bool) }
///     struct State { var value = 0; var isLoading = false }
///
///     let initialState = State()
///
///     func mutate(action: Action) -> Effect<Mutation> {
///         switch action {
///         case .increase:
///             return .concat([
///                 .just(.setLoading(true)),
///                 .run { send in
///                     try await Task.sleep(for: .milliseconds(500))
///                     await send(.increaseValue)
///                 },
///                 .just(.setLoading(false)),
///             ])
///         case .decrease:
///             return .just(.decreaseValue)
///         }
///     }
///
///     func reduce(state: State, mutation: Mutation) -> State {
///         var state = state
///         switch mutation {
///         case .increaseValue: state.value += 1
///         case .decreaseValue: state.value -= 1
///         case .setLoading(let isLoading): state.isLoading = isLoading
///         }
///         return state
///     }
/// }
///
/// let reactor = CounterReactor()
/// reactor.action.send(.decrease)
/// reactor.currentState.value   // -1
/// ```
///
/// The stages run in order: ``transform(action:)``, `mutate`, ``transform(mutation:)``,
/// `reduce`, ``transform(state:)``. An action sent from inside `reduce` or from a state
/// subscriber runs after the current one finishes.
///
/// A released reactor stops: its effects are cancelled and its subjects, pipeline and
/// store subscriptions are freed, with no timer. On Apple platforms that happens at once,
/// when the reactor is deallocated (its machinery is an associated object of it, as in
/// ReactorKit). On Linux, which has no per-object storage, it happens at once when a
/// ``ReactorView`` lets go of it, or one of its effects or a store signal it merged
/// delivers; otherwise when a store's `subscriptionCount` is read, or a reactor, a store,
/// a connection or a store subscription is next created. A hosted reactor is owned by its
/// store and stops, at once, with ``Store/stopHosting(_:)`` or the store's release.
///
/// A reactor used through a base class and through a subclass is one reactor with one
/// state.
@MainActor
public protocol Reactor: AnyObject {
    /// What the view asks for. Need not be `Sendable`: it is handled on the main actor.
    associatedtype Action
    /// A change to apply to the state; the same as `Action` unless you declare it. Need not
    /// be `Sendable`: an effect's body hands each one it made to the main actor (`sending`).
    associatedtype Mutation = Action
    /// What the view shows.
    associatedtype State

    /// The state before any action.
    var initialState: State { get }

    /// Turns an action into mutations, now (``Effect/just(_:)``) or later (``Effect/run(_:)``).
    ///
    /// - Parameter action: The action, after ``transform(action:)``.
    /// - Returns: The mutations; synchronous ones are applied before `send` returns.
    func mutate(action: Action) -> Effect<Mutation>

    /// Returns the state after a mutation. Keep it pure.
    ///
    /// - Parameters:
    ///   - state: The current state.
    ///   - mutation: The mutation to apply.
    /// - Returns: The new state.
    func reduce(state: State, mutation: Mutation) -> State

    /// Transforms the stream of actions before `mutate`, for example to debounce.
    func transform(action: Signal<Action>) -> Signal<Action>

    /// Transforms the stream of mutations before `reduce`, for example to merge in global
    /// state: `mutation.merge(with: store.signal(\.user).map(Mutation.setUser))`.
    func transform(mutation: Signal<Mutation>) -> Signal<Mutation>

    /// Transforms the stream of states after `reduce`.
    func transform(state: Signal<State>) -> Signal<State>
}

extension Reactor {
    /// Passes the actions on unchanged.
    ///
    /// - Parameter action: The actions sent to the reactor.
    /// - Returns: `action`.
    public func transform(action: Signal<Action>) -> Signal<Action> { action }

    /// Passes the mutations on unchanged.
    ///
    /// - Parameter mutation: The mutations from `mutate`.
    /// - Returns: `mutation`.
    public func transform(mutation: Signal<Mutation>) -> Signal<Mutation> { mutation }

    /// Passes the states on unchanged.
    ///
    /// - Parameter state: The states after `reduce`.
    /// - Returns: `state`.
    public func transform(state: Signal<State>) -> Signal<State> { state }
}

extension Reactor where Mutation == Action {
    /// Passes each action on as the mutation.
    ///
    /// - Parameter action: The action.
    /// - Returns: An effect that delivers `action` as the mutation at once.
    @inlinable
    public func mutate(action: Action) -> Effect<Mutation> { .just(action) }
}
