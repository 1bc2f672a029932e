import StrategyKit

/// The figures of a backtest, for the account or one strategy. Money in integer units of
/// $0.0001 (`Money.units`); only the ratios are floating point.
public struct MetricsSummary: Hashable, Sendable, Codable {
    /// Realized plus unrealized minus fees.
    public var totalPnL: Money
    public var realizedPnL: Money
    /// Open positions marked to the last mid (or last fill price before any mid).
    public var unrealizedPnL: Money
    /// Fees paid minus rebates received.
    public var fees: Money
    public var fills: Int
    /// Shares traded, both sides.
    public var volume: Quantity
    /// Price times shares traded.
    public var notional: Money
    /// The largest absolute position held in any one symbol.
    public var maxPosition: Quantity
    /// The largest fall of equity from a previous peak (peak starts at 0).
    public var maxDrawdown: Money
    /// Annualised Sharpe ratio of per-interval equity changes; nil when undefined.
    public var sharpe: Double?
    /// Annualised Sortino ratio (downside deviation, target 0); nil when undefined.
    public var sortino: Double?
    /// Gross profit over gross loss of per-fill results (realized change minus fee); nil with no loss.
    public var profitFactor: Double?
    /// Annualised mean return over the maximum drawdown (`ReturnStatistics.calmar`); nil when
    /// undefined.
    public var calmar: Double?

    public init(
        totalPnL: Money, realizedPnL: Money, unrealizedPnL: Money, fees: Money, fills: Int, volume: Quantity,
        notional: Money, maxPosition: Quantity, maxDrawdown: Money, sharpe: Double?, sortino: Double?,
        profitFactor: Double?, calmar: Double? = nil
    ) {
        self.totalPnL = totalPnL
        self.realizedPnL = realizedPnL
        self.unrealizedPnL = unrealizedPnL
        self.fees = fees
        self.fills = fills
        self.volume = volume
        self.notional = notional
        self.maxPosition = maxPosition
        self.maxDrawdown = maxDrawdown
        self.sharpe = sharpe
        self.sortino = sortino
        self.profitFactor = profitFactor
        self.calmar = calmar
    }
}
