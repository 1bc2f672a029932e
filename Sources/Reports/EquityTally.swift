import StrategyKit

/// The P&L book of one strategy, or of the whole account: positions, realized P&L, fees,
/// activity, and the equity curve's peak and drawdown. Integer units of $0.0001 throughout.
struct EquityTally: Sendable {
    var positions = SymbolMap<Position>()
    var fees: Money = .zero
    var fills = 0
    var volume: Quantity = .zero
    var notional: Money = .zero
    var maxPosition: Quantity = .zero
    var grossProfit: Int64 = 0
    var grossLoss: Int64 = 0
    var peak: Money = .zero
    var maxDrawdown: Money = .zero
    /// Equity at each sample boundary, for the return ratios.
    var sampledEquity: [Money] = []

    var realized: Money { positions.values.reduce(.zero) { $0 + $1.realizedPnL } }

    func unrealized(marks: SymbolMap<Price>, lastFillPrices: SymbolMap<Price>) -> Money {
        var total = Money.zero
        for (symbol, position) in positions.pairs where position.quantity != .zero {
            if let mark = marks[symbol] ?? lastFillPrices[symbol] { total += position.unrealizedPnL(markedAt: mark) }
        }
        return total
    }

    /// Net P&L: realized plus unrealized minus fees.
    func equity(marks: SymbolMap<Price>, lastFillPrices: SymbolMap<Price>) -> Money {
        realized + unrealized(marks: marks, lastFillPrices: lastFillPrices) - fees
    }

    /// Books `fill`, which cost `fee`; its effect on the position is `Position.checkedApplying`'s
    /// (a fill the position's numbers cannot hold traps, as it would in `Position.applying`).
    mutating func book(_ fill: Fill, fee: Money) {
        guard let change = (positions[fill.symbol] ?? .flat).checkedApplying(fill) else {
            preconditionFailure("a fill of \(fill.qty) \(fill.symbol) at \(fill.price) overflows its position")
        }
        let after = change.position
        positions[fill.symbol] = after
        fees += fee
        fills += 1
        volume += fill.qty
        notional += fill.price * fill.qty
        maxPosition = max(maxPosition, after.quantity.magnitude)
        let result = (change.realized - fee).units
        if result > 0 { grossProfit += result } else { grossLoss -= result }
    }

    /// Moves the peak and the drawdown to account for equity `value`.
    mutating func observe(_ value: Money) {
        peak = max(peak, value)
        maxDrawdown = max(maxDrawdown, peak - value)
    }
}
