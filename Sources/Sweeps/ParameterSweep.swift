import Backtest
import Dispatch
import FoundationEssentials
import Recording
import Reports
import Synchronization

/// Runs one backtest per cell of a `ParameterGrid`, in parallel on every core, each over the
/// same recordings; each cell is as deterministic as a single run.
public enum ParameterSweep {
    /// One cell's outcome.
    public struct Cell: Sendable {
        /// The cell's place among the sweep's cells, in grid order (its position in
        /// `ParameterGrid.cells` when every cell runs).
        public var index: Int
        public var assignments: [ParameterGrid.Assignment]
        public var summary: MetricsSummary
        public var statistics: BacktestStatistics

        public init(index: Int, assignments: [ParameterGrid.Assignment], summary: MetricsSummary, statistics: BacktestStatistics) {
            self.index = index
            self.assignments = assignments
            self.summary = summary
            self.statistics = statistics
        }
    }

    /// Runs the cells of `grid` at `positions` (every cell by default, in grid order) over the
    /// recordings at `paths` (replayed in order, as one `RecordingSequence`), `concurrency` at a
    /// time; `makeBacktester` builds a fresh backtester (engine, strategies, venue) for a cell's
    /// assignments and is called on the cell's thread. Returns the cells ranked by `objective`,
    /// best first (ties in the order run; `Cell.index` is a cell's place in that order). Throws the
    /// first failing cell's error, in that order, after every cell has ended.
    public static func run(
        _ grid: ParameterGrid, positions: [Int]? = nil, recordings paths: [String], objective: SweepObjective = .pnl,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeBacktester: @Sendable ([ParameterGrid.Assignment]) throws(BacktestError) -> Backtester
    ) throws(BacktestError) -> [Cell] {
        let cells = positions.map(grid.cells(at:)) ?? grid.cells
        let outcomes = Mutex<[Int: Result<Cell, BacktestError>]>([:])
        perform(cells.count, concurrency: concurrency) { index in
            let outcome = Result { () throws(BacktestError) -> Cell in
                let run = try backtest(cells[index], recordings: paths, makeBacktester: makeBacktester)
                return Cell(index: index, assignments: cells[index], summary: run.summary, statistics: run.statistics)
            }
            outcomes.withLock { $0[index] = outcome }
        }
        let results = outcomes.withLock { $0 }
        var done: [Cell] = []
        for index in cells.indices {
            switch results[index] {
            case .success(let cell): done.append(cell)
            case .failure(let error): throw error
            case nil: preconditionFailure("every cell ran")
            }
        }
        return ranked(done, by: objective)
    }

    /// One backtest of `assignments` over the recordings at `paths`: its figures and its equity path.
    public static func backtest(
        _ assignments: [ParameterGrid.Assignment], recordings paths: [String],
        makeBacktester: ([ParameterGrid.Assignment]) throws(BacktestError) -> Backtester
    ) throws(BacktestError) -> (summary: MetricsSummary, statistics: BacktestStatistics, path: EquityPath) {
        let backtester = try makeBacktester(assignments)
        let metrics = try backtester.run(try RecordingSequence.open(paths: paths))
        return (metrics.summary(), backtester.statistics, metrics.accountPath())
    }

    /// Calls `body` once for each of `0..<count`, `concurrency` at a time on worker threads,
    /// each worker taking the next index when it is done with one; returns once every call has.
    public static func perform(
        _ count: Int, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, _ body: @Sendable (Int) -> Void
    ) {
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(concurrency, count))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                body(index)
            }
        }
    }

    /// `cells` ranked by `objective`, best first, ties (and undefined values, last) in grid
    /// order: the order a sweep's table lists them in, wherever the cells ran.
    public static func ranked(_ cells: [Cell], by objective: SweepObjective = .pnl) -> [Cell] {
        cells.sorted { objective.ranks($0.summary, $0.index, before: $1.summary, $1.index) }
    }
}
