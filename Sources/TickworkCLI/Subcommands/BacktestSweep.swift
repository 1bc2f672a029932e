import Backtest
import FoundationEssentials
import Recording
import Reports
import Sweeps
import Trading

/// A `tickwork backtest` sweep: the cells of the `--param` grid that `--search` picks backtested
/// in parallel, and a table (or JSON) of the cells ranked by `--objective`, best first.
enum BacktestSweep {
    /// One cell's figures, as `--json` prints them.
    struct Row: Encodable {
        var parameters: [String: String]
        var metrics: MetricsSummary
        var statistics: BacktestStatistics
        /// The objective's value, and the mean of its grid neighbours' (`SweepNeighbours`).
        var objective: SweepObjective.Value?
        var neighbourMean: SweepObjective.Value?
        var farAboveNeighbours: Bool
    }

    /// Runs `grid` over `base` (the plugin or the configuration the values apply to) over the recordings `data`, in order, with `setup`'s plugins and venue. Every
    /// cell's parameters are checked before any runs: a bad one is a usage error.
    static func run(
        _ grid: ParameterGrid, base: SweepBase, header: RecordingHeader, data: [String], setup: BacktestSetup,
        objective: SweepObjective = .pnl, search: SweepSearch = .grid, json: Bool
    ) throws -> Int32 {
        let positions = try SweepOptions.positions(search, in: grid)
        let makeBacktester = try backtesters(for: positions.map(grid.cells(at:)) ?? grid.cells, base: base, header: header, setup: setup)
        let cells = try ParameterSweep.run(grid, positions: positions, recordings: data, objective: objective, makeBacktester: makeBacktester)
        try show(cells, grid: grid, objective: objective, json: json)
        return 0
    }

    /// What builds each of `cells`' backtester: `setup` with the cell's configuration over `base`.
    /// Every cell's parameters are checked here, before any runs: a bad one is a usage error.
    static func backtesters(
        for cells: [[ParameterGrid.Assignment]], base: SweepBase, header: RecordingHeader, setup: BacktestSetup
    ) throws -> @Sendable ([ParameterGrid.Assignment]) throws(BacktestError) -> Backtester {
        var setups: [[ParameterGrid.Assignment]: BacktestSetup] = [:]
        for cell in cells {
            var cellSetup = setup
            cellSetup.configuration = try base.configuration(texts: ParameterGrid.texts(cell), header: header, scan: setup.scan)
            setups[cell] = cellSetup
        }
        return { [setups] (cell) throws(BacktestError) -> Backtester in
            guard let cellSetup = setups[cell] else { preconditionFailure("every cell was set up") }
            do {
                return try cellSetup.makeBacktester(ledgerPath: nil).0
            } catch {
                throw .engine(reason: "\(error)")
            }
        }
    }

    /// Prints `cells` in the order given: the table (and for two parameters the heat map), or
    /// with `json` one `Row` each.
    static func show(_ cells: [ParameterSweep.Cell], grid: ParameterGrid, objective: SweepObjective, json: Bool) throws {
        let neighbours = SweepNeighbours(grid: grid, cells: cells, objective: objective)
        if json {
            let rows = neighbours.entries.map { entry in
                Row(
                    parameters: ParameterGrid.texts(entry.cell.assignments), metrics: entry.cell.summary, statistics: entry.cell.statistics,
                    objective: entry.value, neighbourMean: entry.neighbourMean, farAboveNeighbours: entry.isFarAbove)
            }
            Console.out(try JSONOutput.encode(rows))
        } else {
            Console.out(table(neighbours) + heatMap(neighbours, best: cells.first), terminator: "")
        }
    }

    /// The cells, one row each in the order given, under a header of the parameter names
    /// and the figures: the objective's first, `!` after a value far above its neighbours', then
    /// the neighbours' mean, then the rest (P&L and Sharpe not repeated).
    static func table(_ neighbours: SweepNeighbours) -> String {
        let objective = neighbours.objective
        let axes = neighbours.grid.axes.map(\.name)
        func ratio(_ value: Double?) -> String { value.map { $0.fixedText(places: 2) } ?? "-" }
        let columns: [(String, (MetricsSummary) -> String)] = [
            ("P&L", { $0.totalPnL.description }), ("REALIZED", { $0.realizedPnL.description }), ("FEES", { $0.fees.description }),
            ("FILLS", { String($0.fills) }), ("VOLUME", { $0.volume.description }), ("MAX POS", { $0.maxPosition.description }),
            ("DRAWDOWN", { $0.maxDrawdown.description }), ("SHARPE", { ratio($0.sharpe) }),
        ]
        let others = columns.filter { $0.0 != objective.column }
        let figures = [objective.column, "NEIGHBOURS"] + others.map(\.0)
        let rows = [axes + figures] + neighbours.entries.map { entry in
            entry.cell.assignments.map(\.value)
                + [objective.text(value: entry.value) + (entry.isFarAbove ? "!" : ""), objective.text(value: entry.neighbourMean)]
                + others.map { $0.1(entry.cell.summary) }
        }
        var text = TextTable.render(rows, rightAligned: Set(axes.count..<(axes.count + figures.count)))
        if neighbours.entries.contains(where: \.isFarAbove) {
            text += "! far above the mean of its grid neighbours (NEIGHBOURS): more likely luck than a good region\n"
        }
        return text
    }

    /// For two parameters, the objective as a map after a blank line; otherwise nothing.
    static func heatMap(_ neighbours: SweepNeighbours, best: ParameterSweep.Cell?) -> String {
        guard let map = neighbours.heatMap(best: best) else { return "" }
        let axes = neighbours.grid.axes
        return "\n\(neighbours.objective.column) by \(axes[0].name) (rows) and \(axes[1].name) (columns); * the best, ! far above its neighbours:\n"
            + TextTable.render(map, rightAligned: Set(1..<map[0].count))
    }
}
