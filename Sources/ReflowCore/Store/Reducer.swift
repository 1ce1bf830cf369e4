/// A pure function that changes state in place in response to an action.
///
/// Build a reducer from one closure that sees every action, or route by the action's
/// concrete type with ``on(_:_:)-6owo4``; routing is a hash lookup, so it does not get
/// slower as you handle more action types. Combine feature reducers with ``combine(_:)-([Reducer<State>])``
/// and lift a reducer of a slice into the whole app state with ``scope(_:)``.
///
/// ```swift
/// struct Increment: Action {}
/// struct Add: Action { var amount: Int }
///
/// let counter = Reducer<Int>
///     .on(Increment.self) { count, _ in count += 1 }
///     .on(Add.self) { count, add in count += add.amount }
///
/// let app = Reducer.combine(
///     counter.scope(\AppState.count),
///     Reducer<AppState> { state, action in state.log.append("\(action)") }
/// )
/// ```
///
/// Reducers run on the main actor and must not dispatch: a reducer that calls
/// ``Store/dispatch(_:)`` stops the program with a message naming the action. Put
/// follow-up work in middleware or an ``Effect``.
///
/// > Note: State is passed `inout`, so appending to a large array in state is O(1) and
/// > never copies the array.
public struct Reducer<State>: Sendable {
    @usableFromInline package typealias Body = @MainActor (inout State, any Action) -> Void

    @usableFromInline package enum Stage: Sendable {
        /// Runs for every action.
        case everyAction(Body)
        /// Runs only for actions whose exact dynamic type is a key of the table.
        case routed([ObjectIdentifier: Body])
    }

    /// How the reducer was built, kept so that `combine` can merge routing tables.
    @usableFromInline package let stages: [Stage]
    /// The stages compiled into one closure: running a reducer is one call, with no walk
    /// over generic enum values (which costs metadata lookups in unspecialized code).
    @usableFromInline let body: Body
    /// What each action type can write, so the store can skip key-path subscriptions to
    /// other slices (see ``scope(_:)``).
    @usableFromInline let footprints: Footprints

    @inlinable
    init(stages: [Stage], footprints: Footprints) {
        self.stages = stages
        self.body = Reducer.compile(stages)
        self.footprints = footprints
    }

    /// Creates a reducer from a closure that sees every action.
    ///
    /// - Parameter reduce: Changes `state` in place for `action`; ignore actions you don't
    ///   handle.
    public init(_ reduce: @escaping @MainActor (inout State, any Action) -> Void) {
        self.init(stages: [.everyAction(reduce)], footprints: Footprints(everyAction: .whole))
    }

    /// A reducer that does nothing, the identity of ``combine(_:)-([Reducer<State>])``.
    public static var empty: Reducer { Reducer(stages: [], footprints: Footprints()) }

    /// Creates a reducer that handles actions of exactly type `A` (not subclasses).
    ///
    /// - Complexity: Routing is O(1) in the number of handled action types.
    ///
    /// - Parameters:
    ///   - type: The action type to handle.
    ///   - reduce: Changes the state in place for an action of that type.
    /// - Returns: A reducer that handles `type` and ignores every other action.
    @inlinable
    public static func on<A: Action>(_ type: A.Type, _ reduce: @escaping @MainActor (inout State, A) -> Void) -> Reducer {
        Reducer(stages: [.routed([ObjectIdentifier(type): Reducer.route(reduce)])],
                footprints: Footprints(routed: [ObjectIdentifier(type): .whole]))
    }

    /// Returns this reducer followed by a handler for actions of exactly type `A`.
    ///
    /// When this reducer already handles `A`, both run, this one first.
    ///
    /// - Parameters:
    ///   - type: The action type to handle.
    ///   - reduce: Changes the state in place for an action of that type.
    /// - Returns: A reducer that runs this one, then `reduce` for actions of type `A`.
    @inlinable
    public func on<A: Action>(_ type: A.Type, _ reduce: @escaping @MainActor (inout State, A) -> Void) -> Reducer {
        Reducer.combine(self, .on(type, reduce))
    }

