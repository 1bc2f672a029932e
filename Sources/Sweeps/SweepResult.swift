import Backtest
import Reports

/// One cell's outcome, `results/NNNN.json`: the same figures as a row of a local sweep's `--json`,
/// with the cell's number. A cell run twice writes the same bytes.
public struct SweepResult: Codable, Hashable, Sendable {
    public var cell: Int
    public var parameters: [String: String]
    public var metrics: MetricsSummary
    public var statistics: BacktestStatistics

    public init(cell: Int, parameters: [String: String], metrics: MetricsSummary, statistics: BacktestStatistics) {
        self.cell = cell
        self.parameters = parameters
        self.metrics = metrics
        self.statistics = statistics
    }
}
