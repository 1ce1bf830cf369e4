import Foundation
import Reflow
import ReflowCore

extension History {
    /// A self-contained HTML page that shows the history: the timeline of actions, and for
    /// the selected one its diff, what it updated (when traced) and the state after it as
    /// a tree you can fold and search.
    ///
    /// The page needs no network: no external scripts, styles or fonts. Open it in any
    /// browser; click an action, or use the arrow keys, to select it; type in the filter to
    /// show only the actions whose names contain it, and in the search to show only the
    /// state paths that contain it. A link can select one action and fill both fields:
    /// `inspector.html?select=3&filter=Add&search=items`.
    ///
    /// ```swift
    /// try history.inspectorHTML(title: "GitHubSearch session")
    ///     .write(to: URL(fileURLWithPath: "session.html"), atomically: true, encoding: .utf8)
    /// ```
    ///
    /// To inspect a running app instead, and act on it from the page, see
    /// ``serveInspector(port:interface:title:testSetup:)``.
    ///
    /// - Parameter title: The page's title.
    /// - Returns: The page.
    public func inspectorHTML(title: String = "Reflow history") -> String {
        let payload = InspectorDocument(history: self).payload(title: title, since: nil, revision: nil, isLive: false)
        return Self.inspectorPage(title: title, data: InspectorDocument<State>.json(payload))
    }

    /// The page around `data`, the JSON of an ``InspectorDocument`` payload.
    static func inspectorPage(title: String, data: String) -> String {
        inspectorPageHead(title: title) + data + InspectorPage.tail
    }

    /// The page up to its data, titled: the live inspector sends the data after it in pieces.
    static func inspectorPageHead(title: String) -> String {
        InspectorPage.head.replacingOccurrences(of: "{{TITLE}}", with: escapeHTML(title))
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
