extension Reducer {
    /// Creates a reducer from a ReSwift-style function `(Action, State?) -> State`, so an
    /// existing ReSwift reducer moves over unchanged.
    ///
    /// ```swift
    /// func counterReducer(action: any Action, state: Int?) -> Int {
    ///     var state = state ?? 0
    ///     if action is Increment { state += 1 }
    ///     return state
    /// }
    /// let reducer = Reducer.reSwift(counterReducer)
    /// ```
    ///
    /// > Important: The function receives a copy of the state and returns a new one, so
    /// > every action copies the state. For large state, port the reducer to the `inout`
    /// > form (`Reducer { state, action in ... }` or ``on(_:_:)-6owo4``) when you can.
    ///
    /// - Complexity: O(*n*) per action in the size of the state it copies.
    ///
    /// - Parameter reduce: A ReSwift reducer: takes the action and the state (`nil` before
    ///   the first action) and returns the new state.
    /// - Returns: A reducer that runs it for every action.
    public static func reSwift(_ reduce: @escaping @MainActor (any Action, State?) -> State) -> Reducer {
        Reducer { @MainActor state, action in
            state = reduce(action, state)
        }
    }
}
