/// What the reductions since the last notification can have written, as a ``Footprint``.
///
/// The dispatch loop keeps it while some observer can use it (a key-path group, a slice
/// connection); those observers hold it and skip values whose bytes were not written.
/// Outside that it stays `.whole`: everything may have changed.
@MainActor @usableFromInline
final class StateWrites {
    // Unchecked: main actor only; read by observers during a pass, written by the loop
    // between passes, never inout across a call.
    @exclusivity(unchecked) @usableFromInline var footprint: Footprint = .whole

    @usableFromInline init() {}
}
