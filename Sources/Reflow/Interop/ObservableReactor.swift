#if canImport(Observation)
import Observation

/// A reactor's state as an `Observable` object for SwiftUI, tracked per property with no
/// macro: what ReactorKit's `@ObservableState` does, without swift-syntax.
///
/// ```swift
/// struct CounterView: View {
///     let model: ObservableReactor<CounterReactor>
///     var body: some View {
///         Button("\(model.value)") { model.send(.increase) }   // not re-rendered by isLoading
///     }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
@MainActor
@dynamicMemberLookup
public final class ObservableReactor<R: Reactor>: Observable {
    private var observed: ObservedValue<ObservableReactor, R.State>
    private var subscription: SubscriptionHandle?

    /// The reactor it follows (held strongly: the view model owns its reactor).
    public let reactor: R

    /// Follows `reactor` for as long as this object lives.
    ///
    /// - Parameter reactor: The reactor whose state SwiftUI observes.
    public init(_ reactor: R) {
        self.reactor = reactor
        self.observed = ObservedValue(reactor.currentState, whole: \.state)
        subscription = reactor.state.subscribe { [weak self] state in
            self?.receive(state)
        }
    }

    /// The whole state; reading it registers a dependency on every change.
    public var state: R.State {
        observed.readWhole(of: self)
    }

    /// One value of the state; reading it registers a dependency on that value only.
    ///
    /// - Parameter keyPath: The value, as `model.value` writes it.
    /// - Returns: Its current value.
    public subscript<T: Equatable>(dynamicMember keyPath: KeyPath<R.State, T>) -> T {
        observed.read(keyPath, as: \.[dynamicMember: keyPath], of: self)
    }

    /// A value at any depth of the state, tracked exactly.
    ///
    /// - Parameter keyPath: The path into the state.
    /// - Returns: Its current value.
    public subscript<T: Equatable>(keyPath: KeyPath<R.State, T>) -> T {
        self[dynamicMember: keyPath]
    }

    /// Sends `action` to the reactor.
    ///
    /// - Parameter action: The action.
    public func send(_ action: R.Action) {
        reactor.action.send(action)
    }

    private func receive(_ state: R.State) {
        observed.receive(state, owner: self)
    }
}
#endif
