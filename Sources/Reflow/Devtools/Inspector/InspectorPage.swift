// The inspector's page: one file of HTML, CSS and script, with no network access of its
// own beyond the live inspector's `/api` on the same origin. Long because it is a page.

/// The HTML of the inspector, static (a recorded history) or live (served by
/// ``History/serveInspector(port:interface:title:testSetup:)``).
enum InspectorPage {
    static var html: String {
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
        <script>
        const initial = {{DATA}};
        const list = document.getElementById("steps");
        const params = new URLSearchParams(location.search);
        // The run's token, from the address the app printed; every request sends it.
        const token = params.get("token") || "";
        function api(path, options) {
          const request = options || {};
          request.headers = Object.assign({ "X-Reflow-Token": token }, request.headers || {});
          return fetch(path, request);
        }
        const doc = { revision: null, first: 1, position: 0, recording: true, steps: [], initial: null, live: initial.live };
        const trees = new Map();
        const folds = new Map();
        let selected = 0, follow = true;
        document.getElementById("title").textContent = initial.title;
        document.getElementById("filter").value = params.get("filter") || "";
        document.getElementById("search").value = params.get("search") || "";
        function text(id, value) { document.getElementById(id).textContent = value; }
        function status(message, isError) { const s = document.getElementById("status"); s.textContent = message; s.classList.toggle("error", !!isError); }
        function stepBySeq(seq) { return doc.steps[seq - doc.first]; }
        function lastSeq() { return doc.first + doc.steps.length - 1; }

        // Trees: a full tree every few steps, patches (path of labels, subtree) between.
        function clone(node) { return JSON.parse(JSON.stringify(node)); }
        function treeOf(seq) {
          if (seq < doc.first) return doc.initial;
          if (trees.has(seq)) return trees.get(seq);
          const step = stepBySeq(seq);
          if (!step) return null;
          let tree;
          if (step.full) tree = step.full;
          else {
            tree = clone(treeOf(seq - 1));
            for (const [path, sub] of step.patch) {
              if (path.length === 0) { tree = sub; continue; }
              let node = tree;
              for (let i = 0; i < path.length - 1; i++) node = node.c.find((c) => c.l === path[i]);
              const at = node.c.findIndex((c) => c.l === path[path.length - 1]);
              node.c[at] = sub;
            }
          }
          trees.set(seq, tree);
          return tree;
        }

        function merge(data) {
          if (data.reset) { doc.steps = []; trees.clear(); }
          // Sent again when the oldest steps were dropped: the initial state is then the
          // last dropped step's.
          if (data.reset || data.initial) doc.initial = data.initial || null;
          else if (data.first > doc.first) {
            // The oldest steps were dropped: keep the tree of the new oldest whole.
            const keep = treeOf(data.first);
            doc.steps = doc.steps.slice(data.first - doc.first);
            if (doc.steps[0] && keep) { doc.steps[0].full = keep; delete doc.steps[0].patch; }
            for (const seq of trees.keys()) if (seq < data.first) trees.delete(seq);
          }
          doc.revision = data.revision; doc.first = data.first; doc.position = data.position; doc.recording = data.recording;
          // Export is offered while every recorded action's type is registered.
          if (data.exportBlocker !== undefined) {
            const exportButton = document.getElementById("export");
            exportButton.disabled = data.exportBlocker !== "";
            exportButton.title = data.exportBlocker ? "Cannot export: " + data.exportBlocker : "Download the session as JSON Lines";
          }
          for (const step of data.steps) {
            if (step.seq - doc.first < doc.steps.length) { doc.steps[step.seq - doc.first] = step; trees.delete(step.seq); }
            else doc.steps.push(step);
          }
          renderTimeline();
        }

        function renderTimeline() {
          const count = doc.steps.length;
          const numbers = count && doc.first > 1 ? " (#" + doc.first + "–#" + lastSeq() + "; older ones dropped)" : "";
          text("count", count + (count === 1 ? " action" : " actions") + numbers + (doc.live ? (doc.recording ? " · recording" : " · paused") : ""));
          document.getElementById("pause").textContent = doc.recording ? "Pause recording" : "Resume recording";
          // The first row is the initial state, numbered as the step before the first.
          const initialRow = document.getElementById("initial-row");
          initialRow.dataset.seq = String(doc.first - 1);
          initialRow.querySelector(".index").textContent = doc.first - 1;
          initialRow.classList.toggle("current", doc.position === 0);
          initialRow.onclick = () => { follow = false; select(doc.first - 1); };
          initialRow.ondblclick = () => command("jump", { position: 0 });
          while (list.children.length > count + 1) list.lastChild.remove();
          const query = document.getElementById("filter").value.toLowerCase();
          doc.steps.forEach((step, offset) => {
            let item = list.children[offset + 1];
            if (!item || item.dataset.seq !== String(step.seq) || item.dataset.name !== step.name || item.dataset.gap !== step.gap
                || item.classList.contains("skipped") !== !!step.skipped) {
              const fresh = document.createElement("li");
              fresh.dataset.seq = step.seq; fresh.dataset.name = step.name; fresh.dataset.gap = step.gap;
              if (step.skipped) fresh.classList.add("skipped");
              const index = document.createElement("span"); index.className = "index"; index.textContent = step.seq;
              const action = document.createElement("span"); action.className = "action"; action.textContent = step.name; action.title = step.action;
              fresh.append(index, action);
              if (step.gap) { const gap = document.createElement("span"); gap.className = "gap"; gap.textContent = "↳ " + step.gap; fresh.append(gap); }
              if (step.reactor) { const badge = document.createElement("span"); badge.className = "badge"; badge.textContent = step.reactor; fresh.append(badge); }
              fresh.addEventListener("click", () => { follow = step.seq === lastSeq(); select(step.seq); });
              fresh.addEventListener("dblclick", () => command("jump", { position: step.seq - doc.first + 1 }));
              if (item) list.replaceChild(fresh, item); else list.appendChild(fresh);
              item = fresh;
            }
            const position = step.seq - doc.first + 1;
            item.classList.toggle("future", position > doc.position);
            item.classList.toggle("current", position === doc.position);
            item.classList.toggle("hidden", query !== "" && !step.name.toLowerCase().includes(query) && !step.reactor.toLowerCase().includes(query));
          });
          if (follow && count > 0) select(lastSeq());
          else if (stepBySeq(selected) || selected === doc.first - 1) select(selected, true);
          else select(doc.first - 1, true);
        }

        // What the detail pane shows, so that a poll that changed nothing about it leaves it
        // as it is: folds, text selection and scroll stay.
        let shown = null;
        function select(seq, quietly) {
          const isInitial = seq === doc.first - 1;
          const step = isInitial ? null : stepBySeq(seq);
          if (!step && !isInitial) return;
          selected = seq;
          for (const item of list.children) item.classList.toggle("selected", Number(item.dataset.seq) === seq);
          const item = list.querySelector('li[data-seq="' + seq + '"]');
          if (item && !quietly) { item.scrollIntoView({ block: "center" }); list.dataset.scrollTop = String(Math.round(list.scrollTop)); }
          const showing = isInitial ? doc.initial : step;
          if (shown === showing) return;
          shown = showing;
          const diff = document.getElementById("diff");
          diff.replaceChildren();
          if (isInitial) {
            text("selected-action", "#" + seq + "  Initial state" + (doc.first > 1 ? " (the state after the last dropped action)" : " (before the first action)"));
            diff.textContent = "(the state the first action was reduced from)";
            text("trace", "");
            renderState(doc.initial);
            document.body.dataset.selected = String(seq);
            return;
          }
          text("selected-action", "#" + step.seq + "  " + step.action + (step.reactor ? "  (from " + step.reactor + ")" : "")
               + (step.gap ? "  ↳ " + step.gap : "") + "\n" + step.time);
          if (step.diff.length === 0) diff.textContent = "(no change)";
          for (const line of step.diff) {
            const div = document.createElement("div");
            div.className = line.startsWith("+") ? "added" : "removed";
            div.textContent = line;
            diff.appendChild(div);
          }
          text("trace", step.trace.length ? step.trace.join("\n") : "(not traced: set history.isTracing = true)");
          renderState(treeOf(seq));
          document.body.dataset.selected = String(seq);
        }

        function renderState(tree) {
          const box = document.getElementById("state");
          // How many times the pane was built, on the body for anyone debugging the page:
          // a poll that brought nothing new for it must not rebuild it (folds, selection).
          document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
          box.replaceChildren();
          if (!tree) { box.textContent = "(no state)"; return; }
          const query = document.getElementById("search").value.toLowerCase();
          for (const child of (tree.c || [tree])) { const node = renderNode(child, "", query, 0); if (node) box.appendChild(node); }
          if (!box.firstChild) box.textContent = query ? "(no state path contains \"" + query + "\")" : tree.v;
        }

        function renderNode(node, parent, query, depth) {
          const path = parent + (node.l.startsWith("[") ? "" : ".") + node.l;
          const matches = query === "" || path.toLowerCase().includes(query);
          const key = document.createElement("span"); key.className = "key"; key.textContent = node.l;
          if (!node.c) {
            if (!matches) return null;
            const leaf = document.createElement("div"); leaf.className = "leaf"; leaf.dataset.path = path;
            const value = document.createElement("span"); value.className = "value"; value.textContent = node.v;
            leaf.append(key, ": ", value);
            return leaf;
          }
          const children = document.createElement("div"); children.className = "children";
          for (const child of node.c) { const rendered = renderNode(child, path, matches ? "" : query, depth + 1); if (rendered) children.appendChild(rendered); }
          if (!matches && !children.firstChild) return null;
          const details = document.createElement("details"); details.dataset.path = path;
          // A fold the user opened or closed stays so on other steps, and after polls.
          details.open = query === "" && folds.has(path) ? folds.get(path) : depth < 1 || (query !== "" && !matches);
          details.addEventListener("toggle", () => { if (query === "") folds.set(path, details.open); });
          const summary = document.createElement("summary");
          const value = document.createElement("span"); value.className = "summary"; value.textContent = node.v;
          summary.append(key, ": ", value);
          details.append(summary, children);
          return details;
        }

        async function command(name, body) {
          try {
            const response = await api("/api/" + name, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body || {}) });
            const reply = await response.json();
            if (!response.ok) { status(reply.error || ("HTTP " + response.status), true); return; }
            status(reply.message || "");
            if (name !== "dispatch") follow = false;
            await poll();
            if (name === "jump" || name === "step-back" || name === "step-forward") select(doc.first + doc.position - 1);
          } catch (error) { status("The app did not answer: " + error, true); }
        }

        async function poll() {
          const since = doc.revision === null ? "" : "?since=" + lastSeq() + "&revision=" + doc.revision + "&first=" + doc.first;
          const response = await api("/api/history" + since);
          if (!response.ok) throw new Error("HTTP " + response.status);
          merge(await response.json());
        }

        document.getElementById("filter").addEventListener("input", renderTimeline);
        document.getElementById("search").addEventListener("input", () => renderState(selected === doc.first - 1 ? doc.initial : treeOf(selected)));
        document.addEventListener("keydown", (event) => {
          if (event.target.tagName === "INPUT") return;
          if (event.key === "ArrowDown") { follow = false; select(Math.min(selected + 1, lastSeq())); }
          if (event.key === "ArrowUp") { follow = false; select(Math.max(selected - 1, doc.first - 1)); }
        });

        if (initial.locked) {
          status("This page needs the inspector's address as the app printed it: it carries this run's token.", true);
        } else {
        // A link's `?select=` is chosen before the first render, so the pane is built once.
        const requested = Number(params.get("select"));
        if (requested) { follow = false; selected = requested; }
        merge(initial);
        if (requested && stepBySeq(requested)) { follow = false; select(requested); }
        else if (doc.steps.length && doc.position >= 1) { follow = doc.position === doc.steps.length; select(doc.first + doc.position - 1); }
        else if (doc.steps.length) { follow = false; select(doc.first - 1); }

        if (doc.live) {
          document.getElementById("controls").hidden = false;
          document.getElementById("start").onclick = () => command("jump", { position: 0 });
          document.getElementById("back").onclick = () => command("step-back");
          document.getElementById("forward").onclick = () => command("step-forward");
          document.getElementById("end").onclick = () => command("jump", { position: doc.steps.length });
          document.getElementById("jump").onclick = () => command("jump", { position: selected - doc.first + 1 });
          document.getElementById("pause").onclick = () => command(doc.recording ? "pause" : "resume");
          document.getElementById("replay").onclick = () => command("replay");
          document.getElementById("skip").onclick = () => {
            const step = stepBySeq(selected);
            if (!step) { status("Select an action to skip.", true); return; }
            command("skip", { position: selected - doc.first + 1, skipped: !step.skipped });
          };
          document.getElementById("commit").onclick = () => command("commit");
          // Dispatch: the registered types, each starting from its latest recorded action.
          const templates = initial.actionTypes || {};
          const typeList = document.getElementById("dispatch-type");
          for (const name of Object.keys(templates).sort()) {
            const option = document.createElement("option"); option.value = name; option.textContent = name; typeList.append(option);
          }
          const fillTemplate = () => {
            const field = document.getElementById("dispatch-json");
            field.defaultValue = field.value = templates[typeList.value] || "{}";
          };
          typeList.onchange = fillTemplate;
          fillTemplate();
          document.getElementById("dispatch").hidden = !initial.exchange || typeList.options.length === 0;
          document.getElementById("dispatch").onsubmit = (event) => {
            event.preventDefault();
            let action;
            try { action = JSON.parse(document.getElementById("dispatch-json").value); }
            catch (error) { status("The action is not JSON: " + error.message, true); return; }
            follow = true;
            command("dispatch", { type: typeList.value, action: action });
          };
          document.getElementById("export").hidden = !initial.exchange;
          document.getElementById("import-label").hidden = !initial.exchange;
          // Downloaded, not navigated to: the page stays.
          document.getElementById("export").onclick = async () => {
            const response = await api("/api/export");
            if (!response.ok) { status((await response.json()).error, true); return; }
            const link = document.createElement("a");
            link.href = URL.createObjectURL(await response.blob());
            link.download = "reflow-history.jsonl";
            link.click();
          };
          document.getElementById("test").hidden = !initial.testable;
          document.getElementById("test").onclick = async () => {
            const response = await api("/api/test");
            if (!response.ok) { status((await response.json()).error, true); return; }
            const source = await response.text();
            text("test-source", source);
            const download = document.getElementById("test-download");
            if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
            download.href = URL.createObjectURL(new Blob([source], { type: "text/x-swift" }));
            document.getElementById("test-panel").hidden = false;
            document.body.dataset.test = "shown";
            status("A test of " + doc.steps.length + " actions: add it to the app's test target.");
          };
          document.getElementById("test-copy").onclick = () => navigator.clipboard.writeText(document.getElementById("test-source").textContent);
          // `?show=test` opens the page with the test shown (a link to share, read-only).
          if (initial.testable && params.get("show") === "test") document.getElementById("test").click();
          document.getElementById("test-close").onclick = () => { document.getElementById("test-panel").hidden = true; delete document.body.dataset.test; };
          document.getElementById("import").onchange = async (event) => {
            const file = event.target.files[0];
            if (!file) return;
            const response = await api("/api/import", { method: "POST", body: await file.text() });
            const reply = await response.json();
            status(response.ok ? reply.message : reply.error, !response.ok);
            await poll();
          };
          setInterval(() => poll().catch((error) => status("The app did not answer: " + error, true)), 400);
        }
        }
        </script>
        </body>
        </html>
        """#
    }
}
