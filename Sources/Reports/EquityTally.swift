import StrategyKit

/// What a backtest's figures add up beside the P&L book, for one strategy or the whole account:
/// fees, activity, the largest position, the gross profit and loss of closing fills, and the
/// equity curve's peak and drawdown. Positions and their valuation are the run's `Portfolio`'s.
/// Integer units of $0.0001 throughout.
struct EquityTally: Sendable {
    var fees: Money = .zero
    var fills = 0
    var volume: Quantity = .zero
    var notional: Money = .zero
    var maxPosition: Quantity = .zero
    var grossProfit: Int64 = 0
    var grossLoss: Int64 = 0
    var peak: Money = .zero
    /// The lowest equity seen (0 at the start), which a walk-forward's stitched drawdown needs.
    var trough: Money = .zero
    var maxDrawdown: Money = .zero
    /// Equity at each sample boundary, for the return ratios.
    var sampledEquity: [Money] = []

    /// Counts `fill`, which cost `fee`, realized `realized` and left a position of `position`.
    mutating func count(_ fill: Fill, fee: Money, realized: Money, position: Quantity) {
        fees += fee
        fills += 1
        volume += fill.qty
        notional += fill.price * fill.qty
        maxPosition = max(maxPosition, position.magnitude)
        let result = (realized - fee).units
        if result > 0 { grossProfit += result } else { grossLoss -= result }
    }

    /// Moves the peak, the trough and the drawdown to account for equity `value`.
    mutating func observe(_ value: Money) {
        peak = max(peak, value)
        trough = min(trough, value)
        maxDrawdown = max(maxDrawdown, peak - value)
    }
}
