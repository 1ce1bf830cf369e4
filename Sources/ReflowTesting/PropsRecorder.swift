import Reflow

/// Records what each bound key path of a connection emitted, in order, to assert that a
/// dispatch "updated `title` and nothing else".
///
/// ```swift
/// let recorder = PropsRecorder(connection)
/// recorder.record(\.title)
/// recorder.record(\.count)
/// recorder.removeAll()                    // forget the values delivered at bind time
/// store.dispatch(SetTitle(title: "new"))
/// #expect(recorder.takeEmissions() == [#"\.title: "new""#])
/// ```
@MainActor
public final class PropsRecorder<State, Props, Actions> {
    /// One value a binding delivered.
    public struct Emission: CustomStringConvertible {
        /// The key path, relative to the props (`\.title`, `\.user.name`).
        public var keyPath: String
        /// The value delivered, as `String(reflecting:)` prints it.
        public var value: String
        public var description: String { "\(keyPath): \(value)" }
    }

    /// Every emission since the last ``removeAll()`` or ``takeEmissions()``, in order.
    ///
    /// One update that changes several recorded props emits them in the order their
    /// ``record(_:)`` calls were made (the order the bindings were made), not the order of
    /// the props' fields: record `\.count` before `\.title` and a change of both reads
    /// `[".count: …", ".title: …"]`.
    public private(set) var emissions: [Emission] = []
    private let connection: Connection<State, Props, Actions>

    /// Creates a recorder for `connection`; call ``record(_:)`` for each key path.
    ///
    /// - Parameter connection: The connection whose bindings to record.
    public init(_ connection: Connection<State, Props, Actions>) {
        UnoverriddenDependencies.reportAtTheRunningTest()
        self.connection = connection
    }

    /// Binds `keyPath` and records its emissions (including the one at bind time).
    ///
    /// - Parameter keyPath: The prop to record.
    public func record<T: Equatable>(_ keyPath: KeyPath<Props, T>) {
        let name = KeyPathLabel.relative(keyPath)
        connection.bind(keyPath) { [weak self] value in
            let text = value as? String
            self?.emissions.append(Emission(keyPath: name, value: text.map { "\"\($0)\"" } ?? String(reflecting: value)))
        }
    }

    /// The emissions as `"\.title: "new""` strings, removing them.
    ///
    /// - Returns: Each emission since the last call, in order, as `\.key: value`.
    public func takeEmissions() -> [String] {
        defer { emissions.removeAll() }
        return emissions.map(\.description)
    }

    /// Forgets the emissions recorded so far.
    public func removeAll() {
        emissions.removeAll()
    }
}
