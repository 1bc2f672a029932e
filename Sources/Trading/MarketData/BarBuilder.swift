import StrategyKit

/// Builds one symbol's bars of one timeframe from its trades: a bar spans `[start, start +
/// timeframe)`, aligned as `BarTimeframe.start(of:)` says, and closes on the first trade or timer
/// at or after its end, so that bars come out the same live and in a backtest (where the timer
/// fires at the same simulated instant). A span without trades makes no bar, as at Alpaca.
struct BarBuilder {
    let symbol: Symbol
    let timeframe: BarTimeframe
    /// The bar being built, nil before the first trade and after a close.
    private(set) var current: Bar?

    init(symbol: Symbol, timeframe: BarTimeframe) {
        self.symbol = symbol
        self.timeframe = timeframe
    }

    /// Adds `trade` to the bar it falls in; returns the bar it closed, if it is past the current one.
    mutating func add(_ trade: Trade) -> Bar? {
        let closed = close(at: trade.time)
        if var bar = current {
            bar.high = max(bar.high, trade.price)
            bar.low = min(bar.low, trade.price)
            bar.close = trade.price
            bar.volume = bar.volume.addingSaturated(trade.qty)
            bar.trades += 1
            current = bar
        } else {
            current = Bar(
                symbol: symbol, timeframe: timeframe, start: timeframe.start(of: trade.time), open: trade.price,
                high: trade.price, low: trade.price, close: trade.price, volume: trade.qty, trades: 1)
        }
        return closed
    }

    /// Closes the current bar if `now` is at or past its end, and returns it.
    mutating func close(at now: Timestamp) -> Bar? {
        guard let bar = current, now >= bar.end else { return nil }
        current = nil
        return bar
    }
}
