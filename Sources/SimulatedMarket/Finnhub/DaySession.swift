@_spi(Host) import StrategyKit

/// One symbol's trading day on the simulated exchange, kept from its trades: the day's open,
/// high, low and last price, and the previous day's close. A day is a UTC calendar day. The
/// exchange has no history from before it started, so until its first day ends the previous
/// close is the first trade's price (the change is then the change since the exchange opened).
struct DaySession: Sendable, Hashable {
    /// The UTC day (days since the Unix epoch) the figures below belong to.
    private(set) var day: Int64
    private(set) var open: Price
    private(set) var high: Price
    private(set) var low: Price
    private(set) var last: Price
    private(set) var previousClose: Price
    /// The time of the last trade.
    private(set) var lastTime: Timestamp

    /// A session opened by a first trade at `price`.
    init(firstTrade price: Price, at time: Timestamp) {
        day = time.utcDay
        open = price
        high = price
        low = price
        last = price
        previousClose = price
        lastTime = time
    }

    /// Takes a trade at `price` into the day, starting a new day (whose previous close is this
    /// day's last price) when the trade falls on a later one.
    mutating func record(_ price: Price, at time: Timestamp) {
        let tradeDay = time.utcDay
        if tradeDay > day {
            previousClose = last
            day = tradeDay
            open = price
            high = price
            low = price
        }
        high = max(high, price)
        low = min(low, price)
        last = price
        lastTime = max(lastTime, time)
    }
}
