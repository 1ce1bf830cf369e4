#if canImport(Observation)
import Observation
#if canImport(Combine)
@preconcurrency import Combine  // `ObservableObjectPublisher` is not marked `Sendable` (WillChangeSignal)
#endif

/// A store's state as an object SwiftUI observes, tracked per property with no macro, on
/// every system the package supports.
///
/// Read state as properties (`model.count`, through `@dynamicMemberLookup`). Where
/// Observation runs (macOS 14, iOS 17) SwiftUI re-renders a view only when a value *it*
/// read changed; on macOS 13 and iOS 16 the model is an `ObservableObject` whose views
/// re-render when a value any of them read changed. `model[\.user.name]` tracks a nested
/// path exactly; ``state`` reads (and tracks) the whole state. Hold it with
/// `@StateObject` or `@ObservedObject` and the view works on both paths.
///
/// ```swift
/// struct CountView: View {
///     @ObservedObject var model: ObservableStore<AppState>
///     var body: some View {
///         Button("\(model.count)") { model.dispatch(Increment()) }
///         TextField("Name", text: model.binding(\.name, send: { Rename(name: $0) }))
///     }
/// }
/// ```
@MainActor
@dynamicMemberLookup
public final class ObservableStore<State> {
    private var observed: ObservedValue<ObservableStore, State>
    private var subscription: SubscriptionHandle?
    package let willChange = WillChangeSignal()

    /// The store it follows.
    public let store: Store<State>

    /// Follows `store` for as long as this object lives.
    ///
    /// - Parameter store: The store whose state SwiftUI observes.
    public init(_ store: Store<State>) {
        self.store = store
        self.observed = ObservedValue(store.state, whole: \.state, notifier: Self.notifier())
        subscription = store.subscribe({ $0 }, isDuplicate: { _, _ in false }) { [weak self] state in
            self?.receive(state)
        }
    }

    private static func notifier() -> (any FaceNotifier<ObservableStore>)? {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *),
              !FaceNotification.forcesWillChange else { return nil }
        return ObservationNotifier<ObservableStore>()
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

    /// A two-way binding of one value of the state: reads it (tracked as `model[keyPath]`
    /// is) and dispatches the action `send` makes of a new value.
    ///
    /// When the store keeps another value than the one set (the reducer rejects or changes
    /// it), the views that read the value read it again, so a control shows what the state
    /// holds.
    ///
    /// - Parameters:
    ///   - keyPath: The value.
    ///   - send: The action for a new value.
    /// - Returns: The binding; `TwoWayBinding.swiftUI` (where SwiftUI is) makes a SwiftUI `Binding` of it.
    public func twoWayBinding<T: Equatable, A: Action>(_ keyPath: KeyPath<State, T>,
                                                       send: @escaping @MainActor (T) -> A) -> TwoWayBinding<T> {
        TwoWayBinding(get: { [self] in self[keyPath] }, set: { [self] value in
            let before = observed.value[keyPath: keyPath]
            store.dispatch(send(value))
            if observed.rereadIfKept(keyPath, before: before, set: value, owner: self) { willChange.send() }
        })
    }

    private func receive(_ state: State) {
        if observed.receive(state, owner: self) { willChange.send() }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
extension ObservableStore: Observable {}

#if canImport(Combine)
extension ObservableStore: ObservableObject {
    /// Sent before a value a view read changes, where Observation does not run (macOS 13,
    /// iOS 16); never sent where it does.
    public nonisolated var objectWillChange: ObservableObjectPublisher { willChange.publisher }
}
#endif
#endif
