import StrategyKit

/// Fills, volume and realized P&L of one group of the daily summaries (a day, a strategy or a
/// symbol, as `HistoryGrouping` says).
public struct HistoryPnL: Hashable, Sendable, HistoryRecord {
    /// The group's key: the day (`2026-12-01`, UTC), the strategy or the symbol.
    public var key: String
    public var fills: Int64
    public var bought: Quantity
    public var sold: Quantity
    /// The sum of price times quantity of the group's fills.
    public var notional: Money
    public var realized: Money

    public init(key: String, fills: Int64, bought: Quantity, sold: Quantity, notional: Money, realized: Money) {
        self.key = key
        self.fills = fills
        self.bought = bought
        self.sold = sold
        self.notional = notional
        self.realized = realized
    }

    public static let columns = ["key", "fills", "bought_shares", "sold_shares", "notional_units", "realized_units"]

    public var values: [SQLiteValue] {
        [.text(key), .integer(fills), .integer(bought.shares), .integer(sold.shares), .integer(notional.units), .integer(realized.units)]
    }
}

/// How `pnl` groups the daily summaries.
public enum HistoryGrouping: String, Sendable, CaseIterable {
    case day
    case strategy
    case symbol
}
