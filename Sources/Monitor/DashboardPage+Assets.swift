extension DashboardPage {
    /// The page's style: readable on a phone (tables scroll sideways, nothing is wider than the
    /// screen).
    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;padding:8px;max-width:1100px;color:#1f2328}
        h1{font-size:20px;margin:4px 0}h1 small{font-weight:normal;color:#57606a;font-size:13px}
        h2{font-size:16px;margin:16px 0 4px}.note{background:#fff8c5;padding:6px}
        .scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}
        th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #d0d7de;white-space:nowrap}
        #chart svg{width:100%;height:auto}.halted{color:#cf222e;font-weight:bold}.reducing{color:#9a6700}
        .controls button,.controls select,.controls input{font:inherit;margin:2px 4px 2px 0}
        """

    /// The page's script: reloads the status every two seconds, adds fills from the event
    /// stream as they come, redraws the equity chart, and marks the body
    /// `data-chart="drawn"` once the chart has two points or more (what the browser test waits for).
    /// Its control buttons ask for the control token once per tab (`sessionStorage`, forgotten
    /// on a 401) and post the command for the chosen scope.
    static let script = #"""
        "use strict";
        const byId = id => document.getElementById(id);
        const esc = s => String(s ?? "").replace(/[&<>"]/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;","\"":"&quot;"}[c]));
        const rows = (id, list, cells) => { byId(id).innerHTML = list.map(x => "<tr>" + cells(x).map(c => "<td>" + esc(c) + "</td>").join("") + "</tr>").join(""); };
        const seen = new Set();
        function fillRow(f) { return [f.sequence, f.time, f.strategy, f.symbol, f.side, "$" + f.price, f.qty]; }
        function addFill(f) {
          if (seen.has(f.sequence)) return;
          seen.add(f.sequence);
          const tr = document.createElement("tr");
          tr.innerHTML = fillRow(f).map(c => "<td>" + esc(c) + "</td>").join("");
          byId("fills").prepend(tr);
        }
        function drawChart(points) {
          if (points.length < 2) return;
          const w = 960, h = 260, l = 70, r = 10, t = 10, b = 24;
          const xs = points.map(p => p[0]), ys = points.map(p => Number(p[1]));
          const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(0, ...ys), y1 = Math.max(0, ...ys);
          const px = x => l + (x - x0) / Math.max(x1 - x0, 1) * (w - l - r);
          const py = y => t + (h - t - b) - (y - y0) / Math.max(y1 - y0, 0.01) * (h - t - b);
          const line = points.map(p => px(p[0]).toFixed(1) + "," + py(Number(p[1])).toFixed(1)).join(" ");
          byId("chart").innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + w + ' ' + h + '" role="img">'
            + '<rect x="' + l + '" y="' + t + '" width="' + (w - l - r) + '" height="' + (h - t - b) + '" fill="#fafafa" stroke="#ccc"/>'
            + '<line x1="' + l + '" x2="' + (w - r) + '" y1="' + py(0) + '" y2="' + py(0) + '" stroke="#999" stroke-dasharray="4 3"/>'
            + '<text x="' + (l - 4) + '" y="' + (t + 10) + '" font-size="11" text-anchor="end">$' + esc(y1.toFixed(2)) + '</text>'
            + '<text x="' + (l - 4) + '" y="' + (h - b) + '" font-size="11" text-anchor="end">$' + esc(y0.toFixed(2)) + '</text>'
            + '<text x="' + l + '" y="' + (h - 6) + '" font-size="11">' + esc(new Date(x0).toISOString()) + '</text>'
            + '<text x="' + (w - r) + '" y="' + (h - 6) + '" font-size="11" text-anchor="end">' + esc(new Date(x1).toISOString()) + '</text>'
            + '<polyline fill="none" stroke="#0969da" stroke-width="1.5" points="' + line + '"/></svg>';
          document.body.dataset.chart = "drawn";
        }
        function render(s) {
          const errors = s.exchange.errors, total = s.exchange.requests;
          const age = s.exchange.lastPollAgeMs === null ? "never" : s.exchange.lastPollAgeMs + " ms ago";
          const streams = Object.entries(s.exchange.streams ?? {}).map(([v, x]) => " · " + v + " stream " + (x.up ? "trusted" : "down, polling")).join("");
          byId("summary").innerHTML = esc(s.venue + " · " + s.account + " · ") + '<span class="' + esc(s.trading.state) + '">' + esc(s.trading.state)
            + "</span>" + esc(" · P&L $" + s.pnl.total + " (realized $" + s.pnl.realized + ") · fills " + s.counters.fills
            + " · last book poll " + age + streams + " · exchange errors " + errors + " of " + total + (s.stopped ? " · stopped" : ""));
          const scopes = [["account", s.trading]].concat(s.strategies.map(x => [x.id, x.trading]));
          rows("states", scopes, x => [x[0], x[1].state, x[1].code ?? "", x[1].since.startsWith("1970") ? "" : x[1].since]);
          rows("positions", s.positions, p => [p.strategy, p.symbol, p.shares, p.averageCost === null ? "" : "$" + p.averageCost, p.mark === null ? "" : "$" + p.mark]);
          rows("orders", s.openOrders, o => [o.strategy, o.symbol, o.side, "$" + o.price, o.qty, o.filled]);
          s.fills.forEach(addFill);
          drawChart(s.equity);
        }
        async function refresh() {
          try {
            const response = await fetch("/api/status", {cache: "no-store"});
            if (response.ok) render(await response.json());
          } catch (e) { byId("summary").textContent = "the daemon is not answering"; }
        }
        async function control(action) {
          let token = sessionStorage.getItem("tickworkControlToken");
          if (!token) {
            token = prompt("The monitor's token (monitor.tokenEnv or tokenFile), to " + action);
            if (!token) return;
            sessionStorage.setItem("tickworkControlToken", token);
          }
          const body = {};
          if (byId("scope").value !== "account") body.strategy = byId("scope").value;
          if (action === "halt" && byId("reason").value) body.reason = byId("reason").value;
          try {
            const response = await fetch("/api/control/" + action, {method: "POST", cache: "no-store", body: JSON.stringify(body),
              headers: {"Authorization": "Bearer " + token, "Content-Type": "application/json"}});
            if (response.status === 401) sessionStorage.removeItem("tickworkControlToken");
            const text = await response.text();
            let message = text.trim();
            try { message = JSON.parse(text).message; } catch (e) {}
            byId("control-result").textContent = action + ": " + message;
          } catch (e) { byId("control-result").textContent = action + ": the daemon is not answering"; }
          refresh();
        }
        for (const button of document.querySelectorAll("button[data-action]")) button.addEventListener("click", () => control(button.dataset.action));
        for (const tr of byId("fills").rows) seen.add(Number(tr.cells[0].textContent));
        refresh();
        setInterval(refresh, 2000);
        const events = new EventSource("/api/events");
        events.addEventListener("fill", e => { addFill(JSON.parse(e.data).data); refresh(); });
        for (const type of ["orderOpened", "orderClosed", "denied", "stateChanged"]) events.addEventListener(type, refresh);
        """#
}
