/// A value that a view both shows and edits, read from the state and written by sending
/// an action: a text field's text, a toggle's state, a stepper's count.
///
/// Reading ``value`` reads the state (or props) now; setting it sends the action made of
/// the new value, so the store stays the one source of truth. Where the reducer rejects or
/// changes the value, reading it back gives what the state holds. In SwiftUI use the
/// faces' `binding(_:send:)`, which returns a SwiftUI `Binding`; in UIKit, set it from a
/// control's editing events and show what it reads back:
///
/// ```swift
/// let query = connection.twoWayBinding(\.query, send: { SetQuery(text: $0) })
/// textField.addAction(UIAction { _ in
///     query.value = textField.text ?? ""
///     textField.text = query.value          // what the reducer kept
/// }, for: .editingChanged)
/// ```
@MainActor
public struct TwoWayBinding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void

    /// Creates a binding from how to read the value and how to send a new one.
    ///
    /// - Parameters:
    ///   - get: Reads the value from the state.
    ///   - set: Sends the action for a new value.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.read = get
        self.write = set
    }

    /// The value the state holds; setting it sends the action for the new value.
    public var value: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }
}

extension Connection {
    /// A two-way binding of one prop: reads it from ``props`` and dispatches the action
    /// `send` makes of a new value to the connection's store.
    ///
    /// A store-less connection (a preview, a spec) has no store to send to: its props
    /// stay, and reading the binding back gives them.
    ///
    /// - Parameters:
    ///   - keyPath: The prop.
    ///   - send: The action for a new value.
    /// - Returns: The binding.
    public func twoWayBinding<T, A: Action>(_ keyPath: KeyPath<Props, T>,
                                            send: @escaping @MainActor (T) -> A) -> TwoWayBinding<T> {
        TwoWayBinding(get: { [self] in props[keyPath: keyPath] },
                      set: { [self] value in dispatchIfFollowing(send(value)) })
    }

    /// Dispatches `action` to the store the connection follows, if it follows one.
    func dispatchIfFollowing(_ action: any Action) {
        followedStore?.dispatch(action)
    }
}
