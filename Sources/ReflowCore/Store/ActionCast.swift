/// Reads an existential action as the concrete type it is known to hold.
///
/// `as!` goes through the runtime's general dynamic cast, which dominated dispatch in the
/// benchmark (S1). Reducer routing already checked the action's exact dynamic type, so
/// the value can be reinterpreted directly.
@usableFromInline
enum ActionCast {
    /// Returns `action` as an `A`.
    ///
    /// - Precondition: `type(of: action) == A.self`, checked when REFLOW_INTERNAL_CHECKS is set. Callers look
    ///   the handler up by `ObjectIdentifier(type(of: action))`, which guarantees it.
    @inlinable
    static func unchecked<A: Action>(_ action: any Action, to type: A.Type) -> A {
        #if REFLOW_INTERNAL_CHECKS
        precondition(Swift.type(of: action) == A.self, "ActionCast: \(Swift.type(of: action)) is not \(A.self)")
        #endif
        return reinterpret(action, as: type)
    }

    @inlinable
    static func reinterpret<Dynamic: Action, A: Action>(_ action: Dynamic, as type: A.Type) -> A {
        // Invariant: Dynamic == A (see `unchecked`), so this reinterprets a value as its
        // own type. Covered by the reducer routing tests for empty, small, large and class
        // actions.
        unsafeBitCast(action, to: A.self)
    }
}
