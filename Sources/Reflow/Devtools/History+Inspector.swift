import Foundation

extension History {
    /// A self-contained HTML page that shows the history: the timeline of actions, and for
    /// the selected one its diff, the state after it and, when traced, what it updated.
    ///
    /// The page needs no network: no external scripts, styles or fonts. Open it in any
    /// browser; click an action, or use the arrow keys, to select it. A link can select
    /// one: `inspector.html?select=3` opens with the third action selected.
    ///
    /// ```swift
    /// try history.inspectorHTML(title: "GitHubSearch session")
    ///     .write(to: URL(fileURLWithPath: "session.html"), atomically: true, encoding: .utf8)
    /// ```
    ///
    /// - Parameter title: The page's title.
    /// - Returns: The page.
    public func inspectorHTML(title: String = "Reflow history") -> String {
        var steps: [[String: Any]] = []
        var previous: Any? = initialState
        for (offset, entry) in entries.enumerated() {
            let diff = previous.map { StateDiff.lines(from: $0, to: entry.state) } ?? []
            previous = entry.state
            steps.append([
                "index": offset + 1,
                "action": String(describing: entry.action),
                "reactor": entry.reactor ?? "",
                "time": Self.timeFormatter.string(from: entry.time),
                "diff": diff,
                "state": Self.dump(entry.state),
                "trace": entry.trace?.text ?? "",
            ])
        }
        let payload: [String: Any] = [
            "title": title,
            "initialState": initialState.map { Self.dump($0) } ?? "",
            "position": position,
            "steps": steps,
        ]
        let json = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // `</` cannot end the script early once escaped.
        let safeJSON = json.replacingOccurrences(of: "</", with: "<\\/")
        return Self.page
            .replacingOccurrences(of: "{{TITLE}}", with: Self.escapeHTML(title))
            .replacingOccurrences(of: "{{DATA}}", with: safeJSON)
    }

    private static var timeFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter
    }

    private static func dump(_ value: Any) -> String {
        var text = ""
        Swift.dump(value, to: &text)
        return text
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static var page: String {
        #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{TITLE}}</title>
        <style>
          :root { color-scheme: light dark; --line: #8884; --accent: #3a7bd5; }
          body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; display: flex; height: 100vh; }
          header { padding: 12px 16px; border-bottom: 1px solid var(--line); }
          h1 { font-size: 16px; margin: 0; }
          #timeline { width: 38%; min-width: 260px; border-right: 1px solid var(--line); overflow: auto; }
          #timeline ol { list-style: none; margin: 0; padding: 0; }
          #timeline li { padding: 6px 16px; border-bottom: 1px solid var(--line); cursor: pointer; display: flex; gap: 8px; }
          #timeline li.selected { background: var(--accent); color: white; }
          #timeline li.future { opacity: 0.5; }
          .index { font-variant-numeric: tabular-nums; min-width: 2.5em; color: #888; }
          li.selected .index { color: #ddd; }
          .action { font-family: ui-monospace, Menlo, monospace; font-size: 12px; word-break: break-all; flex: 1; }
          .badge { font-size: 11px; border: 1px solid currentColor; border-radius: 8px; padding: 0 6px; align-self: center; }
          #detail { flex: 1; overflow: auto; padding: 0 16px 16px; }
          h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #888; margin: 18px 0 6px; }
          pre { font: 12px/1.45 ui-monospace, Menlo, monospace; margin: 0; padding: 8px; border: 1px solid var(--line); border-radius: 6px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
          .removed { color: #c0392b; } .added { color: #27ae60; }
        </style>
        </head>
        <body>
        <nav id="timeline">
          <header><h1 id="title"></h1><div id="count"></div></header>
          <ol id="steps"></ol>
        </nav>
        <main id="detail">
          <h2>Action</h2><pre id="selected-action"></pre>
          <h2>Diff</h2><pre id="diff"></pre>
          <h2>Update trace</h2><pre id="trace"></pre>
          <h2>State after</h2><pre id="state"></pre>
        </main>
        <script>
        const data = {{DATA}};
        const list = document.getElementById("steps");
        document.getElementById("title").textContent = data.title;
        document.getElementById("count").textContent = data.steps.length + (data.steps.length === 1 ? " action" : " actions");
        function text(id, value) { document.getElementById(id).textContent = value; }
        function select(index) {
          const step = data.steps[index - 1];
          if (!step) return;
          for (const item of list.children) item.classList.toggle("selected", Number(item.dataset.index) === index);
          text("selected-action", "#" + step.index + "  " + step.action + (step.reactor ? "  (from " + step.reactor + ")" : "") + "\n" + step.time);
          const diff = document.getElementById("diff");
          diff.replaceChildren();
          if (step.diff.length === 0) diff.textContent = "(no change)";
          for (const line of step.diff) {
            const span = document.createElement("div");
            span.className = line.startsWith("+") ? "added" : "removed";
            span.textContent = line;
            diff.appendChild(span);
          }
          text("trace", step.trace || "(not traced: set history.isTracing = true)");
          text("state", step.state);
          document.body.dataset.selected = String(index);
        }
        for (const step of data.steps) {
          const item = document.createElement("li");
          item.dataset.index = step.index;
          if (step.index > data.position) item.classList.add("future");
          const index = document.createElement("span"); index.className = "index"; index.textContent = step.index;
          const action = document.createElement("span"); action.className = "action"; action.textContent = step.action;
          item.append(index, action);
          if (step.reactor) { const badge = document.createElement("span"); badge.className = "badge"; badge.textContent = step.reactor; item.append(badge); }
          item.addEventListener("click", () => select(step.index));
          list.appendChild(item);
        }
        document.addEventListener("keydown", (event) => {
          const current = Number(document.body.dataset.selected || 0);
          if (event.key === "ArrowDown") select(Math.min(current + 1, data.steps.length));
          if (event.key === "ArrowUp") select(Math.max(current - 1, 1));
        });
        const requested = Number(new URLSearchParams(location.search).get("select"));
        const first = requested || data.position || 1;
        const item = list.querySelector('li[data-index="' + first + '"]');
        if (item) item.click(); else text("state", data.initialState);
        </script>
        </body>
        </html>
        """#
    }
}
