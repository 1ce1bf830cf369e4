import Reflow
import ReflowCore

// The inspector page's script: the timeline, the detail pane, and the live page's polls
// and commands. Long because it is the page's whole behaviour.

/// The script of ``InspectorPage``, inlined into it after the line that gives it the
/// page's data as `initial`.
enum InspectorScript {
    static var source: String {
        #"""
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
        """#
    }
}
