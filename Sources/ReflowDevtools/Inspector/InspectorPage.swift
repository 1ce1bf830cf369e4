import Reflow
import ReflowCore

// The inspector's page: HTML and CSS here, its script in InspectorScript.swift; no network
// access of its own beyond the live inspector's `/api` on the same origin.

/// The HTML of the inspector, static (a recorded history) or live (served by
/// ``History/serveInspector(port:interface:title:testSetup:)``).
enum InspectorPage {
    /// The page up to its data, with `{{TITLE}}` to fill in.
    static var head: String { layout + "\n<script>\nconst initial = " }

    /// The page after its data: the script, and the end.
    static var tail: String { ";\n" + InspectorScript.source + "\n</script>\n</body>\n</html>\n" }

    private static var layout: String {
        #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{TITLE}}</title>
        <style>
          :root { color-scheme: light dark; --line: #8884; --accent: #3a7bd5; --muted: #888; }
          body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; display: flex; height: 100vh; }
          header { padding: 10px 12px; border-bottom: 1px solid var(--line); display: grid; gap: 6px; }
          h1 { font-size: 16px; margin: 0; }
          input[type=search] { font: inherit; padding: 3px 6px; width: 100%; box-sizing: border-box; }
          .controls { display: flex; flex-wrap: wrap; gap: 4px; }
          .controls button, .controls label { font: 12px system-ui, sans-serif; padding: 2px 8px; cursor: pointer; }
          .controls label.button { border: 1px solid var(--line); border-radius: 3px; }
          #status { font-size: 12px; color: var(--muted); min-height: 1.2em; }
          #status.error { color: #c0392b; }
          #timeline { width: 38%; min-width: 280px; border-right: 1px solid var(--line); display: flex; flex-direction: column; }
          #timeline ol { list-style: none; margin: 0; padding: 0; overflow: auto; flex: 1; }
          #timeline li { padding: 5px 12px; border-bottom: 1px solid var(--line); cursor: pointer; display: flex; gap: 8px; align-items: center; }
          #timeline li.selected { background: var(--accent); color: white; }
          #timeline li.future { opacity: 0.5; }
          #timeline li.current .index::after { content: " ●"; color: var(--accent); }
          #timeline li.selected.current .index::after { color: white; }
          .index { font-variant-numeric: tabular-nums; min-width: 3em; color: var(--muted); }
          li.selected .index { color: #ddd; }
          .action { font-family: ui-monospace, Menlo, monospace; font-size: 12px; flex: 1; min-width: 0;
                    white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
          .gap { color: var(--muted); font-size: 11px; }
          #timeline li.skipped .action { text-decoration: line-through; opacity: 0.6; }
          #dispatch { display: grid; gap: 4px; }
          #dispatch textarea { font: 12px ui-monospace, Menlo, monospace; width: 100%; box-sizing: border-box; }
          .badge { font-size: 11px; border: 1px solid currentColor; border-radius: 8px; padding: 0 6px; white-space: nowrap; }
          #detail { flex: 1; overflow: auto; padding: 0 16px 16px; }
          h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 18px 0 6px; }
          pre, .box { font: 12px/1.45 ui-monospace, Menlo, monospace; margin: 0; padding: 8px; border: 1px solid var(--line); border-radius: 6px;
                      overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
          .removed { color: #c0392b; } .added { color: #27ae60; }
          .tree details > summary { cursor: pointer; list-style: none; }
          .tree details > summary::before { content: "▸ "; color: var(--muted); }
          .tree details[open] > summary::before { content: "▾ "; }
          .tree .children { padding-left: 16px; }
          .tree .leaf { padding-left: 14px; }
          .key { color: #8e44ad; } .summary { color: var(--muted); }
          .hidden, [hidden] { display: none !important; }
        </style>
        </head>
        <body>
        <nav id="timeline">
          <header>
            <h1 id="title"></h1>
            <div id="count"></div>
            <div class="controls" id="controls" hidden>
              <button id="start" title="Jump to the state before the first action">◀◀ Start</button>
              <button id="back" title="Step back">◀</button>
              <button id="forward" title="Step forward">▶</button>
              <button id="end" title="Jump to the latest state">Latest ▶▶</button>
              <button id="jump" title="Jump to the selected action">Jump here</button>
              <button id="pause">Pause recording</button>
              <button id="replay" title="Step through every action from the start">Replay</button>
              <button id="skip" title="Turn the selected action off or on; the states after it are recomputed">Skip</button>
              <button id="commit" title="Make the app's current state the start, dropping the recorded actions">Commit</button>
              <button id="export" hidden>Export</button>
              <label class="button" id="import-label" hidden>Import<input id="import" type="file" accept=".jsonl,.json,application/json" hidden></label>
              <button id="test" title="Write this session as a Swift Testing file" hidden>Test</button>
            </div>
            <form id="dispatch" hidden>
              <select id="dispatch-type" title="A registered action type"></select>
              <textarea id="dispatch-json" rows="3" spellcheck="false" title="The action, as JSON"></textarea>
              <button type="submit">Dispatch</button>
            </form>
            <div id="status"></div>
            <input id="filter" type="search" placeholder="Filter actions">
          </header>
          <ol id="steps"><li id="initial-row" data-seq="0"><span class="index"></span><span class="action">Initial state</span></li></ol>
        </nav>
        <main id="detail">
          <section id="test-panel" hidden>
            <h2>A test of this session</h2>
            <div class="controls"><a id="test-download" download="RecordedSessionTests.swift" href="#">Download</a>
              <button id="test-copy">Copy</button> <button id="test-close">Close</button></div>
            <pre id="test-source"></pre>
          </section>
          <h2>Action</h2><pre id="selected-action"></pre>
          <h2>Diff</h2><pre id="diff"></pre>
          <h2>Update trace</h2><pre id="trace"></pre>
          <h2>State after</h2>
          <input id="search" type="search" placeholder="Search state paths">
          <div id="state" class="box tree"></div>
        </main>
        """#
    }
}
