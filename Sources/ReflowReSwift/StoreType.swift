/// Something actions can be dispatched to (ReSwift's `DispatchingStoreType`).
public protocol DispatchingStoreType {
    /// Dispatches `action` through the middleware to the reducer.
    func dispatch(_ action: any Action)
}

/// A store with ReSwift's API (ReSwift's `StoreType`).
///
/// Code generic over `StoreType` gets ReSwift's three `subscribe` requirements, so a
/// subscription to an `Equatable` selected state skips repeats there too.
public protocol StoreType: DispatchingStoreType {
    /// The state the store holds.
    associatedtype State

    /// The current state.
    var state: State! { get }

    /// The dispatch function, middleware included.
    var dispatchFunction: DispatchFunction! { get }

    /// Subscribes `subscriber` to the whole state.
    func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State

    /// Subscribes `subscriber` to what `transform` makes of the state.
    func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState

    /// Subscribes `subscriber` to an `Equatable` value that `transform` selects, skipping
    /// repeats unless the store was made with `automaticallySkipsRepeats: false`.
    func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S, transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState

    /// Ends `subscriber`'s subscription.
    func unsubscribe(_ subscriber: any AnyStoreSubscriber)
}
