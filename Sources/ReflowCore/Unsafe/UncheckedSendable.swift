/// A value shared across isolation domains although its type is not `Sendable`: a key
/// path, an `AnyHashable` cancellation id that only the main actor hashes, or an
/// observer's label that only the main actor reads.
///
/// Swift does not mark key paths `Sendable` unless they are written as literals, so one a
/// user hands to `scope`, `host` or `PersistedSlice` cannot be captured by the `Sendable`
/// closures made from it. All three kinds of value are immutable once made: a key path only
/// projects (what it captured, a subscript's index, is hashed and compared, never changed);
/// a cancellation id is hashed and compared only through `EffectID`'s main-actor-isolated
/// `Hashable`; a label is immutable and read through a `@MainActor` accessor only. Each wrap says beside it which kind it
/// holds; nothing else goes in here.
@usableFromInline
package struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline package let value: Value

    @inlinable package init(_ value: Value) {
        self.value = value
    }
}
