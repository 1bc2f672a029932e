import StrategyKit

/// What market data a strategy is called with, as its configuration's `"data"` names it:
/// `books` (every book, the default), `quotes` (a book only when the best bid or ask, price or
/// size, changed), `books:N` (only when one of the top N levels changed), `trades`,
/// `bars:<timeframe>` (`bars:1Min`, `5Min`, `15Min`, `1Hour`, `1Day`), and `filings` (the
/// companies' new filings on SEC EDGAR).
///
/// `quotes` compares the touch without the strategy's own orders (the market it quotes
/// against), and a strategy whose orders or position changed since its last book is called with
/// the next one whatever it shows: a strategy that reads only the touch, its position and its
/// orders decides on a `quotes` subscription exactly as on every book.
public struct MarketDataSubscription: Hashable, Sendable {
    /// Which books `onBook` is called with.
    public enum Books: Hashable, Sendable {
        case every
        case quotes
        case levels(Int)
    }

    /// Which books, or none.
    public var books: Books?
    /// Whether `onTrade` is called.
    public var trades: Bool
    /// The bars `onBar` is called with, shortest first.
    public var bars: [BarTimeframe]
    /// Whether `onFiling` is called.
    public var filings: Bool

    public init(books: Books? = .every, trades: Bool = false, bars: [BarTimeframe] = [], filings: Bool = false) {
        self.books = books
        self.trades = trades
        self.bars = bars.sorted()
        self.filings = filings
    }

    /// Every book and nothing else: a strategy whose configuration names no data.
    public static let everyBook = MarketDataSubscription()

    /// Parses a configuration's `"data"` list; the error names the first entry it cannot read.
    public init(parsing names: [String]) throws(MarketDataSubscriptionError) {
        var books: Books?
        var trades = false
        var bars: [BarTimeframe] = []
        var filings = false
        for name in names {
            switch name {
            case "books": books = .every
            case "quotes": books = .quotes
            case "trades": trades = true
            case "filings": filings = true
            case _ where name.hasPrefix("books:"):
                guard let depth = Int(name.dropFirst("books:".count)), depth > 0 else { throw .unknown(name) }
                books = .levels(depth)
            case _ where name.hasPrefix("bars:"):
                guard let timeframe = BarTimeframe(name: String(name.dropFirst("bars:".count))) else { throw .unknown(name) }
                if !bars.contains(timeframe) { bars.append(timeframe) }
            default: throw .unknown(name)
            }
        }
        self.init(books: books, trades: trades, bars: bars, filings: filings)
    }

    /// The names `init(parsing:)` reads back to this subscription.
    public var names: [String] {
        var names: [String] = []
        switch books {
        case .every?: names.append("books")
        case .quotes?: names.append("quotes")
        case .levels(let depth)?: names.append("books:\(depth)")
        case nil: break
        }
        if trades { names.append("trades") }
        names += bars.map { "bars:\($0)" }
        if filings { names.append("filings") }
        return names
    }
}

/// A configuration's `"data"` entry that names no market data.
public enum MarketDataSubscriptionError: Error, Equatable, CustomStringConvertible {
    case unknown(String)

    public var description: String {
        switch self {
        case .unknown(let name):
            "unknown market data \"\(name)\": use books, quotes, books:N, trades, bars:1Min, bars:5Min, bars:15Min, bars:1Hour, bars:1Day or filings"
        }
    }
}
