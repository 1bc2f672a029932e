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
        /// The cell's position in `ParameterGrid.cells`.
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

    /// Runs every cell of `grid` over the recordings at `paths` (replayed in order, as one
    /// `RecordingSequence`), `concurrency` at a time;
    /// `makeBacktester` builds a fresh backtester (engine, strategies, venue) for a cell's
    /// assignments and is called on the cell's thread. Returns the cells sorted by total P&L,
    /// best first (ties in grid order). Throws the first failing cell's error, in grid order,
    /// after every cell has ended.
    public static func run(
        _ grid: ParameterGrid, recordings paths: [String], concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeBacktester: @Sendable ([ParameterGrid.Assignment]) throws(BacktestError) -> Backtester
    ) throws(BacktestError) -> [Cell] {
        let cells = grid.cells
        let outcomes = Mutex<[Int: Result<Cell, BacktestError>]>([:])
        perform(cells.count, concurrency: concurrency) { index in
            let outcome = Result { () throws(BacktestError) -> Cell in
                let backtester = try makeBacktester(cells[index])
                let metrics = try backtester.run(try RecordingSequence.open(paths: paths))
                return Cell(index: index, assignments: cells[index], summary: metrics.summary(), statistics: backtester.statistics)
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
        return ranked(done)
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

    /// `cells` sorted by total P&L, best first, ties in grid order: the order a sweep's table
    /// lists them in, wherever the cells ran.
    public static func ranked(_ cells: [Cell]) -> [Cell] {
        cells.sorted { ($0.summary.totalPnL, -$0.index) > ($1.summary.totalPnL, -$1.index) }
    }
}
