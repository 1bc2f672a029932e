import StrategyKit

/// One bar of trades: open, high, low, close, volume, trade count and the notional behind the
/// volume-weighted average price, for the trades from `start` to the next bar's start.
struct TradeBar: Equatable {
    /// The bar's start, nanoseconds since the epoch.
    var start: Int64
    var open: Price
    var high: Price
    var low: Price
    var close: Price
    var volume: Quantity
    var trades: Int64
    /// The sum of price times shares: `vw` is this over `volume`.
    var notional: Money

    /// The bar of one trade.
    init(start: Int64, price: Price, qty: Quantity) {
        self.start = start
        open = price
        high = price
        low = price
        close = price
        volume = qty
        trades = 1
        notional = price * qty
    }

    /// Adds a later trade.
    mutating func add(price: Price, qty: Quantity) {
        high = max(high, price)
        low = min(low, price)
        close = price
        volume += qty
        trades += 1
        notional += price * qty
    }

    /// Adds a later bar (aggregating minute bars into longer ones).
    mutating func add(_ later: TradeBar) {
        high = max(high, later.high)
        low = min(low, later.low)
        close = later.close
        volume += later.volume
        trades += later.trades
        notional += later.notional
    }
}
