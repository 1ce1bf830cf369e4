#if canImport(Observation)
import Observation

/// A connection's props as an `Observable` object for SwiftUI, tracked per property with
/// no macro.
///
/// Read a prop as a property of the model (`model.title`, through `@dynamicMemberLookup`)
/// and SwiftUI re-renders the view only when *that* prop changes: a view that reads
/// `title` is not invalidated when `count` changes. Reading a nested value
/// (`model.user.name`) tracks the top-level prop (`user`); `model[\.user.name]` tracks
/// exactly that path. Reading the whole ``props`` tracks all of them, as before.
///
/// ```swift
/// struct CounterView: View {
///     let model: ObservableProps<AppState, Props, Actions>
///     var body: some View {
///         Button(model.title) { model.actions.increment() }   // depends on `title` only
///     }
/// }
/// ```
///
/// It holds its connection and connects it for as long as it lives.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
@MainActor
@dynamicMemberLookup
public final class ObservableProps<State, Props: Equatable, Actions>: Observable {
    private var observed: ObservedValue<ObservableProps, Props>
    private var subscription: SubscriptionHandle?

    /// The connection it follows.
    public let connection: Connection<State, Props, Actions>

    /// Wraps `connection` and connects it.
    ///
    /// - Parameter connection: The connection whose props SwiftUI observes.
    public init(_ connection: Connection<State, Props, Actions>) {
        self.connection = connection
        self.observed = ObservedValue(connection.props, whole: \.props)
        connection.connect()
        subscription = connection.bind(\.self) { [weak self] props in
            self?.receive(props)
        }
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

    private func receive(_ props: Props) {
        guard props != observed.value else { return }
        observed.receive(props, owner: self)
    }
}
#endif
