/// When an internal check (`REFLOW_INTERNAL_CHECKS`, the package's own test runs) walks a
/// whole table, group or index rather than only what the change touched.
///
/// A walk on every change makes a test that builds thousands of observers quadratic (2,000
/// connections to one array took 10 s instead of 0.05 s). A walk at every size, but only
/// while the structure is small or its count is a multiple of 64, keeps the checks on at
/// every size a model test reaches, at about 64 entries a change: a broken invariant
/// persists until the next walk, which is at most 64 changes of count away.
package enum InvariantWalk {
    /// Whether a check of a structure with `count` entries walks all of them now.
    @inlinable
    package static func isDue(count: Int) -> Bool {
        count <= 256 || count % 64 == 0
    }
}
