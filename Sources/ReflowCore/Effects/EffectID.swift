/// A type-erased cancellation id.
///
/// The id is the app's value, `Sendable` or not: under Xcode 26's default isolation an
/// app's `enum CancelID` has a main-actor-isolated `Hashable` conformance. It is carried in
/// an effect (a `Sendable` value) but only hashed and compared by the cancellation tables
/// of ``EffectRegistry``, which are main-actor isolated, so its conformance is used only
/// where it is valid. (`EffectID`'s own `Hashable` is not written `@MainActor`: that
/// syntax needs Swift 6.2, and the library builds with 6.0.)
@usableFromInline
package struct EffectID: Hashable, Sendable {
    // An AnyHashable read only on the main actor (see above).
    let base: UncheckedSendable<AnyHashable>

    init(_ id: some Hashable) {
        self.base = UncheckedSendable(AnyHashable(id))
    }

    @usableFromInline package static func == (lhs: EffectID, rhs: EffectID) -> Bool { lhs.base.value == rhs.base.value }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(base.value) }
}
