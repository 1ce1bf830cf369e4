/// A state value that notifies on every assignment, even of an equal value (ReactorKit's
/// `@Pulse`): for alerts, toasts and other one-shot events kept in state.
///
/// ```swift
/// struct State { @Pulse var alertMessage: String? }
///
/// reactor.pulse(\.$alertMessage)
///     .compactMap { $0 }
///     .subscribe { message in showAlert(message) }
///     .store(in: bag)
/// ```
@propertyWrapper
public struct Pulse<Value> {
    /// The current value.
    public var value: Value {
        didSet { valueUpdatedCount &+= 1 }  // wraps around instead of trapping on overflow
    }

    /// How many times ``value`` was assigned (wrapping around at `UInt.max`).
    public package(set) var valueUpdatedCount: UInt = 0

    /// Creates a pulse with an initial value.
    ///
    /// - Parameter wrappedValue: The initial value; it does not count as an assignment.
    public init(wrappedValue: Value) {
        self.value = wrappedValue
    }

    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The pulse itself, for ``Reactor/pulse(_:)``: `reactor.pulse(\.$alert)`.
    public var projectedValue: Pulse<Value> { self }
}

extension Pulse: Equatable where Value: Equatable {}

/// Codable when its value is: a state with a `@Pulse` can be exported from a `History` (ReflowDevtools)
/// and persisted. The assignment count travels with the value, so a decoded pulse equals
/// the one encoded.
extension Pulse: Codable where Value: Codable {}

/// What ``StateDiff`` reads of a `@Pulse`: its value, and whether it was assigned again.
package protocol PulseReflecting {
    var pulsedValue: Any { get }
    var assignmentCount: UInt { get }
}

extension Pulse: PulseReflecting {
    package var pulsedValue: Any { value }
    package var assignmentCount: UInt { valueUpdatedCount }
}
extension Pulse: Sendable where Value: Sendable {}
