/// A list prop's new rows and what changed since the rows a list target last got.
public struct ListUpdate<Row> {
    /// The rows now.
    public let rows: [Row]
    /// The changes from the previous rows (from none, the first time: every row inserted).
    public let changes: ListChanges
}

/// A sectioned list prop's new sections and what changed since the last update.
public struct SectionedListUpdate<SectionID: Hashable, Row> {
    /// The sections now.
    public let sections: [ListSection<SectionID, Row>]
    /// The changes from the previous sections (from none, the first time).
    public let changes: SectionedListChanges
}

extension ListUpdate: Sendable where Row: Sendable {}
extension SectionedListUpdate: Sendable where SectionID: Sendable, Row: Sendable {}

extension Connection {
    /// Binds an array prop of identified rows to a list target that applies changes
    /// instead of reloading: `sink` gets the new rows with what changed since it was last
    /// called (insertions, removals, moves and updates by id).
    ///
    /// ```swift
    /// connection.bind(\.todos, toList: { update in
    ///     tableView.apply(update.changes, rows: update.rows)
    /// })
    /// ```
    ///
    /// The first call, when the binding is made, inserts every row.
    ///
    /// - Parameters:
    ///   - keyPath: The array prop.
    ///   - toList: Applies each update.
    /// - Returns: The binding; it ends when cancelled or with the connection.
    /// - Complexity: O(*n* log *n*) per change of the array, for *n* rows.
    @discardableResult
    public func bind<Row: Identifiable & Equatable>(_ keyPath: KeyPath<Props, [Row]>,
                                                    toList: @escaping (ListUpdate<Row>) -> Void) -> BindingHandle {
        bind(keyPath, id: { $0.id }, toList: toList)
    }

    /// Binds an array prop of rows identified by `id` to a list target that applies
    /// changes instead of reloading.
    ///
    /// - Parameters:
    ///   - keyPath: The array prop.
    ///   - id: A row's identity, unique within the array.
    ///   - toList: Applies each update.
    /// - Returns: The binding; it ends when cancelled or with the connection.
    /// - Complexity: O(*n* log *n*) per change of the array, for *n* rows.
    @discardableResult
    public func bind<Row: Equatable, ID: Hashable>(_ keyPath: KeyPath<Props, [Row]>, id: @escaping (Row) -> ID,
                                                   toList: @escaping (ListUpdate<Row>) -> Void) -> BindingHandle {
        var last: [Row] = []
        return bind(keyPath) { (rows: [Row]) in
            let changes = ListChanges.between(last, rows, id: id)
            last = rows
            toList(ListUpdate(rows: rows, changes: changes))
        }
    }

    /// Binds a sectioned list prop to a target that applies section and row changes
    /// instead of reloading.
    ///
    /// ```swift
    /// connection.bind(\.sections, toSections: { update in
    ///     collectionView.apply(update.changes, sections: update.sections)
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The sections prop.
    ///   - toSections: Applies each update.
    /// - Returns: The binding; it ends when cancelled or with the connection.
    /// - Complexity: O(*n* log *n*) per change, in all rows.
    @discardableResult
    public func bind<SectionID, Row: Identifiable & Equatable>(
        _ keyPath: KeyPath<Props, [ListSection<SectionID, Row>]>,
        toSections: @escaping (SectionedListUpdate<SectionID, Row>) -> Void
    ) -> BindingHandle {
        var last: [ListSection<SectionID, Row>] = []
        return bind(keyPath) { (sections: [ListSection<SectionID, Row>]) in
            let changes = SectionedListChanges.between(last, sections)
            last = sections
            toSections(SectionedListUpdate(sections: sections, changes: changes))
        }
    }
}
