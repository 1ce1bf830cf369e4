/// `object` as the `T` it is known to be, without a dynamic cast.
///
/// Callers use it where an invariant of theirs, written beside the call, says what
/// `object` is: a reactor's core belongs to a reactor of its type. The package's own
/// tests check every call (`REFLOW_INTERNAL_CHECKS`) and stop at the first object that is
/// not a `T`; an app's build checks nothing. (A key-path group's pass casts each member
/// with ReflowUnsafe's `ExactClass` instead, which checks the class in every build:
/// from another module, a transparent function is inlined into a debug build, where this
/// one would be a call per member.)
///
/// In a debug build the cast goes through `Unmanaged`, since `unsafeDowncast` there looks
/// up `T`'s metadata and casts dynamically on every call; optimized, `unsafeDowncast`
/// costs nothing, where the `Unmanaged` form would cost a retain.
///
/// - Complexity: O(1).
// `object` is `AnyObject`, not a generic parameter: the generic form measured 1.05× on
// R1 and 1.03× on R1h.
@inlinable @inline(__always)
package func uncheckedCast<T: AnyObject>(_ object: AnyObject, to _: T.Type) -> T {
    #if REFLOW_INTERNAL_CHECKS
    precondition(object is T, "uncheckedCast: \(type(of: object)) is not \(T.self)")
    #endif
    #if DEBUG
    return unsafe Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
    #else
    return unsafe unsafeDowncast(object, to: T.self)
    #endif
}

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
        unsafe unsafeBitCast(action, to: A.self)
    }
}
