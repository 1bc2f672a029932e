import Quoting
import WebSocket
import StrategyKit

/// How the simulated exchange serves Alpaca's trading, market-data and news API next to the
/// StockFighter one: which venue's stocks it trades, each account's starting cash, the session,
/// the rate limit, and the symbol directory served as assets beside the stocks.
public struct AlpacaConfiguration: Sendable {
    /// The venue whose stocks and books the Alpaca API trades; nil takes the last listing (the
    /// configuration's `venue`, or `TESTEX`).
    public var venue: Venue?
    /// The cash an account starts with on its first Alpaca call ($100,000 by default, as a new
    /// Alpaca paper account).
    public var startingCash: Money = Money(cents: 10_000_000)
    /// The market's session; nil (the default) keeps the market always open.
    public var session: AlpacaSession?
    /// Requests each account may make in one `rateLimitWindow` before 429; nil (the default)
    /// sets no limit. Alpaca's own limit is 200 a minute.
    public var rateLimit: Int?
    /// The rate limit's window, in whole seconds (at least one): a minute by default, as
    /// Alpaca's. Windows start at multiples of it since the epoch, and a 429's
    /// `X-Ratelimit-Reset` names the next one's start; tests shorten it so that a reset comes
    /// within seconds.
    public var rateLimitWindow: Duration = .seconds(60)
    /// Symbols `/v2/assets` serves beside the market's own stocks, not tradable (the symbol
    /// directory's entries; the command line gives the one `tickwork symbols` searches); an
    /// entry the market lists is served once, as its tradable stock. Empty by default.
    public var directory: [DirectoryEntry] = []
    /// The symbols one market-data stream connection may subscribe to before 405 `symbol limit
    /// exceeded` (`*` counts as one): 30 by default, as Alpaca's free (iex) plan.
    public var streamSymbolLimit = AlpacaDataStreamSession.defaultSymbolLimit
    /// The market-data stream connections one account may hold at once before 406 `connection
    /// limit exceeded`: 10,000 by default, enough for any test; Alpaca's free plan allows 1.
    public var streamConnectionLimit = 10_000
    /// Each stream connection's message size, send queue (a client that falls past it is told
    /// 407 `slow client` near it, then dropped with 1008), ping interval and keep-alive deadline.
    public var streamLimits = WebSocketLimits()

    /// The defaults: the last listing's venue, $100,000, always open, no rate limit, no directory.
    public init() {}
}
