import ExampleTerminal
import Reflow

/// The screen: a table and a collection bound to the same list props; each applies the
/// change set of every update (insert, remove, move, reload) instead of reloading all.
@MainActor
public final class ListScreen: TerminalProgram {
    public let name = "TableAndCollection"
    public var onChange: (@MainActor () -> Void)?
    public let table = StandInTable<Item>()
    public let collection = StandInTable<Item>()
    public private(set) var selection = 0
    public let connection: Connection<ListState, ListProps, ListActions>
    private var bindings: [SubscriptionHandle] = []
    private var nextName = 0

    /// What `a` adds, in turn.
    public static let names = ["milk", "eggs", "bread", "apples", "coffee", "butter", "cheese", "tea", "rice", "honey"]

    public init(store: Store<ListState>) {
        connection = Connection(store: store, mapStateToProps: listProps(from:), mapDispatchToActions: listActions)
        bindings += [
            connection.bind(\.items, toList: { [table] in table.apply($0) }),
            connection.bind(\.items, toList: { [collection] in collection.apply($0) }),
            connection.bind(\.self) { [weak self] props in
                guard let self else { return }
                selection = min(selection, max(0, props.items.count - 1))
                onChange?()
            },
        ]
        connection.connect()
    }

    public var isBusy: Bool { false }

    /// What the last key did when the table got no batch for it (sorting a sorted list).
    private var unchanged: String?

    private var selectedItem: Item? {
        table.rows.indices.contains(selection) ? table.rows[selection] : nil
    }

    public func handle(_ key: Key) -> KeyOutcome {
        let actions = connection.actions
        unchanged = nil
        switch key {
        case .interrupt, .endOfInput, .character("q"): return .quit
        case .character("a"):
            actions.add(Self.names[nextName % Self.names.count])
            nextName += 1
            selection = table.rows.count - 1
        case .character("d"), .backspace: if let item = selectedItem { actions.remove(item.id) }
        case .character("+"): if let item = selectedItem { actions.increase(item.id) }
        case .character("s"):
            let selected = selectedItem?.id
            let batches = table.log.count
            actions.sort()
            selection = table.rows.firstIndex { $0.id == selected } ?? 0   // the selection follows its item
            // Sorted already: no prop changed, so no batch came; say so, not the last one.
            if table.log.count == batches { unchanged = "sort: already in order, no change" }
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, table.rows.count - 1), selection + 1)
        default: return .handled
        }
        onChange?()
        return .handled
    }

    public func frame(size: TerminalSize) -> [String] {
        var lines = [" TableAndCollection — one list, a table and a collection, updated by change sets", ""]
        lines.append(" Table (\(connection.props.total)):")
        for (index, item) in table.rows.enumerated().prefix(max(1, size.rows - 10)) {
            lines.append("  \(index == selection ? ">" : " ") \(item)")
        }
        if table.rows.isEmpty { lines.append("    (empty: press a to add)") }
        lines.append("")
        lines.append(" Collection:")
        lines.append("   " + collection.rows.map { "[\($0.name) \($0.count)]" }.joined(separator: " "))
        lines.append("")
        lines.append(" Last update: " + (unchanged ?? table.log.last ?? "none"))
        return size.screen(lines, footer: " a add · d remove · + one more · s sort · ↑↓ select · q quit")
    }

    public func finish() {
        bindings.forEach { $0.cancel() }
        connection.disconnect()
    }

    public static let demoScript = """
        type aaa
        key up
        type +
        type s
        key down
        type d
        type a
        type s
        """
}
