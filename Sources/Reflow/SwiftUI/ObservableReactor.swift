#if canImport(Observation)
import Observation
#if canImport(Combine)
@preconcurrency import Combine  // `ObservableObjectPublisher` is not marked `Sendable` (WillChangeSignal)
#endif

/// A reactor's state as an object SwiftUI observes, tracked per property with no macro:
/// what ReactorKit's `@ObservableState` does, without swift-syntax, on every system the
/// package supports (per view where Observation runs, macOS 14 and iOS 17; per object,
/// as an `ObservableObject`, on macOS 13 and iOS 16).
///
/// ```swift
/// struct CounterView: View {
///     @ObservedObject var model: ObservableReactor<CounterReactor>
///     var body: some View {
///         Button("\(model.value)") { model.send(.increase) }   // not re-rendered by isLoading
///     }
/// }
/// ```
@MainActor
@dynamicMemberLookup
public final class ObservableReactor<R: Reactor> {
    private var observed: ObservedValue<ObservableReactor, R.State>
    private var subscription: SubscriptionHandle?
    package let willChange = WillChangeSignal()

    /// The reactor it follows (held strongly: the view model owns its reactor).
    public let reactor: R

    /// Follows `reactor` for as long as this object lives.
    ///
    /// - Parameter reactor: The reactor whose state SwiftUI observes.
    public init(_ reactor: R) {
        self.reactor = reactor
        self.observed = ObservedValue(reactor.currentState, whole: \.state, notifier: Self.notifier())
        subscription = reactor.state.subscribe { [weak self] state in
            self?.receive(state)
        }
    }

    private static func notifier() -> (any FaceNotifier<ObservableReactor>)? {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *),
              !FaceNotification.forcesWillChange else { return nil }
        return ObservationNotifier<ObservableReactor>()
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

    /// A two-way binding of one value of the state: reads it (tracked as `model[keyPath]`
    /// is) and sends the reactor the action `send` makes of a new value.
    ///
    /// When the reactor keeps another value than the one set, the views that read it read
    /// it again, so a control shows what the state holds.
    ///
    /// - Parameters:
    ///   - keyPath: The value.
    ///   - send: The action for a new value.
    /// - Returns: The binding; `TwoWayBinding.swiftUI` (where SwiftUI is) makes a SwiftUI `Binding` of it.
    public func twoWayBinding<T: Equatable>(_ keyPath: KeyPath<R.State, T>,
                                            send: @escaping @MainActor (T) -> R.Action) -> TwoWayBinding<T> {
        TwoWayBinding(get: { [self] in self[keyPath] }, set: { [self] value in
            let before = observed.value[keyPath: keyPath]
            reactor.action.send(send(value))
            if observed.rereadIfKept(keyPath, before: before, set: value, owner: self) { willChange.send() }
        })
    }

    private func receive(_ state: R.State) {
        if observed.receive(state, owner: self) { willChange.send() }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
extension ObservableReactor: Observable {}

#if canImport(Combine)
extension ObservableReactor: ObservableObject {
    /// Sent before a value a view read changes, where Observation does not run (macOS 13,
    /// iOS 16); never sent where it does.
    public nonisolated var objectWillChange: ObservableObjectPublisher { willChange.publisher }
}
#endif
#endif
