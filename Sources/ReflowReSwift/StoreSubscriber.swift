/// An object that receives the store's state, or a part of it (ReSwift's
/// `StoreSubscriber`).
///
/// ```swift
/// final class CounterViewModel: StoreSubscriber {
///     var text = ""
///     func newState(state: Int) { text = "\(state)" }
/// }
/// store.subscribe(viewModel) { $0.select(\.count) }
/// ```
///
/// The store holds subscribers weakly, and tells them on the main thread.
public protocol StoreSubscriber: AnyStoreSubscriber {
    /// What the subscriber receives: the state, or what its subscription selects.
    associatedtype StoreSubscriberStateType
    /// Receives a new state (or selected value).
    func newState(state: StoreSubscriberStateType)
}

/// A subscriber whose state type is erased, so the store can hold subscribers of every
/// selected type (ReSwift's `AnyStoreSubscriber`).
public protocol AnyStoreSubscriber: AnyObject {
    // swiftlint:disable:next identifier_name
    func _newState(state: Any)
}

extension StoreSubscriber {
    /// Forwards a type-erased state to ``newState(state:)``.
    public func _newState(state: Any) {
        // Only the store calls this, with the subscription's own selected type.
        if let typedState = state as? StoreSubscriberStateType {
            newState(state: typedState)
        }
    }
}