    /// Combines reducers into one that runs each in order on the same state.
    ///
    /// - Parameter reducers: The reducers, in the order they run.
    /// - Returns: One reducer; adjacent routed reducers share one lookup.
    @inlinable
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Combines an array of reducers into one that runs each in order on the same state.
    ///
    /// - Parameter reducers: The reducers, in the order they run.
    /// - Returns: One reducer; adjacent routed reducers share one lookup.
    @inlinable
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        var stages: [Stage] = []
        var footprints = Footprints()
        for reducer in reducers {
            footprints = footprints.combined(with: reducer.footprints)
            for stage in reducer.stages {
                // Adjacent routing tables merge into one lookup; order is kept because a
                // routed handler only ever runs for its own action type.
                if case .routed(let incoming) = stage, case .routed(var table)? = stages.last {
                    for (key, handler) in incoming {
                        if let existing = table[key] {
                            table[key] = { state, action in existing(&state, action); handler(&state, action) }
                        } else {
                            table[key] = handler
                        }
                    }
                    stages[stages.count - 1] = .routed(table)
                } else {
                    stages.append(stage)
                }
            }
        }
        return Reducer(stages: stages, footprints: footprints)
    }

    /// Lifts this reducer of a slice into a reducer of the state that contains it.
    ///
    /// The slice is changed in place through the key path; routing by action type is kept.
    ///
    /// When the slice is a stored property (not computed, not reached through a class or
    /// an array element), the store learns that this reducer writes only that slice: after
    /// an action that only scoped reducers handle, key-path subscriptions to other stored
    /// properties are not even read.
    ///
    /// ```swift
    /// let app = Reducer.combine(counter.scope(\AppState.count), todos.scope(\AppState.todos))
    /// ```
    ///
    /// - Parameter keyPath: Where the slice lives in the containing state.
    /// - Returns: A reducer of the containing state that changes only the slice.
    public func scope<Root>(_ keyPath: WritableKeyPath<Root, State>) -> Reducer<Root> {
        let slice = UncheckedSendable(keyPath)  // a key path
        return Reducer<Root>(stages: stages.map { stage in
            switch stage {
            case .everyAction(let body):
                return .everyAction { root, action in body(&root[keyPath: slice.value], action) }
            case .routed(let table):
                return .routed(table.mapValues { body in { root, action in body(&root[keyPath: slice.value], action) } })
            }
        }, footprints: footprints.lifted(through: slice.value))
    }

    /// Runs the reducer: changes `state` in place for `action`.
    ///
    /// - Parameters:
    ///   - state: The state to change.
    ///   - action: The action to handle.
    /// - Complexity: One hash lookup per routed stage, plus the handlers' own work.
    @MainActor @inlinable
    public func reduce(_ state: inout State, _ action: any Action) {
        body(&state, action)
    }

    // Inlinable so the routing closure is specialized for the client's State: unspecialized,
    // each lookup asks the runtime for the closure type's metadata (benchmark S1).
    @inlinable
    static func compile(_ stages: [Stage]) -> Body {
        let bodies: [Body] = stages.map { stage in
            switch stage {
            case .everyAction(let body):
                return body
            case .routed(let table):
                return { state, action in
                    if let body = table[ObjectIdentifier(type(of: action))] { body(&state, action) }
                }
            }
        }
        switch bodies.count {
        case 0: return { _, _ in }
        case 1: return bodies[0]
        default: return { state, action in for body in bodies { body(&state, action) } }
        }
    }

    // Inlinable so the client module specializes the cast and the call for its own action
    // and state types (the S1 benchmark: about a third of the dispatch cost).
    @inlinable
    static func route<A: Action>(_ reduce: @escaping @MainActor (inout State, A) -> Void) -> Body {
        { state, action in
            // The table is keyed by A's exact type, so the action is an A.
            reduce(&state, ActionCast.unchecked(action, to: A.self))
        }
    }

    // MARK: From ReSwift
    // In the body, as the rest of the API: see `Store`'s "Subscribing".

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
