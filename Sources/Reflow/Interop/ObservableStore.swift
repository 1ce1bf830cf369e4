#if canImport(Observation)
import Observation

/// A store's state as an `Observable` object for SwiftUI, tracked per property with no
/// macro.
///
/// Read state as properties (`model.count`, through `@dynamicMemberLookup`); SwiftUI
/// re-renders a view only when a value it read changed. `model[\.user.name]` tracks a
/// nested path exactly; ``state`` reads (and tracks) the whole state.
///
/// ```swift
/// struct CountView: View {
///     let model: ObservableStore<AppState>
///     var body: some View {
///         Button("\(model.count)") { model.dispatch(Increment()) }
///     }
/// }
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
@MainActor
@dynamicMemberLookup
public final class ObservableStore<State>: Observable {
    private var observed: ObservedValue<ObservableStore, State>
    private var subscription: SubscriptionHandle?

    /// The store it follows.
    public let store: Store<State>

    /// Follows `store` for as long as this object lives.
    ///
    /// - Parameter store: The store whose state SwiftUI observes.
    public init(_ store: Store<State>) {
        self.store = store
        self.observed = ObservedValue(store.state, whole: \.state)
        subscription = store.subscribe({ $0 }, isDuplicate: { _, _ in false }) { [weak self] state in
            self?.receive(state)
        }
    }

    /// The whole state; reading it registers a dependency on every change.
    public var state: State {
        observed.readWhole(of: self)
    }

    /// One value of the state; reading it registers a dependency on that value only.
    ///
    /// - Parameter keyPath: The value, as `model.count` writes it.
    /// - Returns: Its current value.
    public subscript<T: Equatable>(dynamicMember keyPath: KeyPath<State, T>) -> T {
        observed.read(keyPath, as: \.[dynamicMember: keyPath], of: self)
    }

    /// A value at any depth of the state, tracked exactly.
    ///
    /// - Parameter keyPath: The path into the state.
    /// - Returns: Its current value.
    public subscript<T: Equatable>(keyPath: KeyPath<State, T>) -> T {
        self[dynamicMember: keyPath]
    }

    /// Dispatches `action` to the store.
    ///
    /// - Parameter action: The action.
    public func dispatch(_ action: any Action) {
        store.dispatch(action)
    }

    private func receive(_ state: State) {
        observed.receive(state, owner: self)
    }
}
#endif
