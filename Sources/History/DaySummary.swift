import StrategyKit

/// What a batch of fills adds to one row of `daily_summaries` (one UTC day, strategy and
/// symbol), added up in memory (in its pair's `PairTally`) so that the row is written once per
/// batch.
struct DaySummary {
    var fills: Int64 = 0
    var bought: Int64 = 0
    var sold: Int64 = 0
    /// Price × quantity, in price units.
    var notional: Int64 = 0
    var realized: Int64 = 0

    /// Adds `fill`, which realized `realized`.
    mutating func add(_ fill: Fill, realized: Money) {
        fills += 1
        if fill.side == .buy { bought += fill.qty.shares } else { sold += fill.qty.shares }
        notional += (fill.price * fill.qty).units
        self.realized += realized.units
    }
}
