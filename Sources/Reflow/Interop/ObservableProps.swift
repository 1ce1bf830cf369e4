#if canImport(Observation)
import Observation

/// A connection's props as an `Observable` object, for SwiftUI.
///
/// SwiftUI re-renders a view that read ``props`` when they change; actions come straight
/// from the connection.
///
/// ```swift
/// struct CounterView: View {
///     let model: ObservableProps<AppState, Props, Actions>
///     var body: some View {
///         Button("\(model.props.count)") { model.actions.increment() }
///     }
/// }
/// ```
///
/// It holds its connection and connects it for as long as it lives.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, macCatalyst 17, visionOS 1, *)
@MainActor
public final class ObservableProps<State, Props: Equatable, Actions>: Observable {
    private let registrar = ObservationRegistrar()
    private var storage: Props
    private var subscription: Subscription?

    /// The connection it follows.
    public let connection: Connection<State, Props, Actions>

    /// Wraps `connection` and connects it.
    ///
    /// - Parameter connection: The connection whose props SwiftUI observes.
    public init(_ connection: Connection<State, Props, Actions>) {
        self.connection = connection
        self.storage = connection.props
        connection.connect()
        subscription = connection.bind(\.self) { [weak self] props in
            guard let self, props != self.storage else { return }
            self.registrar.withMutation(of: self, keyPath: \.props) { self.storage = props }
        }
    }

    /// The current props; reading them inside SwiftUI's `body` (or
    /// `withObservationTracking`) registers a dependency.
    public var props: Props {
        registrar.access(self, keyPath: \.props)
        return storage
    }

    /// The connection's actions.
    public var actions: Actions { connection.actions }
}
#endif
