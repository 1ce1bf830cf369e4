#if canImport(Observation)
import Observation
#if canImport(Combine)
@preconcurrency import Combine  // `ObservableObjectPublisher` is not marked `Sendable` (WillChangeSignal)
#endif

/// A connection's props as an object SwiftUI observes, tracked per property with no macro,
/// on every system the package supports.
///
/// Read a prop as a property of the model (`model.title`, through `@dynamicMemberLookup`).
/// Where Observation runs (macOS 14, iOS 17), SwiftUI re-renders a view only when a prop
/// *it* read changes: a view that reads `title` is not invalidated when `count` changes.
/// On macOS 13 and iOS 16 the model is an `ObservableObject`: its views re-render when a
/// prop any of them read changes, never for one nobody read. Reading a nested value
/// (`model.user.name`) tracks the top-level prop (`user`); `model[\.user.name]` tracks
/// exactly that path. Reading the whole ``props`` tracks all of them.
///
/// Hold it with `@StateObject` or `@ObservedObject` and the view works on both paths, so it
/// does not change when the app's deployment target moves; from iOS 17 on, a plain `let`
/// or `@State` also works.
///
/// ```swift
/// struct CounterView: View {
///     @ObservedObject var model: ObservableProps<AppState, Props, Actions>
///     var body: some View {
///         Button(model.title) { model.actions.increment() }   // depends on `title` only
///     }
/// }
/// ```
///
/// It holds its connection and connects it for as long as it lives.
@MainActor
@dynamicMemberLookup
public final class ObservableProps<State, Props: Equatable, Actions> {
    private var observed: ObservedValue<ObservableProps, Props>
    private var subscription: SubscriptionHandle?
    package let willChange = WillChangeSignal()

    /// The connection it follows.
    public let connection: Connection<State, Props, Actions>

    /// Wraps `connection` and connects it.
    ///
    /// - Parameter connection: The connection whose props SwiftUI observes.
    public init(_ connection: Connection<State, Props, Actions>) {
        self.connection = connection
        self.observed = ObservedValue(connection.props, whole: \.props, notifier: Self.notifier())
        connection.connect()
        subscription = connection.bind(\.self) { [weak self] props in
            self?.receive(props)
        }
    }

    private static func notifier() -> (any FaceNotifier<ObservableProps>)? {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *),
              !FaceNotification.forcesWillChange else { return nil }
        return ObservationNotifier<ObservableProps>()
    }

    /// The current props, whole; reading them registers a dependency on every prop.
    public var props: Props {
        observed.readWhole(of: self)
    }

    /// One prop; reading it registers a dependency on that prop only.
    ///
    /// - Parameter keyPath: The prop, as `model.title` writes it.
    /// - Returns: Its current value.
    public subscript<T: Equatable>(dynamicMember keyPath: KeyPath<Props, T>) -> T {
        observed.read(keyPath, as: \.[dynamicMember: keyPath], of: self)
    }

    /// A value at any depth of the props; reading it registers a dependency on exactly
    /// that path (`model[\.user.name]` is not invalidated by a change of `user.age`).
    ///
    /// - Parameter keyPath: The path into the props.
    /// - Returns: Its current value.
    public subscript<T: Equatable>(keyPath: KeyPath<Props, T>) -> T {
        self[dynamicMember: keyPath]
    }

    /// The connection's actions.
    public var actions: Actions { connection.actions }

    /// A two-way binding of one prop: reads it (tracked as `model[keyPath]` is) and sends
    /// the action `send` makes of a new value to the connection's store.
    ///
    /// When the store keeps another value than the one set (the reducer rejects or changes
    /// it), the views that read the prop read it again, so a control shows what the state
    /// holds. A store-less connection (a preview) has no store to send to: its props stay.
    ///
    /// - Parameters:
    ///   - keyPath: The prop.
    ///   - send: The action for a new value.
    /// - Returns: The binding; `TwoWayBinding.swiftUI` (where SwiftUI is) makes a SwiftUI `Binding` of it.
    public func twoWayBinding<T: Equatable, A: Action>(_ keyPath: KeyPath<Props, T>,
                                                       send: @escaping @MainActor (T) -> A) -> TwoWayBinding<T> {
        TwoWayBinding(get: { [self] in self[keyPath] }, set: { [self] value in
            let before = observed.value[keyPath: keyPath]
            connection.dispatchIfFollowing(send(value))
            if observed.rereadIfKept(keyPath, before: before, set: value, owner: self) { willChange.send() }
        })
    }

    private func receive(_ props: Props) {
        guard props != observed.value else { return }
        if observed.receive(props, owner: self) { willChange.send() }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
extension ObservableProps: Observable {}

#if canImport(Combine)
extension ObservableProps: ObservableObject {
    /// Sent before a prop a view read changes, where Observation does not run (macOS 13,
    /// iOS 16); never sent where it does.
    public nonisolated var objectWillChange: ObservableObjectPublisher { willChange.publisher }
}
#endif
#endif
