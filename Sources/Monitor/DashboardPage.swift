import Live
import Reports
import Risk
import StrategyKit
import Wire

/// The dashboard `/`: one page, its style and script inline and nothing fetched but from the
/// daemon itself (its `Content-Security-Policy` says so to the browser). The server renders the
/// latest snapshot into it, so with scripts off it is a static snapshot; with scripts on it
/// reloads `/api/status` every two seconds and adds fills from `/api/events` as they arrive.
enum DashboardPage {
    /// Only the daemon: inline style and script, requests to the same origin.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'"

    static func render(_ snapshot: MonitorSnapshot?, traffic: MonitorBoard.Traffic, version: String, now: Timestamp) -> String {
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <link rel="icon" href="data:,">
            <title>tickwork</title>
            <style>\(style)</style></head><body>
            <header><h1>tickwork <small>\(SVGChart.escape(version))</small></h1><p id="summary">\(summary(snapshot, traffic: traffic, now: now))</p></header>
            <noscript><p class="note">Scripts are off: this is a snapshot; reload the page to refresh it.</p></noscript>
            <section><h2>Equity over the session</h2><div id="chart">\(chart(snapshot))</div></section>

            """
        html += section("Trading states", id: "states", head: ["scope", "state", "reason", "since"], rows: states(snapshot))
        html += controls(snapshot)
        html += section("Positions", id: "positions", head: ["strategy", "symbol", "shares", "avg cost", "mark"], rows: positions(snapshot))
        html += section("Open orders", id: "orders", head: ["strategy", "symbol", "side", "price", "qty", "filled"], rows: orders(snapshot))
        html += section("Fills", id: "fills", head: ["#", "time", "strategy", "symbol", "side", "price", "qty"], rows: fills(snapshot))
        html += "<script>\(script)</script>\n</body></html>\n"
        return html
    }

    private static func section(_ title: String, id: String, head: [String], rows: [[String]]) -> String {
        var html = "<section><h2>\(title)</h2><div class=\"scroll\"><table><thead><tr>"
        html += head.map { "<th>\($0)</th>" }.joined()
        html += "</tr></thead><tbody id=\"\(id)\">"
        for row in rows {
            html += "<tr>" + row.map { "<td>\(SVGChart.escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></div></section>\n"
    }

    /// The operator's halt / reduce-only / resume buttons for a chosen scope: the script asks
    /// for the control token once (kept in the tab's `sessionStorage`) and posts to
    /// `/api/control/...`; the answer shows beside them.
    private static func controls(_ snapshot: MonitorSnapshot?) -> String {
        let scopes = ["account"] + (snapshot?.strategies.map(\.id.rawValue) ?? [])
        let options = scopes.map { "<option value=\"\(SVGChart.escape($0))\">\(SVGChart.escape($0))</option>" }.joined()
        return """
            <section><h2>Control</h2><p class="controls"><select id="scope" aria-label="scope">\(options)</select>
            <input id="reason" placeholder="reason (halt)" aria-label="reason">
            <button data-action="halt">Halt</button><button data-action="reduce-only">Reduce only</button>
            <button data-action="resume">Resume</button> <span id="control-result"></span></p></section>

            """
    }

    private static func summary(_ snapshot: MonitorSnapshot?, traffic: MonitorBoard.Traffic, now: Timestamp) -> String {
        guard let snapshot else { return "waiting for the engine's first snapshot" }
        let pollAge = traffic.lastPollSuccess.map { "\((now.nanoseconds - $0.nanoseconds) / 1_000_000) ms ago" } ?? "never"
        let (errors, total) = (traffic.errorCount, traffic.requestCount)
        let text = "\(snapshot.venue) · \(snapshot.account) · \(snapshot.accountStatus.state.rawValue) · P&L \(snapshot.accountPnL.total) "
            + "(realized \(snapshot.accountPnL.realized)) · fills \(snapshot.statistics.fills) · last book poll \(pollAge) · "
            + "exchange errors \(errors) of \(total)"
        return SVGChart.escape(text)
    }

    private static func chart(_ snapshot: MonitorSnapshot?) -> String {
        let points = (snapshot?.equity ?? []).map { (x: $0.time.nanoseconds, y: $0.pnl.units) }
        return SVGChart(
            title: "P&L ($)", lines: [.init(points: points, color: "#0969da", stepped: false)],
            formatY: { Money(units: $0).dollarText }
        ).render()
    }

    private static func states(_ snapshot: MonitorSnapshot?) -> [[String]] {
        guard let snapshot else { return [] }
        let scopes = [("account", snapshot.accountStatus)] + snapshot.strategies.map { ($0.id.rawValue, $0.status) }
        return scopes.map { scope, status in
            [scope, status.state.rawValue, status.code?.rawValue ?? "", status.since == .zero ? "" : status.since.iso8601]
        }
    }

    private static func positions(_ snapshot: MonitorSnapshot?) -> [[String]] {
        (snapshot?.positions ?? []).map { row in
            [row.strategy.rawValue, row.symbol.rawValue, row.position.quantity.description,
             row.position.averageCost?.description ?? "", row.mark?.description ?? ""]
        }
    }

    private static func orders(_ snapshot: MonitorSnapshot?) -> [[String]] {
        (snapshot?.openOrders ?? []).map { row in
            [row.strategy.rawValue, row.request.symbol.rawValue, row.request.side.rawValue, row.request.price.description,
             row.request.qty.description, row.filled.description]
        }
    }

    private static func fills(_ snapshot: MonitorSnapshot?) -> [[String]] {
        (snapshot?.recentFills ?? []).reversed().map { row in
            [String(row.sequence), row.fill.time.iso8601, row.fill.strategyID.rawValue, row.fill.symbol.rawValue,
             row.fill.side.rawValue, row.fill.price.description, row.fill.qty.description]
        }
    }
}
