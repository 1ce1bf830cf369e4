/// What the reductions since the last notification can have written, as a ``Footprint``.
///
/// The dispatch loop keeps it while some observer can use it (a key-path group, a slice
/// connection, a hosted reactor's `Equatable` slice); those observers hold it and skip
/// values whose bytes were not written.
/// Outside that it stays `.whole`: everything may have changed.
@MainActor @usableFromInline
package final class StateWrites {
    // Exclusivity stays checked: unchecking it measured no gain (S3, S8, 2026-11-24; R3h,
    // where every hosted slice reads it, 2026-11-27).
    @usableFromInline package var footprint: Footprint = .whole

    init() {}
}
