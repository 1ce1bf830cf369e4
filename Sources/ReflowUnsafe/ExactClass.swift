/// A final class `T`, for casting objects known to be exactly a `T`: one load and one compare
/// per cast, where `as!` walks the runtime's general cast.
///
/// For a pass over a table whose entries are all of one final class (a key-path group's
/// members): ``cast(_:)`` stops with a message if an object's class is not exactly `T`, so a
/// wrong entry is never read as a `T`.
///
/// Made once, when the table's owner is (a stored property), and read once per pass: the
/// class's address is then a value the pass holds. Named inside a pass, `T.self` is a
/// constant the optimizer rebuilds in the member loop, a metadata accessor call per member
/// (S2 by key path, release: 1.15× with `T.self` in the pass).
///
/// ```swift
/// let memberClass = ExactClass<Member>()   // stored by the table's owner
/// let member = memberClass.cast(entry)     // in the pass
/// ```
@frozen @usableFromInline
package struct ExactClass<T: AnyObject> {
    /// The address of `T`'s metadata: what an instance's class pointer holds.
    @usableFromInline let address: Int

    /// The class `T`.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init() {
        // A metatype of a class is one pointer to its metadata (what `ObjectIdentifier`
        // compares), read as a word so that a debug build compares it without a call.
        address = unsafe unsafeBitCast(T.self, to: Int.self)
    }

    /// `object` as a `T`; stops with a message unless its class is exactly `T`.
    ///
    /// - Parameter object: The entry, as its table's class.
    /// - Complexity: O(1): a load and a compare.
    @_transparent @usableFromInline
    package func cast<Object: AnyObject>(_ object: Object) -> T {
        // `Object` is the entry's static class, not `AnyObject`, so that reading its class
        // is a load rather than a runtime call where Objective-C classes exist.
        // `ObjectIdentifier(_:)` would be a call per member in a debug build (S2 by key path,
        // debug section: 1.21×).
        if unsafe unsafeBitCast(Swift.type(of: object), to: Int.self) != address {
            notExactly(object, T.self)
        }
        #if DEBUG
        // Through `Unmanaged` in a debug build, where `unsafeDowncast` looks up `T`'s
        // metadata and casts dynamically on every call; optimized, `unsafeDowncast` is free
        // and this form would cost a retain.
        return unsafe Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
        #else
        return unsafe unsafeDowncast(object, to: T.self)
        #endif
    }
}

/// Stops a cast whose object is not exactly the class it was cast to: a bug of the engine.
@usableFromInline
func notExactly(_ object: AnyObject, _ type: Any.Type) -> Never {
    fatalError("Reflow: a \(Swift.type(of: object)) was read as a \(type); please report this as a bug")
}
