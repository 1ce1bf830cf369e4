#if canImport(SwiftUI)
import SwiftUI

extension TwoWayBinding {
    /// The binding as SwiftUI's `Binding`, for a control. A transaction SwiftUI sets on a
    /// write (an animated change) is the one the action is sent in, so the views that
    /// change with the state animate with it.
    public var swiftUI: Binding<Value> {
        Binding(get: { @MainActor in self.value },
                set: { @MainActor value, transaction in withTransaction(transaction) { self.value = value } })
    }
}

extension Connection {
    /// A SwiftUI binding of one prop that dispatches the action `send` makes of a new value:
    /// ``twoWayBinding(_:send:)`` as a SwiftUI `Binding`.
    ///
    /// ```swift
    /// TextField("Search", text: connection.binding(\.query, send: { SetQuery(text: $0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The prop.
    ///   - send: The action for a new value.
    /// - Returns: The binding.
    public func binding<T, A: Action>(_ keyPath: KeyPath<Props, T>,
                                      send: @escaping @MainActor (T) -> A) -> Binding<T> {
        twoWayBinding(keyPath, send: send).swiftUI
    }
}

#if canImport(Observation)
extension ObservableProps {
    /// A SwiftUI binding of one prop that dispatches the action `send` makes of a new value;
    /// a value the store does not keep is read again, so the control shows the state's.
    ///
    /// ```swift
    /// TextField("Search", text: model.binding(\.query, send: { SetQuery(text: $0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The prop.
    ///   - send: The action for a new value.
    /// - Returns: The binding.
    public func binding<T: Equatable, A: Action>(_ keyPath: KeyPath<Props, T>,
                                                 send: @escaping @MainActor (T) -> A) -> Binding<T> {
        twoWayBinding(keyPath, send: send).swiftUI
    }
}

extension ObservableStore {
    /// A SwiftUI binding of one value of the state that dispatches the action `send` makes
    /// of a new value; a value the store does not keep is read again.
    ///
    /// ```swift
    /// Toggle("Notify", isOn: model.binding(\.notifies, send: { SetNotifies(isOn: $0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value.
    ///   - send: The action for a new value.
    /// - Returns: The binding.
    public func binding<T: Equatable, A: Action>(_ keyPath: KeyPath<State, T>,
                                                 send: @escaping @MainActor (T) -> A) -> Binding<T> {
        twoWayBinding(keyPath, send: send).swiftUI
    }
}

extension ObservableReactor {
    /// A SwiftUI binding of one value of the reactor's state that sends the action `send`
    /// makes of a new value; a value the reactor does not keep is read again.
    ///
    /// ```swift
    /// TextField("Search", text: model.binding(\.query, send: { .updateQuery($0) }))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value.
    ///   - send: The action for a new value.
    /// - Returns: The binding.
    public func binding<T: Equatable>(_ keyPath: KeyPath<R.State, T>,
                                      send: @escaping @MainActor (T) -> R.Action) -> Binding<T> {
        twoWayBinding(keyPath, send: send).swiftUI
    }
}
#endif
#endif
