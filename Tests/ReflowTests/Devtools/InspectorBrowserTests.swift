#if os(macOS) || os(Linux)  // starts processes: Foundation has no Process on iOS, tvOS, watchOS, visionOS
import Foundation
import Testing
import Reflow

/// A headless Chromium, if this machine has one (`.ci/run` installs Debian's `chromium`).
enum HeadlessBrowser {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }()

    /// Loads `url` in the browser, lets its scripts run, and returns the DOM it ends with.
    static func dumpDOM(_ url: URL) throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu",
                             "--user-data-dir=\(profile.path)", "--dump-dom", url.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A browser that hangs is ended after a minute, so it fails the test instead of
        // stalling the suite (no `timeout` command: macOS has none).
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let dom = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "chromium exited with \(process.terminationStatus)"])
        }
        return String(decoding: dom, as: UTF8.self)
    }
}

private struct ShopState: Equatable {
    var title = "Groceries"
    var items: [String] = []
}

private struct AddItem: Action { var name: String }
private struct Retitle: Action { var title: String }

@MainActor
@Suite struct InspectorBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.path != nil,
                   "No chromium on PATH: .ci/run installs Debian's chromium package; install it to run this test"))
    func inspector_inAHeadlessBrowser_showsTheTimeline_andTheSelectedActionsDiff() throws {
        let store = Store(reducer: Reducer<ShopState>
            .on(AddItem.self) { state, action in state.items.append(action.name) }
            .on(Retitle.self) { state, action in state.title = action.title }, state: ShopState())
        let history = History<ShopState>()
        history.isTracing = true
        history.attach(to: store)
        let subscription = store.subscribe(\.title) { _ in }
        store.dispatch(AddItem(name: "milk"))
        store.dispatch(AddItem(name: "eggs"))
        store.dispatch(Retitle(title: "Shopping <list> & \"more\""))
        store.dispatch(AddItem(name: "bread"))
        subscription.cancel()

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-inspector-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("session.html")
        try history.inspectorHTML(title: "Test session").write(to: file, atomically: true, encoding: .utf8)

        var selectThird = URLComponents(url: file, resolvingAgainstBaseURL: false)!
        selectThird.queryItems = [URLQueryItem(name: "select", value: "3")]
        let dom = try HeadlessBrowser.dumpDOM(selectThird.url!)

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
}
#endif
