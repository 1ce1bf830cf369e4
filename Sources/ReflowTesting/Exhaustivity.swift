/// How strictly a ``TestStore`` checks.
///
/// ```swift
/// store.exhaustivity = .off   // an integration test: check only what you describe
/// ```
public struct Exhaustivity: Equatable, Sendable {
    let isExhaustive: Bool

    /// Every state change must be described, every received action asserted, and no
    /// effect may still run at ``TestStore/finish(timeout:fileID:filePath:line:column:)``. The default.
    public static let on = Exhaustivity(isExhaustive: true)

    /// Only what you describe is checked: the changes in an `assert` closure must hold,
    /// unasserted received actions are skipped, and `finish` cancels running effects.
    public static let off = Exhaustivity(isExhaustive: false)
}
