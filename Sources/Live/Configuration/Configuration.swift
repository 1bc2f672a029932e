import Risk
import StrategyKit
import Trading

/// A validated Tickwork configuration (`"version": 1`). See `config/README.md` for every key.
public struct Configuration: Sendable {
    /// The file it was read from, for messages.
    public var file: String
    /// The absolute directory its relative paths were resolved against (see
    /// `Configuration+Paths.swift`); every path below is absolute.
    public var directory: String
    public var exchange: ExchangeSettings
    /// Settings of the simulated exchange the daemon starts in-process; nil when trading
    /// against an outside exchange.
    public var embeddedExchange: EmbeddedExchangeSettings?
    /// How often each symbol's book is polled.
    public var pollIntervalMs: Int64
    /// Where plugins are looked for; nil means beside the executable.
    public var pluginDirectory: String?
    public var strategies: [StrategySettings]
    /// The limits of every strategy that does not set its own.
    public var risk: RiskLimits
    /// The limits of the whole account.
    public var accountRisk: AccountRiskLimits
    public var ledger: LedgerSettings
    /// The trading history's SQLite database (`history.path`; default beside the ledger, named
    /// after it with `.history.sqlite`).
    public var historyPath: String
    /// Where the trading states (active, reducing, halted) are kept across restarts.
    public var riskStatePath: String
    /// What start-up does with open orders at the exchange that the ledger cannot attribute.
    public var unknownOpenOrders: UnknownOrderPolicy
    /// Whether the engine may hold orders the venue cannot keep (stops, groups, replaces on
    /// StockFighter), which die with the process; when false they are denied
    /// (`RISK_EMULATION_REFUSED`). Default true.
    public var emulatedOrders = true
    /// How long after a placement with an unknown outcome was sent the account's orders must
    /// still not show it before it counts as never placed.
    public var settlementWindowMs: Int64
    /// Where the engine's inputs and actions are recorded; nil records nothing.
    public var recordingPath: String?
    public var logging: LoggingSettings
    /// The monitor endpoint; nil (the default) serves none.
    public var monitor: MonitorSettings? = nil
    /// Where the Finnhub key of `--source finnhub` is found; nil: `$FINNHUB_API_KEY`.
    public var finnhub: FinnhubSettings? = nil
    /// The webhooks told of fills, halts, failures and the daemon's start and stop; nil: none.
    public var notify: NotifySettings? = nil
    /// SEC EDGAR: the `User-Agent`, its hosts, and the daemon's polling of filings; nil: none.
    public var edgar: EdgarSettings? = nil
    /// The operator's control socket (`controlSocket`); nil: in the runtime directory
    /// (`controlSocketPath(environment:)`).
    public var controlSocket: String? = nil

    /// Every symbol some strategy trades, sorted, without repeats.
    public var symbols: [Symbol] {
        Array(Set(strategies.flatMap(\.symbols))).sorted()
    }

    /// How far behind the local clock a polled book's exchange time may be before the book is
    /// stale: the strategies' longest `staleBookMs` and `exchange.clockSkewMs`.
    public var exchangeTimeAllowance: Duration {
        .milliseconds((strategies.map(\.risk.staleBookMs).max() ?? 0) + exchange.clockSkewMs)
    }

    /// How the runner uses the venue's push stream; nil when `exchange.stream` is false.
    public var streamSettings: StreamSettings? {
        guard exchange.stream else { return nil }
        return StreamSettings(
            safetyPollInterval: .milliseconds(exchange.streamSafetyPollMs),
            stallTimeout: .milliseconds(exchange.streamStallMs ?? 3 * exchange.streamSafetyPollMs))
    }
}

