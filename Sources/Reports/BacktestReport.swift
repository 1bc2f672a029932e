import FoundationEssentials
import Recording
import StrategyKit
import Wire

/// The results of a backtest as files: `report.json` (the figures), `equity.csv` (the sampled
/// equity curve) and `report.html` (a self-contained page with SVG charts of equity, position
/// and price with the fills marked). Pure except for `write(to:)`.
public struct BacktestReport: Sendable {
    /// A line naming the run, e.g. the strategy and the recording.
    public var title: String
    public var metrics: BacktestMetrics
    /// The risk checker's denials; nil when it denied nothing (the files then say nothing of them).
    public var denials: DenialSummary?

    public init(title: String, metrics: BacktestMetrics, denials: DenialSummary? = nil) {
        self.title = title
        self.metrics = metrics
        self.denials = denials
    }

    /// What `report.json` holds.
    public struct Document: Hashable, Sendable, Codable {
        public var title: String
        public var start: Timestamp?
        public var end: Timestamp?
        /// The return interval of the Sharpe and Sortino ratios.
        public var returnIntervalSeconds: Double
        /// Their annualisation: ratios are multiplied by the square root of this.
        public var periodsPerYear: Double
        public var account: MetricsSummary
        /// Per strategy id.
        public var strategies: [String: MetricsSummary]
        /// The unit of every amount of money in the document: units per dollar (10,000).
        public var moneyUnitsPerDollar: Int64 = Price.unitsPerDollar
        /// The risk checker's denials by code; absent when there were none.
        public var denials: DenialSummary?
    }

    /// The figures as `report.json` encodes them.
    public var document: Document {
        Document(
            title: title, start: metrics.start, end: metrics.end,
            returnIntervalSeconds: Double(metrics.sampleIntervalNanoseconds) / 1e9, periodsPerYear: metrics.periodsPerYear,
            account: metrics.summary(),
            strategies: Dictionary(uniqueKeysWithValues: metrics.strategySummaries().map { ($0.key.rawValue, $0.value) }),
            denials: denials)
    }

    /// `report.json`: sorted keys, money in integer units of $0.0001 (`moneyUnitsPerDollar`),
    /// times in nanoseconds.
    public func json() throws(BacktestError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(document)
        } catch {
            throw .report(path: "report.json", reason: "\(error)")
        }
    }

    /// The symbols that appear in the samples or fills, sorted.
    var symbols: [Symbol] {
        Set(metrics.samples.flatMap { $0.positions.keys } + metrics.samples.flatMap { $0.marks.keys }
            + metrics.fills.map(\.fill.symbol)).sorted()
    }

    /// `equity.csv`: one row per sample; money in dollars with two decimals (up to four for a
    /// sub-penny amount).
    public func equityCSV() -> String {
        let symbols = self.symbols
        var csv = "time,equity,realized,unrealized,fees"
        for symbol in symbols { csv += ",position:\(symbol),mark:\(symbol)" }
        csv += "\n"
        for sample in metrics.samples {
            csv += "\(sample.time.iso8601),\(sample.equity),\(sample.realized),\(sample.unrealized),\(sample.fees)"
            for symbol in symbols {
                csv += ",\(sample.positions[symbol]?.shares ?? 0),\(sample.marks[symbol].map(\.description) ?? "")"
            }
            csv += "\n"
        }
        return csv
    }

    /// A few lines for a terminal.
    public var textSummary: String {
        func line(_ name: String, _ summary: MetricsSummary) -> String {
            func ratio(_ value: Double?) -> String { value.map { $0.fixedText(places: 2) } ?? "-" }
            return "\(name): P&L \(summary.totalPnL) (realized \(summary.realizedPnL), unrealized \(summary.unrealizedPnL), "
                + "fees \(summary.fees)); \(summary.fills) fills, \(summary.volume) shares; max position \(summary.maxPosition); "
                + "max drawdown \(summary.maxDrawdown); Sharpe \(ratio(summary.sharpe)), Sortino \(ratio(summary.sortino)), "
                + "profit factor \(ratio(summary.profitFactor))"
        }
        var text = title + "\n" + line("total", metrics.summary()) + "\n"
        for (id, summary) in metrics.strategySummaries().sorted(by: { $0.key < $1.key }) {
            text += line("  \(id)", summary) + "\n"
        }
        return text
    }

    /// Writes `report.json`, `equity.csv` and `report.html` into `directory`, creating it.
    public func write(to directory: String) throws(BacktestError) {
        let url = URL(fileURLWithPath: directory)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .report(path: directory, reason: "\(error)")
        }
        let files: [(String, Data)] = [
            ("report.json", try json()), ("equity.csv", Data(equityCSV().utf8)), ("report.html", Data(html().utf8)),
        ]
        for (name, data) in files {
            let path = url.appendingPathComponent(name)
            do {
                try data.write(to: path)
            } catch {
                throw .report(path: path.path, reason: "\(error)")
            }
        }
    }
}
