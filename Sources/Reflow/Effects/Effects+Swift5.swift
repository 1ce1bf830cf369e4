import ReflowCore

// The effect builders again, for Swift 5 code, where free and static functions are not
// `Sendable` and turning one into a `@MainActor` closure warns (as `Reducer`'s Swift 5
// forms do). Swift 6 code does not see them. The function is carried into the
// `@MainActor` handler in a `MainActorBound`: the store calls handlers on the main actor only.

extension Effects {
    /// Effects for actions of exactly type `A`, in Swift 5 code, from a closure or function
    /// that is not `@MainActor`; otherwise the same as the `@MainActor` form.
    ///
    /// - Parameters:
    ///   - type: The action type that starts the effect.
    ///   - run: Returns the effect to start; called on the main actor.
    /// - Returns: The effects.
    @available(swift, obsoleted: 6)
    public static func on<A: Action>(_ type: A.Type, _ run: @escaping (A, State) -> Effect<any Action>) -> Effects {
        let run = MainActorBound(run)
        return .on(type) { @MainActor (action: A, state: State) in run.isolatedValue(action, state) }
    }

    /// These effects and those for actions of exactly type `A`, in Swift 5 code, from a
    /// closure or function that is not `@MainActor`; otherwise the same as the `@MainActor` form.
    ///
    /// - Parameters:
    ///   - type: The action type that starts the effect.
    ///   - run: Returns the effect to start; called on the main actor.
    /// - Returns: The effects.
    @available(swift, obsoleted: 6)
    public func on<A: Action>(_ type: A.Type, _ run: @escaping (A, State) -> Effect<any Action>) -> Effects {
        Effects.combine(self, .on(type, run))
    }
}