/// Where the exchange is and who we are on it.
public struct ExchangeSettings: Sendable, Hashable {
    /// The API base, e.g. `http://127.0.0.1:8080/ob/api`; nil when the embedded exchange is used.
    public var baseURL: String?
    public var venue: Venue
    public var account: Account
    /// Where the API key comes from; the key itself never appears in a configuration.
    public var apiKey: APIKeySource
    /// The most requests per second sent to the venue (a token bucket shared by every poller
    /// and order), with bursts of up to a quarter second's worth.
    public var maxRequestsPerSecond: Int64
    /// A PEM file of certificate authorities trusted for `https://` besides the system's; nil
    /// for the system's alone. Verification itself cannot be turned off.
    public var caFile: String?
    /// Which API the exchange speaks, and its settings when that is Alpaca's.
    public var api: ExchangeAPI = .stockFighter
    /// How far the exchange's clock may be behind ours: a polled book whose exchange time is
    /// more than the strategies' longest `staleBookMs` plus this behind the local clock is
    /// stale, and is not traded on.
    public var clockSkewMs: Int64 = 1_000
    /// Whether market data and order updates come from the venue's push stream, polling kept
    /// at `streamSafetyPollMs` while it is trusted and at `pollIntervalMs` while it is down.
    public var stream = false
    public var streamSafetyPollMs: Int64 = 10_000
    /// The silence after which a stream is taken as stalled and replaced; nil: three safety
    /// intervals.
    public var streamStallMs: Int64?
}

/// The API an exchange speaks.
public enum ExchangeAPI: Sendable, Hashable {
    /// The StockFighter API (the default).
    case stockFighter
    /// Alpaca's trading and market-data APIs; `apiKey` is then the key id.
    case alpaca(AlpacaSettings)
}

/// What trading on Alpaca needs besides the base URL and key id.
public struct AlpacaSettings: Sendable, Hashable {
    /// The market-data API's base; nil for the trading URL's host (the embedded exchange
    /// serves both on one port).
    public var marketDataURL: String?
    /// Where the secret key comes from.
    public var secret: APIKeySource
    /// Whether orders may go out while the market is closed (as extended-hours limit/day orders).
    public var extendedHours: Bool
    /// The start of every client order id this configuration makes, which tells its orders from
    /// any other's on the account; nil for `Configuration.defaultClientOrderPrefix`.
    public var clientOrderPrefix: String?
    /// The market-data stream's URL (`exchange.stream`); nil for Alpaca's own
    /// (`wss://stream.data.alpaca.markets/v2/iex`) with Alpaca's data host, else `/v2/iex` on the
    /// market-data URL's host (the embedded exchange's).
    public var dataStreamURL: String?

    public init(
        marketDataURL: String?, secret: APIKeySource, extendedHours: Bool, clientOrderPrefix: String? = nil, dataStreamURL: String? = nil
    ) {
        self.marketDataURL = marketDataURL
        self.secret = secret
        self.extendedHours = extendedHours
        self.clientOrderPrefix = clientOrderPrefix
        self.dataStreamURL = dataStreamURL
    }
}

/// Where to read the API key from.
public enum APIKeySource: Sendable, Hashable {
    /// An environment variable's name.
    case environment(String)
    /// A file's path as written; `Configuration.apiKeyFilePath` says where a relative one is.
    case file(String)
}

/// The in-process simulated exchange.
public struct EmbeddedExchangeSettings: Sendable, Hashable {
    /// `HOST:PORT` to listen on; port 0 picks a free port.
    public var listen: String
    /// Symbols listed on the venue besides FOOBAR.
    public var symbols: [Symbol]
    /// Trading bots per symbol.
    public var bots: Int64
    /// The bots' random seed.
    public var seed: Int64
}

/// One configured strategy instance.
public struct StrategySettings: Sendable, Hashable {
    public var id: StrategyID
    /// The strategy name a plugin provides.
    public var plugin: String
    public var symbols: [Symbol]
    /// Parameter values as written; validated against the plugin's schema when it is loaded.
    public var parameters: [String: ParameterValue]
    /// This strategy's own limits (the top-level limits overridden by its `risk` object).
    public var risk: RiskLimits
    /// The market data it is called with (`"data"`; every book by default).
    public var data: MarketDataSubscription = .everyBook
}

/// How fills are made durable.
public enum FsyncPolicy: String, Sendable, Hashable, CaseIterable {
    /// Each fill is on disk before anything else hears of it.
    case always
    /// Group commit: durable within `batchMs` or `batchFills`, whichever comes first.
    case batch
    /// Never fsync (tests and backtests).
    case never
}

/// The fill ledger.
public struct LedgerSettings: Sendable, Hashable {
    public var path: String
    public var fsync: FsyncPolicy
    public var batchMs: Int64
    public var batchFills: Int64
}

/// Log output.
public struct LoggingSettings: Sendable, Hashable {
    public typealias Level = LogLevel

    public enum Format: String, Sendable, Hashable, CaseIterable {
        case text, json
    }

    public var level: Level
    public var format: Format
}
