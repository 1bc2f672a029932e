import CommandLineKit
import Recording
import Reports
import Sweeps

/// `tickwork backtest --walk-forward train=Nd,test=Md`: the sweep optimised on each training
/// window and judged on the test days after it, reported beside the in-sample best.
enum BacktestWalkForward {
    static let option: Option<WalkForward?> = .optional(
        "--walk-forward", "train=Nd,test=Md",
        help: "Optimise the --param sweep on N days of data, run the best cell on the next M, step M days, and report the out-of-sample result.",
        parse: ValueParser { text throws(ValueError) in
            guard let plan = WalkForward(parsing: text) else { throw .expected("train=Nd,test=Md with N and M at least 1") }
            return plan
        })

    /// Runs `plan` over the days of the recordings `data` (`DayRecordings.select`), the cells of
    /// `grid` that `search` picks built over `base` with `setup`'s venue; prints the report.
    static func run(
        _ plan: WalkForward, grid: ParameterGrid, base: SweepBase, days: [RecordingDay], setup: BacktestSetup, objective: SweepObjective,
        search: SweepSearch, json: Bool
    ) throws -> Int32 {
        let header = try RecordingSequence(paths: days.map(\.path)).header
        let positions = try SweepOptions.positions(search, in: grid)
        let makeBacktester = try BacktestSweep.backtesters(
            for: positions.map(grid.cells(at:)) ?? grid.cells, base: base, header: header, setup: setup)
        let report = try plan.run(grid, positions: positions, days: days, objective: objective, makeBacktester: makeBacktester)
        if json {
            Console.out(try JSONOutput.encode(report))
        } else {
            Console.out(text(report, strategy: try base.strategyName(), axes: grid.axes.map(\.name)), terminator: "")
        }
        return 0
    }

    /// The report as a person reads it: a line of what ran, a row per window, the stitched
    /// out-of-sample result, the in-sample best and the degradation; then the whole period's
    /// cells far above their neighbours, and for two parameters its heat map.
    static func text(_ report: WalkForwardReport, strategy: String, axes: [String]) -> String {
        let objective = report.objective
        func span(_ days: Range<Int>) -> String {
            days.count == 1 ? report.days[days.lowerBound] : "\(report.days[days.lowerBound])..\(report.days[days.upperBound - 1])"
        }
        func cell(_ parameters: [String: String]) -> String { axes.map { "\($0)=\(parameters[$0] ?? "-")" }.joined(separator: " ") }
        let period = report.plan.period(days: report.days.count)
        var text = "walk-forward of \(strategy) by \(objective.rawValue): train \(report.plan.trainDays) days, test \(report.plan.testDays), "
            + "\(report.windows.count) window\(report.windows.count == 1 ? "" : "s") over \(span(period)) (\(period.count) days of data)\n\n"
        let outOfSampleObjective = objective == .pnl ? [] : ["OOS \(objective.column)"]
        var rows = [["WINDOW", "TRAIN", "TEST", "CHOSEN", "IS \(objective.column)", "OOS P&L"] + outOfSampleObjective + ["OOS FILLS", "OOS DRAWDOWN"]]
        for window in report.windows {
            let oos = window.outOfSample
            rows.append(
                [String(window.window.index), span(window.window.train), span(window.window.test), cell(window.parameters),
                 objective.text(window.inSample), oos.totalPnL.description]
                    + (objective == .pnl ? [] : [objective.text(oos)]) + [String(oos.fills), oos.maxDrawdown.description])
        }
        text += TextTable.render(rows, rightAligned: Set(4..<rows[0].count))
        let stitched = report.outOfSample
        let best = report.inSampleBest
        // The objective beside the P&L, unless it is the P&L.
        let also = { (summary: MetricsSummary) in objective == .pnl ? "" : ", \(objective.column) \(objective.text(summary))" }
        text += "\nout of sample, stitched (\(stitched.days) days): P&L \(stitched.summary.totalPnL) (\(stitched.pnlPerDay) a day)"
            + "\(also(stitched.summary)), drawdown \(stitched.summary.maxDrawdown), \(stitched.summary.fills) fills\n"
        text += "in-sample best over the period (\(best.days) days), \(cell(best.parameters)): P&L \(best.summary.totalPnL) "
            + "(\(best.pnlPerDay) a day)\(also(best.summary))\n"
        if let degradation = report.degradationPercent {
            text += "degradation: \(degradation.fixedText(places: 1))% (out-of-sample P&L a day against the in-sample best's)\n"
        } else {
            text += "degradation: - (the in-sample best made no profit)\n"
        }
        // The whole period's landscape: a best cell alone among poor neighbours is luck.
        let cells = report.wholePeriodCells
        let neighbours = SweepNeighbours(grid: ParameterGrid(axes: report.grid), cells: cells, objective: objective)
        for entry in neighbours.entries where entry.isFarAbove {
            text += "over the whole period, \(cell(ParameterGrid.texts(entry.cell.assignments))) stands far above its neighbours: "
                + "\(objective.column) \(objective.text(value: entry.value)) against \(objective.text(value: entry.neighbourMean))\n"
        }
        return text + BacktestSweep.heatMap(neighbours, best: cells.first)
    }
}
