/// One section of a sectioned list: its identity and its rows.
public struct ListSection<ID: Hashable, Row>: Identifiable {
    /// The section's identity, stable across changes.
    public var id: ID
    /// The section's rows.
    public var rows: [Row]

    /// A section with an identity and rows.
    ///
    /// - Parameters:
    ///   - id: The section's identity.
    ///   - rows: Its rows.
    public init(id: ID, rows: [Row]) {
        self.id = id
        self.rows = rows
    }
}

extension ListSection: Equatable where Row: Equatable {}
extension ListSection: Sendable where ID: Sendable, Row: Sendable {}

/// What changed between two sectioned lists: sections removed, inserted and moved by
/// identity, and, inside each section present in both, its rows' changes.
///
/// A row that moves to another section appears as removed from the old section and
/// inserted into the new one.
public struct SectionedListChanges: Equatable, Sendable {
    /// Section-level changes (``ListChanges/updated`` is always empty here: a section's
    /// content is its rows, reported in ``rows``).
    public var sections: ListChanges
    /// Row changes of each section present in both lists, by the section's new index;
    /// sections whose rows did not change are left out.
    public var rows: [Int: ListChanges]

    /// Whether nothing changed.
    public var isEmpty: Bool { sections.isEmpty && rows.isEmpty }

    /// The changes from `old` to `new`, matching sections by id and rows by `id`.
    ///
    /// - Parameters:
    ///   - old: The sections before.
    ///   - new: The sections after.
    ///   - id: A row's identity; unique within each section.
    /// - Returns: The section and row changes.
    /// - Complexity: O(*n* log *n*) in all rows.
    public static func between<SectionID, Row: Equatable, RowID: Hashable>(
        _ old: [ListSection<SectionID, Row>], _ new: [ListSection<SectionID, Row>], id: (Row) -> RowID
    ) -> SectionedListChanges {
        let sections = ListChanges.between(old, new, id: { $0.id }, isSame: { _, _ in true })
        let oldIndex = Dictionary(old.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [Int: ListChanges] = [:]
        for (position, section) in new.enumerated() {
            guard let previous = oldIndex[section.id] else { continue }
            let changes = ListChanges.between(old[previous].rows, section.rows, id: id)
            if !changes.isEmpty { rows[position] = changes }
        }
        return SectionedListChanges(sections: sections, rows: rows)
    }

    /// The changes from `old` to `new`, matching sections by id and rows by their `id`.
    ///
    /// - Parameters:
    ///   - old: The sections before.
    ///   - new: The sections after.
    /// - Returns: The section and row changes.
    /// - Complexity: O(*n* log *n*) in all rows.
    public static func between<SectionID, Row: Identifiable & Equatable>(
        _ old: [ListSection<SectionID, Row>], _ new: [ListSection<SectionID, Row>]
    ) -> SectionedListChanges {
        between(old, new, id: { $0.id })
    }
}
