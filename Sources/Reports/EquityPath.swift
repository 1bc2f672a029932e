import StrategyKit

/// One run's account equity as the return ratios see it: the equity at every return sample, the
/// final equity, and the extremes the drawdown is made of. Runs laid end to end (`stitched`),
/// each starting where the previous one ended, give the ratios of the whole as exactly as one
/// run gives its own; a walk-forward's out-of-sample result is such a whole. Integer units of
/// $0.0001 (`Money.units`).
public struct EquityPath: Codable, Hashable, Sendable {
    /// Equity at each return sample boundary, from the first event (0 there).
    public var sampledEquity: [Money]
    /// Equity at the end of the run: its total P&L.
    public var final: Money
    /// The highest and the lowest equity seen at any fill or mark (both 0 at the start).
    public var peak: Money
    public var trough: Money
    /// The largest fall of equity from a previous peak (the peak starting at 0).
    public var maxDrawdown: Money
    /// How many return intervals make a year, for annualising.
    public var periodsPerYear: Double

    public init(sampledEquity: [Money], final: Money, peak: Money, trough: Money, maxDrawdown: Money, periodsPerYear: Double) {
        self.sampledEquity = sampledEquity
        self.final = final
        self.peak = peak
        self.trough = trough
        self.maxDrawdown = maxDrawdown
        self.periodsPerYear = periodsPerYear
    }

    /// The changes between consecutive samples: the returns of the Sharpe, Sortino and Calmar ratios.
    public var returns: [Int64] { zip(sampledEquity.dropFirst(), sampledEquity).map { ($0 - $1).units } }

    public var sharpe: Double? { ReturnStatistics.sharpe(returns, periodsPerYear: periodsPerYear) }
    public var sortino: Double? { ReturnStatistics.sortino(returns, periodsPerYear: periodsPerYear) }
    public var calmar: Double? { ReturnStatistics.calmar(returns, maxDrawdown: maxDrawdown.units, periodsPerYear: periodsPerYear) }

    /// `paths` one after another, each shifted by the equity the ones before it ended at. The
    /// drawdown is exact: within a path, the fall is the larger of its own drawdown and the fall
    /// from the peak carried in to its trough. The interval between one path's last sample and
    /// the next path's first is one return (the rest of the first run). All paths must share
    /// `periodsPerYear`; with none, an empty path of a year of one period.
    public static func stitched(_ paths: [EquityPath]) -> EquityPath {
        var samples: [Money] = []
        var offset = Money.zero
        var peak = Money.zero
        var trough = Money.zero
        var drawdown = Money.zero
        for path in paths {
            precondition(path.periodsPerYear == paths[0].periodsPerYear, "stitched paths share their sampling")
            samples += path.sampledEquity.map { offset + $0 }
            drawdown = max(drawdown, path.maxDrawdown, peak - (offset + path.trough))
            peak = max(peak, offset + path.peak)
            trough = min(trough, offset + path.trough)
            offset += path.final
        }
        return EquityPath(
            sampledEquity: samples, final: offset, peak: peak, trough: trough, maxDrawdown: drawdown,
            periodsPerYear: paths.first?.periodsPerYear ?? 1)
    }
}
