import MatchingEngine
import Quoting
@_spi(Host) import StrategyKit

/// Every trade of one venue, kept as 1-minute and UTC-day bars and the latest trade per stock:
/// the one record of trading the simulated exchange serves figures from (Finnhub's day quote,
/// Alpaca's bars, latest trades and snapshots, and the marks of Alpaca positions), and the
/// venue's quote and trade history (`MarketHistory`, Alpaca's historical quotes and trades).
/// Every batch of match events on the venue passes through `record(_:on:symbol:at:)`, whoever
/// traded or changed a book.
struct TradeTape {
    /// A trade as the market-data APIs report it.
    struct Print {
        var time: Timestamp
        var price: Price
        var qty: Quantity
        var id: Int64
    }

    /// Each stock's 1-minute bars, oldest first.
    private(set) var minuteBars: [Symbol: [TradeBar]] = [:]
    /// Each stock's UTC-day bars, oldest first: the days it traded.
    private(set) var dayBars: [Symbol: [TradeBar]] = [:]
    private(set) var latest: [Symbol: Print] = [:]
    /// Every quote change and trade, as far back as the retention keeps them.
    private(set) var history: MarketHistory
    private var tradeCount: Int64 = 0

    /// An empty tape whose history is kept as `retention` keeps closed orders.
    init(retention: OrderRetention? = nil) { history = MarketHistory(retention: retention) }

    static let nanosecondsPerMinute: Int64 = 60_000_000_000

    /// Records the trades among `events` on `exchange`, then the top of book of the stock they
    /// changed (of every stock when the batch's stock is not known) where it moved. `symbol`
    /// names the book when the caller knows it (the orders may already be forgotten by the
    /// books); otherwise the orders tell. Returns the trades as printed when `keepingPrints`
    /// (for the streams), else nothing.
    @discardableResult
    mutating func record(
        _ events: [MatchEvent], on exchange: Exchange, symbol known: Symbol? = nil, at time: Timestamp, keepingPrints: Bool = false
    ) -> [(symbol: Symbol, print: Print)] {
        guard !events.isEmpty else { return [] }
        var prints: [(symbol: Symbol, print: Print)] = []
        for case .fill(let trade) in events {
            guard let symbol = known ?? exchange.symbol(of: trade.incoming) ?? exchange.symbol(of: trade.standing) else { continue }
            let print = record(symbol, price: trade.price, qty: trade.qty, at: trade.time)
            if keepingPrints { prints.append((symbol, print)) }
        }
        for symbol in known.map({ [$0] }) ?? exchange.symbols {
            if let quote = exchange.quote(symbol, at: time) { history.note(quote, of: symbol, at: time) }
        }
        return prints
    }

    /// Forgets the history older than `cutoff`.
    mutating func forgetHistory(before cutoff: Timestamp) { history.forget(before: cutoff) }

    /// Records a trade of `symbol`: into its minute's and its day's bars, and as its latest trade.
    @discardableResult
    mutating func record(_ symbol: Symbol, price: Price, qty: Quantity, at time: Timestamp) -> Print {
        tradeCount += 1
        let print = Print(time: time, price: price, qty: qty, id: tradeCount)
        latest[symbol] = print
        history.note(print, of: symbol)
        Self.add(price, qty, to: &minuteBars[symbol, default: []], start: time.startOfPeriod(nanoseconds: Self.nanosecondsPerMinute))
        Self.add(price, qty, to: &dayBars[symbol, default: []], start: time.startOfUTCDay)
        return print
    }

    private static func add(_ price: Price, _ qty: Quantity, to bars: inout [TradeBar], start: Timestamp) {
        if let last = bars.last, last.start == start.nanoseconds {
            bars[bars.count - 1].add(price: price, qty: qty)
        } else {
            bars.append(TradeBar(start: start.nanoseconds, price: price, qty: qty))
        }
    }

    /// The bars of `symbol` `span` nanoseconds long (a multiple of a minute, or a day) that start
    /// in `from..<to`, aggregated from the minute bars, oldest first.
    func bars(_ symbol: Symbol, span: Int64, from: Int64, to: Int64) -> [TradeBar] {
        var result: [TradeBar] = []
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

    /// The day bar of the day holding `time` (nil when `symbol` has not traded that day), and that
    /// of the last earlier day with trades.
    func dailyBars(_ symbol: Symbol, at time: Int64) -> (today: TradeBar?, previous: TradeBar?) {
        let today = Timestamp(nanoseconds: time).startOfUTCDay.nanoseconds
        let days = (dayBars[symbol] ?? []).prefix { $0.start <= today }
        let current = days.last.flatMap { $0.start == today ? $0 : nil }
        let earlier = current == nil ? days.last : days.dropLast().last
        return (current, earlier)
    }

    /// `symbol`'s latest trading day as Finnhub quotes it: the last trade, that day's open, high
    /// and low, and the previous close — the close of the last earlier day with trades or, until
    /// the venue has traded on two days, the day's open (the change since the exchange opened).
    /// Nil before its first trade.
    func dayQuote(_ symbol: Symbol) -> DayQuote? {
        guard let last = latest[symbol], let days = dayBars[symbol], let day = days.last else { return nil }
        let previousClose = days.dropLast().last?.close ?? day.open
        return DayQuote(
            symbol: symbol, price: last.price, open: day.open, high: day.high, low: day.low, previousClose: previousClose, time: last.time)
    }

    /// The price `symbol` is valued at: its last trade, else the middle of its quote, else nil.
    func markPrice(_ symbol: Symbol, _ quote: Quote?) -> Price? {
        if let last = latest[symbol] { return last.price }
        guard let bid = quote?.bid, let ask = quote?.ask else { return quote?.bid ?? quote?.ask }
        return Price(units: (bid.units + ask.units) / 2)
    }
}
