// The reducer builders again, for Swift 5 code: there free and static functions are not
// `Sendable`, so turning one into a `@MainActor` closure (the forms in `Reducer.swift`)
// warns. These forms take them as they are.
//
// Swift 6 code does not see them (`obsoleted: 6`): there such functions are `Sendable`, and
// a closure written in a reducer must stay `@MainActor`, so that it may read main-actor
// globals even in a global's initializer, which Swift would not allow a plain closure.
//
// The function is carried into the reducer's `@MainActor` closure in a `MainActorBound`:
// the store calls a reducer on the main actor only, and a reducer is pure (it changes the
// state it is given and touches nothing else; only Swift 5 code, which Swift does not check,
// passes one, and a free or static function captures nothing).

extension Reducer {
    /// Creates a reducer, in Swift 5 code, from a closure or function that sees every action
    /// and is not `@MainActor`; otherwise the same as the `@MainActor` form.
    ///
    /// ```swift
    /// let logger = Reducer<AppState> { state, action in state.log.append("\(action)") }
    /// ```
    ///
    /// - Parameter reduce: Changes `state` in place for `action`; ignore actions you don't
    ///   handle.
    @available(swift, obsoleted: 6)
    public init(_ reduce: @escaping (inout State, any Action) -> Void) {
        let reduce = MainActorBound(reduce)
        self.init { @MainActor (state: inout State, action: any Action) in reduce.isolatedValue(&state, action) }
    }

    /// Creates a reducer that handles actions of exactly type `A`, in Swift 5 code, from a
    /// closure or a function that is not `@MainActor`; otherwise the same as the
    /// `@MainActor` form.
    ///
    /// ```swift
    /// enum TodoReducer {
    ///     static func add(_ state: inout AppState, _ action: AddTodo) { state.todos.append(action.title) }
    /// }
    /// let appReducer = Reducer<AppState>.on(AddTodo.self, TodoReducer.add)
    /// ```
    ///
    /// - Complexity: Routing is O(1) in the number of handled action types.
    ///
    /// - Parameters:
    ///   - type: The action type to handle.
    ///   - reduce: Changes the state in place for an action of that type.
    /// - Returns: A reducer that handles `type` and ignores every other action.
    @inlinable @available(swift, obsoleted: 6)
    public static func on<A: Action>(_ type: A.Type, _ reduce: @escaping (inout State, A) -> Void) -> Reducer {
        let reduce = MainActorBound(reduce)
        return .on(type) { @MainActor (state: inout State, action: A) in reduce.isolatedValue(&state, action) }
    }

    /// Returns this reducer followed by a handler for actions of exactly type `A`, in Swift 5
    /// code, from a closure or a function that is not `@MainActor`; otherwise the same as
    /// the `@MainActor` form.
    ///
    /// - Parameters:
    ///   - type: The action type to handle.
    ///   - reduce: Changes the state in place for an action of that type.
    /// - Returns: A reducer that runs this one, then `reduce` for actions of type `A`.
    @inlinable @available(swift, obsoleted: 6)
    public func on<A: Action>(_ type: A.Type, _ reduce: @escaping (inout State, A) -> Void) -> Reducer {
        Reducer.combine(self, .on(type, reduce))
    }

    /// Creates a reducer, in Swift 5 code, from a ReSwift-style function
    /// `(Action, State?) -> State` that is not `@MainActor`; otherwise the same as the
    /// `@MainActor` form.
    ///
    /// - Complexity: O(*n*) per action in the size of the state it copies.
    ///
    /// - Parameter reduce: A ReSwift reducer: takes the action and the state (`nil` before
    ///   the first action) and returns the new state.
    /// - Returns: A reducer that runs it for every action.
    @available(swift, obsoleted: 6)
    public static func reSwift(_ reduce: @escaping (any Action, State?) -> State) -> Reducer {
        let reduce = MainActorBound(reduce)
        return .reSwift { @MainActor (action: any Action, state: State?) in reduce.isolatedValue(action, state) }
    }
}
