import ReflowCore

import Reflow

/// A subscriber's view of the store's states: which ones reach it, and how they are
/// transformed on the way (ReSwift's `Subscription`).
///
/// Build one in `subscribe(_:transform:)`:
///
/// ```swift
/// store.subscribe(viewModel) { subscription in
///     subscription.select(\.todos).skipRepeats()
/// }
/// ```
///
/// Each step sees the store's previous and new state (or what the steps before it made of
/// them), as in ReSwift: `skipRepeats` compares consecutive states.
public final class Subscription<State> {
    /// The closure called with each change: the previous value (`nil` for the first) and
    /// the new one. Extensions can write it, as ReSwift's `skipRepeats` does.
    public var observer: ((State?, State) -> Void)?

    @usableFromInline init() {}

    /// Creates a subscription from a sink: the closure receives a function that sends
    /// values through this subscription.
    ///
    /// - Parameter sink: Receives the function to call with each (old, new) pair.
    @inlinable
    public init(sink: @escaping (@escaping (State?, State) -> Void) -> Void) {
        // Strong: the step before holds this one through its observer (the chain runs
        // from the store's end), and this one holds nothing before it.
        sink { old, new in self.newValues(oldState: old, newState: new) }
    }

    @inlinable
    func newValues(oldState: State?, newState: State) {
        observer?(oldState, newState)
    }

    /// A subscription of a part of the state.
    ///
    /// - Parameter selector: Maps a state to the part the subscriber wants.
    /// - Returns: The subscription of that part.
    // Inlinable: the step's closure is then specialized in the subscriber's module
    // (benchmark C1).
    @inlinable
    public func select<Substate>(_ selector: @escaping (State) -> Substate) -> Subscription<Substate> {
        Subscription<Substate> { sink in
            self.observer = { oldState, newState in
                sink(oldState.map(selector), selector(newState))
            }
        }
    }

    /// A subscription of the value at a key path of the state.
    ///
    /// - Parameter keyPath: The part of the state the subscriber wants.
    /// - Returns: The subscription of that part.
    // A stored property is read at its offset, without the key path's projection at run
    // time (which looks up generic metadata, twice per state here: benchmark C1).
    @inlinable
    public func select<Substate>(_ keyPath: KeyPath<State, Substate>) -> Subscription<Substate> {
        select(KeyPathAccess.reader(keyPath))
    }

    /// A subscription that skips a new value when `isRepeat` says it repeats the previous
    /// one.
    ///
    /// - Parameter isRepeat: Whether the change from the previous value to the new one is
    ///   a repeat, not to be delivered.
    /// - Returns: The filtered subscription.
    @inlinable
    public func skipRepeats(_ isRepeat: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        Subscription<State> { sink in
            self.observer = { oldState, newState in
                if let oldState, isRepeat(oldState, newState) { return }
                sink(oldState, newState)
            }
        }
    }

    /// The same as ``skipRepeats(_:)``.
    ///
    /// - Parameter when: Whether the change from the old value to the new one is a repeat.
    /// - Returns: The filtered subscription.
    @inlinable
    public func skip(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats(when)
    }

    /// A subscription that delivers a new value only when `when` holds for the change.
    ///
    /// - Parameter when: Whether the change from the old value to the new one is delivered.
    /// - Returns: The filtered subscription.
    @inlinable
    public func only(when: @escaping (_ oldState: State, _ newState: State) -> Bool) -> Subscription<State> {
        skipRepeats { !when($0, $1) }
    }
}

extension Subscription where State: Equatable {
    /// A subscription that skips values equal (`==`) to the previous one.
    ///
    /// - Returns: The filtered subscription.
    @inlinable
    public func skipRepeats() -> Subscription<State> {
        skipRepeats { $0 == $1 }
    }
}
