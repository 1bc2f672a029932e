import History
import Quotes
import Quoting
import StrategyKit

/// What the live view knows about each symbol of a watch list: its last quote (kept through
/// deferred rounds and failures, so its age shows instead of an error), what happened in the
/// last round, and which cells changed in it (they flash).
struct WatchBoard {
    /// One symbol's row.
    struct Row {
        var symbol: Symbol
        var name: String
        var quote: DayQuote?
        /// The last round's outcome; nil before the symbol was first asked for.
        var outcome: QuoteOutcome?
        /// Whether the last round changed the price (the row's price and change cells flash).
        var changed = false
        /// The company's latest filing the history holds; nil when it holds none.
        var filing: HistoryFiling?
    }

    private(set) var rows: [Row]

    /// A board of `symbols`, named from `directory` where it knows them.
    init(symbols: [Symbol], directory: SymbolDirectory) {
        rows = symbols.map { Row(symbol: $0, name: directory.entry($0.rawValue)?.name ?? "") }
    }

    /// The symbols in the order to ask for them: never asked first, then oldest quote first, so
    /// that a rate-limited source refreshes every row in turn.
    var askOrder: [Symbol] {
        rows.sorted { left, right in
            (left.quote?.time.nanoseconds ?? Int64.min) < (right.quote?.time.nanoseconds ?? Int64.min)
        }.map(\.symbol)
    }

    /// Takes the latest stored filings in (a symbol missing from `latest` has none).
    mutating func apply(filings latest: [Symbol: HistoryFiling]) {
        for index in rows.indices { rows[index].filing = latest[rows[index].symbol] }
    }

    /// Takes a round's outcomes in.
    mutating func apply(_ outcomes: [Symbol: QuoteOutcome]) {
        for index in rows.indices {
            guard let outcome = outcomes[rows[index].symbol] else { continue }
            rows[index].changed = false
            if case .quote(var quote) = outcome {
                // A streamed trade newer than the poll's quote keeps its price.
                if let kept = rows[index].quote, kept.time > quote.time { quote.take(kept.price, at: kept.time) }
                rows[index].changed = rows[index].quote.map { $0.price != quote.price } ?? false
                rows[index].quote = quote
            }
            if case .deferred = outcome, rows[index].outcome != nil { continue }
            rows[index].outcome = outcome
        }
    }

    /// Takes streamed trades in: each moves its row's price (and the day's high or low past it)
    /// and time; a row not yet quoted starts from the trade, with no change to show.
    mutating func apply(trades: [Symbol: Trade]) {
        for index in rows.indices {
            guard let trade = trades[rows[index].symbol] else { continue }
            let first = DayQuote(
                symbol: trade.symbol, price: trade.price, open: trade.price, high: trade.price, low: trade.price, previousClose: Price(units: 0),
                time: trade.time)
            var quote = rows[index].quote ?? first
            guard trade.time >= quote.time else { continue }
            rows[index].changed = quote.price != trade.price
            quote.take(trade.price, at: trade.time)
            rows[index].quote = quote
            rows[index].outcome = .quote(quote)
        }
    }
}

extension DayQuote {
    /// The price `price` as of `time`, the day's high and low stretched to it.
    fileprivate mutating func take(_ price: Price, at time: Timestamp) {
        self.price = price
        self.time = time
        high = Price(units: max(high.units, price.units))
        low = Price(units: min(low.units, price.units))
    }
}
