import Reflow

/// ReSwift's reducer: a function of an action and the current state (or `nil` before the
/// first action) that returns the new state.
///
/// ```swift
/// func counterReducer(action: Action, state: CounterState?) -> CounterState {
///     var state = state ?? CounterState()
///     if action is Increase { state.count += 1 }
///     return state
/// }
/// ```
///
/// A reducer is any function of this type, as in ReSwift: a free function, a method, a
/// closure in a global. The store calls it on the main thread.
public typealias Reducer<ReducerStateType> = (_ action: any Action, _ state: ReducerStateType?) -> ReducerStateType

/// Combines reducers into one that runs them in order, each on the state the previous one
/// returned (ReSwift's `combineReducers`).
///
/// - Parameters:
///   - first: The reducer that runs first.
///   - remainder: The reducers that run after it, in order.
/// - Returns: One reducer.
public func combineReducers<T>(_ first: @escaping Reducer<T>, _ remainder: Reducer<T>...) -> Reducer<T> {
    let reducers = [first] + remainder
    return { action, state in
        var current = state
        for reducer in reducers { current = reducer(action, current) }
        // `reducers` is never empty, so `current` was set by at least one reducer.
        return current!
    }
}
