#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import Testing
import Reflow
import TestSupport
import ReflowDevtools

private struct ShopState: Equatable {
    var title = "Groceries"
    var items: [String] = []
    var note: String? = "weekly"
    @Pulse var alert: String? = nil
}

private struct AddItem: Action { var name: String }
private struct Retitle: Action { var title: String }

@MainActor
@Suite struct InspectorBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.path != nil,
                   "No chromium on PATH: .ci/run installs Debian's chromium package; install it to run this test"))
    func inspector_inAHeadlessBrowser_showsTheTimeline_andTheSelectedActionsDiff() async throws {
        let (store, history) = shop(tracing: true)
        let subscription = store.subscribe(\.title) { _ in }
        store.dispatch(AddItem(name: "milk"))
        store.dispatch(AddItem(name: "eggs"))
        store.dispatch(Retitle(title: "Shopping <list> & \"more\""))
        store.dispatch(AddItem(name: "bread"))
        subscription.cancel()

        let file = try writePage(history, title: "Test session")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        var selectThird = URLComponents(url: file, resolvingAgainstBaseURL: false)!
        selectThird.queryItems = [URLQueryItem(name: "select", value: "3")]
        let dom = try await HeadlessBrowser.dumpDOM(selectThird.url!)

        // The timeline: one row per action, the count in the header.
        let rows = dom.components(separatedBy: "<li data-seq=").count - 1
        #expect(rows == 4)
        #expect(dom.contains(">4 actions<"))
        // The third action is selected (its click handler ran) and its diff is shown.
        #expect(dom.contains(#"data-selected="3""#))
        #expect(dom.range(of: #"<li data-seq="3"[^>]*class="[^"]*selected"#, options: .regularExpression) != nil)
        let selectedRows = dom.components(separatedBy: "<li ").dropFirst().filter { row in
            row.prefix { $0 != ">" }.range(of: #"class="[^"]*\bselected\b"#, options: .regularExpression) != nil
        }
        #expect(selectedRows.count == 1, "\(selectedRows)")
        #expect(dom.contains(#"<div class="removed">− .title: "Groceries"</div>"#))
        #expect(dom.contains(#"<div class="added">+ .title: "Shopping &lt;list&gt; &amp; "more""</div>"#))
        // Its trace too.
        #expect(dom.contains("fired:     subscription 1 (\\ShopState.title)"))
        // Nothing was loaded from the network: no external script, style or font.
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
    }

    /// The state as a tree of values, a filter over action names and a search over state
    /// paths, as a link fills them in.
    @Test(.enabled(if: HeadlessBrowser.path != nil,
                   "No chromium on PATH: .ci/run installs Debian's chromium package; install it to run this test"))
    func inspector_showsValues_filtersActions_andSearchesStatePaths() async throws {
        let (store, history) = shop()
        store.dispatch(AddItem(name: "milk"))
        store.dispatch(Retitle(title: "Shopping"))
        store.dispatch(AddItem(name: "eggs"))
        let file = try writePage(history, title: "Tree")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }

        let plain = try await HeadlessBrowser.dumpDOM(file)
        // Values, not storage: the optional as its value, @Pulse under its own name.
        #expect(plain.contains(#"<span class="key">note</span>: <span class="value">"weekly"</span>"#))
        #expect(plain.contains(#"<span class="key">alert</span>: <span class="value">nil</span>"#))
        #expect(!plain.contains("_alert") && !plain.contains("valueUpdatedCount") && !plain.contains("Optional("))
        // It opens on the last action; a recorded page has no controls to act on an app.
        #expect(plain.contains(#"data-selected="3""#))
        #expect(plain.contains(#"<div class="controls" id="controls" hidden="">"#))

        var filtered = URLComponents(url: file, resolvingAgainstBaseURL: false)!
        filtered.queryItems = [URLQueryItem(name: "filter", value: "additem"), URLQueryItem(name: "search", value: "items")]
        let dom = try await HeadlessBrowser.dumpDOM(filtered.url!)
        let hidden = dom.components(separatedBy: "<li ").dropFirst().filter { $0.prefix { $0 != ">" }.contains("hidden") }
        #expect(hidden.count == 1 && hidden.first?.contains("Retitle") == true, "\(hidden)")
        #expect(dom.contains(#"data-path=".items""#))
        #expect(dom.contains(#"data-path=".items[1]""#))
        #expect(!dom.contains(#"data-path=".title""#) && !dom.contains(#"data-path=".note""#))
    }

    /// A long session opens on its last action, scrolled so that the selection is visible.
    @Test(.enabled(if: HeadlessBrowser.path != nil,
                   "No chromium on PATH: .ci/run installs Debian's chromium package; install it to run this test"))
    func inspector_opensScrolledToTheSelection() async throws {
        let (store, history) = shop()
        for index in 0..<120 { store.dispatch(AddItem(name: "item \(index)")) }
        let file = try writePage(history, title: "Long")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let dom = try await HeadlessBrowser.dumpDOM(file)
        #expect(dom.contains(#"data-selected="120""#))
        let scrollTop = dom.firstMatch(of: /<ol id="steps" data-scroll-top="(\d+)"/).flatMap { Int($0.1) } ?? 0
        #expect(scrollTop > 1_000, "the timeline was scrolled to the last of 120 rows (\(scrollTop) px)")
    }

    /// A shopping store recorded by a history.
    private func shop(tracing: Bool = false) -> (Store<ShopState>, History<ShopState>) {
        let store = Store(reducer: Reducer<ShopState>
            .on(AddItem.self) { state, action in state.items.append(action.name) }
            .on(Retitle.self) { state, action in state.title = action.title }, state: ShopState())
        let history = History<ShopState>()
        history.isTracing = tracing
        history.attach(to: store)
        return (store, history)
    }

    /// Writes `history`'s page into a new temporary directory; the caller removes it.
    private func writePage(_ history: History<ShopState>, title: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-inspector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("session.html")
        try history.inspectorHTML(title: title).write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
#endif
