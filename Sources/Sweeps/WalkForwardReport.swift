import Backtest
import Recording
import Reports
import StrategyKit

/// What a walk-forward found: each window's chosen cell with its in-sample and out-of-sample
/// figures, the out-of-sample windows stitched into one run, the in-sample best over the whole
/// period, and how far the one falls short of the other. Money in integer units of $0.0001.
public struct WalkForwardReport: Encodable, Hashable, Sendable {
    /// One window's outcome: what a local walk-forward finds, and what a planned one's test job writes.
    public struct WindowResult: Codable, Hashable, Sendable {
        public var window: WalkForward.Window
        /// The chosen cell: the best of the training days by the objective.
        public var parameters: [String: String]
        public var inSample: MetricsSummary
        /// The chosen cell over the test days, from flat: a position left at the end is marked
        /// to the last mid, as in any run.
        public var outOfSample: MetricsSummary
        public var outOfSamplePath: EquityPath

        public init(
            window: WalkForward.Window, parameters: [String: String], inSample: MetricsSummary, outOfSample: MetricsSummary,
            outOfSamplePath: EquityPath
        ) {
            self.window = window
            self.parameters = parameters
            self.inSample = inSample
            self.outOfSample = outOfSample
            self.outOfSamplePath = outOfSamplePath
        }

        /// `window`'s result from its `chosen` cell and the test run.
        public init(
            window: WalkForward.Window, chosen: ParameterSweep.Cell,
            test: (summary: MetricsSummary, statistics: BacktestStatistics, path: EquityPath)
        ) {
            self.init(
                window: window, parameters: ParameterGrid.texts(chosen.assignments), inSample: chosen.summary, outOfSample: test.summary,
                outOfSamplePath: test.path)
        }
    }

    /// The in-sample best: the cell the objective picks over the whole period at once.
    public struct Best: Encodable, Hashable, Sendable {
        public var parameters: [String: String]
        public var summary: MetricsSummary
        public var objective: SweepObjective.Value?
        public var days: Int
        /// Its P&L over the period's days (rounded toward zero to a unit).
        public var pnlPerDay: Money
    }

    /// The test windows laid end to end.
    public struct Stitched: Encodable, Hashable, Sendable {
        /// P&L, fees, fills and volume summed; the largest position; the drawdown and the return
        /// ratios of the stitched equity path (`EquityPath.stitched`); no profit factor.
        public var summary: MetricsSummary
        public var objective: SweepObjective.Value?
        public var days: Int
        public var pnlPerDay: Money
    }

    public var plan: WalkForward
    public var objective: SweepObjective
    /// Each day of data, by its date (its path when its date is unknown).
    public var days: [String]
    public var windows: [WindowResult]
    public var outOfSample: Stitched
    public var inSampleBest: Best
    /// The grid, and every cell of the sweep over the whole period, best first: the in-sample
    /// landscape, where a best cell alone among poor neighbours shows (`SweepNeighbours`).
    public var grid: [ParameterGrid.Axis]
    public var wholePeriod: [SweepResult]
    /// How much smaller the out-of-sample P&L per day is than the in-sample best's, in percent
    /// of the latter (negative when out of sample did better); nil when the in-sample best made
    /// no profit, which leaves nothing to fall short of.
    public var degradationPercent: Double?

    /// The report of `windows` (in order) over `days`, with `wholePeriod` the cells of `grid`
    /// over the whole period ranked by `objective`, the first the in-sample best.
    public init(
        plan: WalkForward, objective: SweepObjective, days: [RecordingDay], windows: [WindowResult], grid: ParameterGrid,
        wholePeriod: [ParameterSweep.Cell]
    ) {
        precondition(!wholePeriod.isEmpty, "a sweep has a cell")
        let inSampleBest = wholePeriod[0]
        self.grid = grid.axes
        self.wholePeriod = wholePeriod.map { cell in
            SweepResult(cell: cell.index, parameters: ParameterGrid.texts(cell.assignments), metrics: cell.summary, statistics: cell.statistics)
        }
        self.plan = plan
        self.objective = objective
        self.days = days.map { $0.date ?? $0.path }
        self.windows = windows
        let stitched = Self.stitched(windows)
        let testDays = windows.reduce(0) { $0 + $1.window.test.count }
        outOfSample = Stitched(
            summary: stitched, objective: objective.value(stitched), days: testDays,
            pnlPerDay: Money(units: stitched.totalPnL.units / Int64(max(1, testDays))))
        let period = plan.period(days: days.count).count
        self.inSampleBest = Best(
            parameters: ParameterGrid.texts(inSampleBest.assignments), summary: inSampleBest.summary,
            objective: objective.value(inSampleBest.summary), days: period,
            pnlPerDay: Money(units: inSampleBest.summary.totalPnL.units / Int64(max(1, period))))
        // From the exact totals, not the rounded per-day figures: (in/period - out/test) / (in/period)
        // is (in × test - out × period) / (in × test), both sides integers.
        let (inSample, outOfSample) = (Int128(inSampleBest.summary.totalPnL.units), Int128(stitched.totalPnL.units))
        let (period128, test128) = (Int128(max(1, period)), Int128(max(1, testDays)))
        degradationPercent = inSample > 0
            ? Double(inSample * test128 - outOfSample * period128) / Double(inSample * test128) * 100 : nil
    }

    /// The whole period's cells as a sweep's, best first.
    public var wholePeriodCells: [ParameterSweep.Cell] {
        wholePeriod.map { result in
            ParameterSweep.Cell(
                index: result.cell, assignments: grid.map { ParameterGrid.Assignment(name: $0.name, value: result.parameters[$0.name] ?? "") },
                summary: result.metrics, statistics: result.statistics)
        }
    }

    /// The windows' out-of-sample figures as one run's.
    static func stitched(_ windows: [WindowResult]) -> MetricsSummary {
        let path = EquityPath.stitched(windows.map(\.outOfSamplePath))
        let summaries = windows.map(\.outOfSample)
        func sum(_ figure: (MetricsSummary) -> Money) -> Money { summaries.reduce(.zero) { $0 + figure($1) } }
        return MetricsSummary(
            totalPnL: sum(\.totalPnL), realizedPnL: sum(\.realizedPnL), unrealizedPnL: sum(\.unrealizedPnL), fees: sum(\.fees),
            fills: summaries.reduce(0) { $0 + $1.fills }, volume: summaries.reduce(.zero) { $0 + $1.volume },
            notional: sum(\.notional), maxPosition: summaries.map(\.maxPosition).max() ?? .zero, maxDrawdown: path.maxDrawdown,
            sharpe: path.sharpe, sortino: path.sortino, profitFactor: nil, calmar: path.calmar)
    }
}
