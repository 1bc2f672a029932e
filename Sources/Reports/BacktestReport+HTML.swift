import FoundationEssentials
import Risk
import StrategyKit
import Wire

extension BacktestReport {
    /// `report.html`: the figures as a table and, per symbol, charts of equity, position and
    /// price with every fill marked (buys green pointing up, sells red pointing down). One file,
    /// inline SVG and CSS, no scripts, nothing fetched.
    public func html() -> String {
        let samples = metrics.samples
        let money: (Int64) -> String = { Money(units: $0).dollarText }
        var body = "<h1>\(SVGChart.escape(title))</h1>\n"
        body += summaryTable()
        if let denials { body += Self.denialTable(denials) }
        body += SVGChart(
            title: "Equity (net P&L)",
            lines: [.init(points: samples.map { ($0.time.nanoseconds, $0.equity.units) }, color: "#0969da", stepped: false)],
            formatY: money
        ).render() + "\n"
        for symbol in symbols {
            body += SVGChart(
                title: "Position in \(symbol) (shares)",
                lines: [.init(points: samples.map { ($0.time.nanoseconds, $0.positions[symbol]?.shares ?? 0) },
                              color: "#8250df", stepped: true)],
                formatY: { String($0) }
            ).render() + "\n"
            let fills = metrics.fills.filter { $0.fill.symbol == symbol }
            body += SVGChart(
                title: "\(symbol) mid with fills",
                lines: [.init(points: samples.compactMap { sample in sample.marks[symbol].map { (sample.time.nanoseconds, $0.units) } },
                              color: "#57606a", stepped: false)],
                markers: fills.map { booked in
                    let fill = booked.fill
                    return .init(
                        x: fill.time.nanoseconds, y: fill.price.units, color: fill.side == .buy ? "#1a7f37" : "#cf222e",
                        pointsUp: fill.side == .buy,
                        label: "\(fill.side.rawValue) \(fill.qty) @ $\(fill.price) \(fill.strategyID) \(fill.time.iso8601)")
                },
                formatY: money
            ).render() + "\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(SVGChart.escape(title))</title>
            <style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2328}table{border-collapse:collapse;margin-bottom:16px}
            td,th{border:1px solid #d0d7de;padding:4px 8px;text-align:right}th:first-child,td:first-child{text-align:left}
            svg{display:block;margin:12px 0}</style></head>
            <body>
            \(body)<p>Ratios: returns are equity changes every \(Double(metrics.sampleIntervalNanoseconds) / 1e9) s of simulated time, annualised by √\(Int(metrics.periodsPerYear.rounded())) periods a year.</p>
            </body></html>

            """
    }

    /// The denials by code with each first denial, and what to raise when every order was denied.
    private static func denialTable(_ denials: DenialSummary) -> String {
        var table = "<h2>Risk denials: \(denials.denied) of \(denials.denied + denials.approved) orders</h2>\n"
        if denials.everyOrderDenied {
            let advice = denials.settingToRaise.map { "raise <code>\(SVGChart.escape($0))</code>" } ?? "see the first denials below"
            table += "<p><strong>Every order was denied by the risk limits</strong>: \(advice).</p>\n"
        }
        table += "<table><tr><th>code</th><th>count</th><th>setting</th><th>first limit</th><th>first value</th><th>first denial</th></tr>\n"
        for code in denials.codes {
            let text = { (value: Int64) in RiskCode(rawValue: code.code)?.text(ofLimit: value) ?? String(value) }
            let cells = [
                "\(code.count)", code.setting ?? "–", code.firstLimit.map(text) ?? "–", code.firstActual.map(text) ?? "–",
                SVGChart.escape(code.firstDenial),
            ]
            table += "<tr><td>\(code.code)</td>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        return table + "</table>\n"
    }

    private func summaryTable() -> String {
        func ratio(_ value: Double?) -> String { value.map { $0.fixedText(places: 2) } ?? "–" }
        var rows = [("total", metrics.summary())]
        rows += metrics.strategySummaries().sorted { $0.key < $1.key }.map { ($0.key.rawValue, $0.value) }
        var table = "<table><tr><th></th><th>P&amp;L</th><th>realized</th><th>unrealized</th><th>fees</th><th>fills</th>"
            + "<th>volume</th><th>max position</th><th>max drawdown</th><th>Sharpe</th><th>Sortino</th><th>profit factor</th></tr>\n"
        for (name, summary) in rows {
            let cells = [
                summary.totalPnL.dollarText, summary.realizedPnL.dollarText, summary.unrealizedPnL.dollarText, summary.fees.dollarText,
                "\(summary.fills)", "\(summary.volume)", "\(summary.maxPosition)", summary.maxDrawdown.dollarText,
                ratio(summary.sharpe), ratio(summary.sortino), ratio(summary.profitFactor),
            ]
            table += "<tr><td>\(SVGChart.escape(name))</td>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
        }
        return table + "</table>\n"
    }
}
