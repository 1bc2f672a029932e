import Backtest
import FoundationEssentials
import Recording
import Reports
import Sweeps
import Trading

/// A `tickwork backtest` sweep: every cell of the `--param` grid backtested in parallel, and a
/// table (or JSON) of the cells sorted by total P&L, best first.
enum BacktestSweep {
    /// One cell's figures, as `--json` prints them.
    struct Row: Encodable {
        var parameters: [String: String]
        var metrics: MetricsSummary
        var statistics: BacktestStatistics
    }

    /// Runs `grid` over `base` (the plugin or the configuration the values apply to) over the recordings `data`, in order, with `setup`'s plugins and venue. Every
    /// cell's parameters are checked before any runs: a bad one is a usage error.
    static func run(
        _ grid: ParameterGrid, base: SweepBase, header: RecordingHeader, data: [String], setup: BacktestSetup, json: Bool
    ) throws -> Int32 {
        var setups: [[ParameterGrid.Assignment]: BacktestSetup] = [:]
        for cell in grid.cells {
            var cellSetup = setup
            let texts = ParameterGrid.texts(cell)
            cellSetup.configuration = try base.configuration(texts: texts, header: header, scan: setup.scan)
            setups[cell] = cellSetup
        }
        let cellSetups = setups
        let cells = try ParameterSweep.run(grid, recordings: data) { (cell) throws(BacktestError) -> Backtester in
            guard let cellSetup = cellSetups[cell] else { preconditionFailure("every cell was set up") }
            do {
                return try cellSetup.makeBacktester(ledgerPath: nil).0
            } catch {
                throw .engine(reason: "\(error)")
            }
        }
        try show(cells, axes: grid.axes.map(\.name), json: json)
        return 0
    }

    /// Prints `cells` in the order given: the table, or with `json` one `Row` each.
    static func show(_ cells: [ParameterSweep.Cell], axes: [String], json: Bool) throws {
        if json {
            let rows = cells.map { cell in
                Row(
                    parameters: ParameterGrid.texts(cell.assignments),
                    metrics: cell.summary, statistics: cell.statistics)
            }
            Console.out(try JSONOutput.encode(rows))
        } else {
            Console.out(table(cells, axes: axes), terminator: "")
        }
    }

    /// The cells, one row each in the order given, under a header of the parameter names
    /// and the figures.
    static func table(_ cells: [ParameterSweep.Cell], axes: [String]) -> String {
        func ratio(_ value: Double?) -> String { value.map { $0.fixedText(places: 2) } ?? "-" }
        let figures = ["P&L", "REALIZED", "FEES", "FILLS", "VOLUME", "MAX POS", "DRAWDOWN", "SHARPE"]
        let rows = [axes + figures] + cells.map { cell in
            let summary = cell.summary
            return cell.assignments.map(\.value) + [
                summary.totalPnL.description, summary.realizedPnL.description, summary.fees.description,
                String(summary.fills), summary.volume.description, summary.maxPosition.description,
                summary.maxDrawdown.description, ratio(summary.sharpe),
            ]
        }
        return TextTable.render(rows, rightAligned: Set(axes.count..<(axes.count + figures.count)))
    }
}
