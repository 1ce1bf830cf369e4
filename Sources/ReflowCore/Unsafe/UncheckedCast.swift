/// `object` as the `T` it is known to be, without a dynamic cast.
///
/// Callers use it where an invariant of theirs, written beside the call, says what
/// `object` is: a reactor's core belongs to a reactor of its type. The package's own
/// tests check every call (`REFLOW_INTERNAL_CHECKS`) and stop at the first object that is
/// not a `T`; an app's build checks nothing. (A key-path group's per-member cast is the
/// same code written out in its pass, `KeyPathGroup.member(_:)`: a debug build would call
/// this function for every member.)
///
/// In a debug build the cast goes through `Unmanaged`, since `unsafeDowncast` there looks
/// up `T`'s metadata and casts dynamically on every call; optimized, `unsafeDowncast`
/// costs nothing, where the `Unmanaged` form would cost a retain.
///
/// - Complexity: O(1).
@inlinable @inline(__always)
package func uncheckedCast<Object: AnyObject, T: AnyObject>(_ object: Object, to _: T.Type) -> T {
    #if REFLOW_INTERNAL_CHECKS
    precondition(object is T, "uncheckedCast: \(type(of: object)) is not \(T.self)")
    #endif
    #if DEBUG
    return Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
    #else
    return unsafeDowncast(object, to: T.self)
    #endif
}
