@_spi(Host) import StrategyKit

/// Every trade of every stock the Alpaca side serves, kept as 1-minute bars and the latest trade
/// per stock: what bars, latest trades and snapshots are built from.
struct AlpacaTape {
    /// A trade as the market-data API reports it.
    struct Print {
        var time: Timestamp
        var price: Price
        var qty: Quantity
        var id: Int64
    }

    /// Each stock's 1-minute bars, oldest first.
    private(set) var minuteBars: [Symbol: [AlpacaBar]] = [:]
    private(set) var latest: [Symbol: Print] = [:]
    private var tradeCount: Int64 = 0

    /// Records a trade of `symbol`: into its minute's bar, and as its latest trade.
    mutating func record(_ symbol: Symbol, price: Price, qty: Quantity, at time: Timestamp) {
        tradeCount += 1
        latest[symbol] = Print(time: time, price: price, qty: qty, id: tradeCount)
        let minute = time.startOfPeriod(nanoseconds: AlpacaSession.nanosecondsPerMinute).nanoseconds
        if let last = minuteBars[symbol]?.last, last.start == minute {
            minuteBars[symbol]![minuteBars[symbol]!.count - 1].add(price: price, qty: qty)
        } else {
            minuteBars[symbol, default: []].append(AlpacaBar(start: minute, price: price, qty: qty))
        }
    }

    /// The bars of `symbol` `span` nanoseconds long (a multiple of a minute, or a day) that start
    /// in `from..<to`, aggregated from the minute bars, oldest first.
    func bars(_ symbol: Symbol, span: Int64, from: Int64, to: Int64) -> [AlpacaBar] {
        var result: [AlpacaBar] = []
        for minute in minuteBars[symbol] ?? [] {
            let start = Timestamp(nanoseconds: minute.start).startOfPeriod(nanoseconds: span).nanoseconds
            guard start >= from, start < to else { continue }
            if let last = result.last, last.start == start {
                result[result.count - 1].add(minute)
            } else {
                var bar = minute
                bar.start = start
                result.append(bar)
            }
        }
        return result
    }

    /// The day bar of the day holding `time`, and that of the last earlier day with trades.
    func dailyBars(_ symbol: Symbol, at time: Int64) -> (today: AlpacaBar?, previous: AlpacaBar?) {
        let day = Timestamp.nanosecondsPerDay
        let today = Timestamp(nanoseconds: time).startOfUTCDay.nanoseconds
        let days = bars(symbol, span: day, from: Int64.min, to: today + day)
        let current = days.last.flatMap { $0.start == today ? $0 : nil }
        let earlier = current == nil ? days.last : days.dropLast().last
        return (current, earlier)
    }
}
