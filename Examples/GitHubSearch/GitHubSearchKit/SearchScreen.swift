import ExampleTerminal
import Reflow

/// The search screen in a terminal: it draws only its props and calls only its actions.
@MainActor
public final class SearchScreen: TerminalProgram {
    public let name = "GitHubSearch"
    public var onChange: (@MainActor () -> Void)?
    public private(set) var props: SearchProps
    private let connection: Connection<SearchApp.State, SearchProps, SearchActions>
    private let source: String
    private var bindings: [SubscriptionHandle] = []
    private let onFinish: () -> Void
    private let effects: @MainActor () async -> Void

    init(connection: Connection<SearchApp.State, SearchProps, SearchActions>, source: String, effects: @escaping @MainActor () async -> Void, onFinish: @escaping () -> Void) {
        self.effects = effects
        self.connection = connection
        self.source = source
        self.onFinish = onFinish
        props = connection.props
        bindings.append(connection.bind(\.self) { [weak self] props in
            self?.props = props
            self?.onChange?()
        })
        connection.connect()
    }

    public var isBusy: Bool { props.isBusy }

    public func handle(_ key: Key) -> KeyOutcome {
        let actions = connection.actions
        switch key {
        case .interrupt, .endOfInput:
            return .quit
        case .enter where props.details != nil, .escape where props.details != nil:
            actions.back()
        case .enter where props.rows.indices.contains(props.selection):
            actions.openDetails(props.rows[props.selection].name)
        case .escape:
            actions.updateQuery("")
        case .up:
            actions.moveUp()
        case .down:
            actions.moveDown()
        case .backspace where props.details == nil:
            actions.updateQuery(String(props.query.dropLast()))
        case .character(let character) where props.details == nil:
            actions.updateQuery(props.query + String(character))
        case .paste(let text) where props.details == nil && !text.isEmpty:
            actions.updateQuery(props.query + text)
        default:
            break
        }
        return .handled
    }

    public func frame(size: TerminalSize) -> [String] {
        let rule = String(repeating: "─", count: size.columns)
        var lines = [" GitHubSearch — \(source)"]
        if let details = props.details {
            lines += ["", " \(details.fullName)"]
            if let repository = details.repository {
                lines += [" ★ \(repository.stars.formatted()) · \(repository.language ?? "no language")", ""]
                lines += wrapped(repository.description ?? "(no description)", width: size.columns - 2).map { " " + $0 }
                lines += ["", " \(repository.htmlURL)"]
            } else {
                lines += [""] + wrapped(details.status, width: size.columns - 2).map { " " + $0 }
            }
            return size.screen(lines, footer: " Enter or Esc: back to the results · Ctrl-C: quit")
        }
        lines += [" Search: \(Self.tail(of: props.query, width: size.columns - 11))▏", rule]
        // The status wraps: an error's advice ("…, or run without --live") must be read whole.
        let status = wrapped(props.status, width: size.columns - 2).map { " " + $0 }
        let visible = max(1, size.rows - 5 - max(1, status.count))
        let first = min(max(0, props.selection - visible + 1), props.rows.count)
        for index in first..<min(props.rows.count, first + visible) {
            let row = props.rows[index]
            let marker = index == props.selection ? ">" : " "
            lines.append("\(marker) \(row.name.fitted(to: 34)) \(row.stars.fitted(to: 7)) \(row.language.fitted(to: 10)) \(row.summary)")
        }
        lines += Array(repeating: "", count: max(0, size.rows - 2 - max(1, status.count) - lines.count))
        lines += [rule] + (status.isEmpty ? [""] : status)
            + [" type to search · ↑↓ move · Enter: details · Esc: clear · Ctrl-C: quit"]
        return lines
    }

    public func waitForEffects() async {
        await effects()
    }

    public func finish() {
        bindings.forEach { $0.cancel() }
        connection.disconnect()
        onFinish()
    }

    /// The end of `query` that fits in `width` columns, after "…" when the start is cut:
    /// the end is where the user types, so it stays in view.
    static func tail(of query: String, width: Int) -> String {
        guard query.displayWidth > width, width > 1 else { return query }
        var kept: [Character] = []
        var used = 1
        for character in query.reversed() {
            guard used + character.displayWidth <= width else { break }
            kept.append(character)
            used += character.displayWidth
        }
        return "…" + String(kept.reversed())
    }
}
