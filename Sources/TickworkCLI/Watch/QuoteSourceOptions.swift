import Alpaca
import APIClient
import Brokerage
import CommandLineKit
import FoundationEssentials
import Glibc
import Live
import Quotes
import Quoting
import SimulatedMarket
import StockFighter
import StrategyKit
import Trading

/// Where quotes and symbol lists come from, as `--api`, `--config`, `--base-url` and
/// `--key-file` say: the simulated exchange (by default the one the configuration embeds,
/// started in this process as `tickwork run` starts it; no key needed), Finnhub (key from
/// `--key-file`, else the configuration's `finnhub` key source, else `$FINNHUB_API_KEY`:
/// `APIKeyResolver.resolveFinnhub`) or Alpaca's
/// market data (key id and secret found as the one-call commands find them).
struct QuoteSourceOptions {
    /// The sources there are.
    enum Kind: String, CaseIterable, Sendable {
        /// The configuration's exchange: the simulated one it embeds, or a running one.
        case stockfighter
        case finnhub, alpaca
    }

    static let options: [any OptionDeclaration] = [source, config, baseURL, keyFile]

    static let source: Option<Kind> = Option<Kind>.defaulted(
        "--api", "API", default: .stockfighter,
        help: "stockfighter (default: the simulated exchange the configuration embeds, or --base-url of a running one), finnhub or alpaca.",
        parse: ValueParser<Kind>.oneOf("stockfighter, finnhub or alpaca").accepting(
            old: { $0 == "simulated" ? .stockfighter : nil }, deprecation: "say stockfighter; simulated goes in the next release")
    ).deprecatedAlias("--source")
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration whose exchange is quoted (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let baseURL: Option<String?> = .optional(
        "--base-url", "URL",
        help: "The Finnhub-style API base: \(FinnhubClient.defaultBaseURL) for finnhub; for alpaca, one base for trading and market data (a running 'tickwork exchange': http://127.0.0.1:8080; default: the configuration's Alpaca URLs, else \(AlpacaConnection.defaultBaseURL) and \(AlpacaConnection.defaultMarketDataURL)); for stockfighter, a running 'tickwork exchange' (its StockFighter base http://127.0.0.1:8080/ob/api, as the other commands take it, or its /api/v1) instead of an embedded one.")
    static let keyFile: Option<String?> = .optional(
        "--key-file", "FILE",
        help: "Read the Finnhub key from FILE (private to its owner) instead of where --config's finnhub.apiKeyEnv or finnhub.apiKeyFile says (default $\(FinnhubSettings.defaultKeyVariable)).")

    /// The source, and the exchange started for it (stop it when done), if any.
    let source: any QuoteSource
    let server: VenueServer?
    /// The source as its concrete type, for the calls the protocol does not have.
    private let finnhub: FinnhubQuoteSource?
    private let alpaca: AlpacaQuoteSource?
    /// The configuration, and the StockFighter API of the exchange quoted, for `streamingBroker`.
    private let configuration: Configuration
    private let stockFighterBase: String?

    /// Opens the source `invocation` names; a usage error for a bad URL, a failure for a
    /// missing key or an exchange that cannot start.
    init(_ invocation: Invocation) throws {
        let configuration = try DefaultConfiguration.load(invocation[Self.config])
        self.configuration = configuration
        switch invocation[Self.source] {
        case .finnhub:
            let key = try APIKeyResolver.resolveFinnhub(keyFile: invocation[Self.keyFile], in: configuration)
            let client = try Self.client(invocation[Self.baseURL] ?? FinnhubClient.defaultBaseURL, token: key.secret, caFile: configuration.exchange.caFile)
            finnhub = FinnhubQuoteSource(name: "finnhub", client: client, callsPerMinute: FinnhubQuoteSource.freeTierCallsPerMinute)
            alpaca = nil
            server = nil
            stockFighterBase = nil
        case .alpaca:
            alpaca = AlpacaQuoteSource(client: try Self.alpacaClient(invocation[Self.baseURL], configuration))
            finnhub = nil
            server = nil
            stockFighterBase = nil
        case .stockfighter:
            alpaca = nil
            if let baseURL = invocation[Self.baseURL] {
                let client = try Self.client(Self.quoteBase(baseURL), token: nil, caFile: nil)
                let source = FinnhubQuoteSource(name: "simulated", client: client, callsPerMinute: nil)
                finnhub = source
                self.source = source
                server = nil
                stockFighterBase = Self.stockFighterBase(baseURL)
                return
            }
            guard let server = try EmbeddedExchange.start(configuration) else {
                throw CLIError.usage("--api stockfighter: \(configuration.file) embeds no exchange; give --base-url of a running one")
            }
            Self.awaitFirstTrades(server, configuration)
            self.server = server
            stockFighterBase = "http://\(server.address)/ob/api"
            let client = try Self.client("http://\(server.address)/api/v1", token: nil, caFile: nil)
            finnhub = FinnhubQuoteSource(name: "simulated", client: client, callsPerMinute: nil)
        }
        source = (finnhub ?? alpaca)!
    }

    /// The simulated exchange's Finnhub-style API for `url`: the StockFighter base the other
    /// commands take for `--api stockfighter` (`.../ob/api`) becomes the same exchange's
    /// `.../api/v1`, so one base URL names the exchange everywhere; any other URL is taken as is.
    static func quoteBase(_ url: String) -> String {
        let stockFighter = "/ob/api"
        var trimmed = Substring(url)
        if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.hasSuffix(stockFighter) ? trimmed.dropLast(stockFighter.count) + "/api/v1" : url
    }

    /// The StockFighter API of the exchange whose Finnhub-style API is `url`: `.../api/v1` becomes
    /// `.../ob/api`, any other URL is taken as the StockFighter base itself.
    static func stockFighterBase(_ url: String) -> String {
        var trimmed = Substring(url)
        if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let finnhubStyle = "/api/v1"
        return trimmed.hasSuffix(finnhubStyle) ? trimmed.dropLast(finnhubStyle.count) + "/ob/api" : String(trimmed)
    }

    /// The broker whose push stream carries the source's trades, and its venue: the
    /// configuration's account and venue on the simulated exchange's StockFighter API, or
    /// Alpaca's market-data stream; nil for Finnhub, which does not stream.
    func streamingBroker(symbols: [Symbol]) throws -> (any Broker, Venue)? {
        let venue = configuration.exchange.venue
        if let alpaca {
            return (AlpacaBroker(client: alpaca.client, account: configuration.exchange.account, symbols: symbols), venue)
        }
        guard let stockFighterBase else { return nil }
        let logger = Logger(part: "exchange", level: .warning, handler: StderrLogHandler(style: .text))
        let client = try ExchangeClientFactory.make(baseURL: stockFighterBase, configuration: configuration, keyOptional: true, logger: logger)
        let stream = try ExchangeClientFactory.streamEndpoint(baseURL: stockFighterBase, configuration: configuration, keyOptional: true)
        return (StockFighterBroker(client: client, account: configuration.exchange.account, stream: stream), venue)
    }

    /// Stops the exchange started for the source.
    func close() {
        finnhub?.client.close()
        server?.stop()
    }

    /// Where `symbols()` asks, for messages.
    var symbolsEndpoint: String {
        if let finnhub { return "\(finnhub.client.baseURL)/stock/symbol" }
        return "alpaca /v2/assets"
    }

    /// The source's list of US symbols.
    func symbols() throws(QuoteError) -> [DirectoryEntry] {
        if let finnhub { return try finnhub.symbols(exchange: "US") }
        guard let alpaca else { return [] }
        do {
            return try alpaca.symbols()
        } catch {
            throw AlpacaQuoteSource.quoteError(error)
        }
    }

    /// Whether the source can quote `symbol` (one call, outside any rate limit).
    func knows(_ symbol: Symbol) throws(QuoteError) -> Bool {
        if let finnhub { return try finnhub.quote(symbol) != nil }
        switch source.quotes([symbol], now: .now)[symbol] {
        case .quote: return true
        case .failed(let error): throw error
        case .unknown, .deferred, nil: return false
        }
    }

    /// The Alpaca client of `--source alpaca`: `baseURL` for both APIs when given, else the
    /// configuration's Alpaca URLs, else Alpaca's own; the key id and secret from
    /// `$APCA_API_KEY_ID`/`$APCA_API_SECRET_KEY` or, on an Alpaca configuration, its exchange key
    /// sources. Absent keys are no error here: the API answers "unauthorized".
    private static func alpacaClient(_ baseURL: String?, _ configuration: Configuration) throws -> AlpacaClient {
        var settings = AlpacaSettings(marketDataURL: nil, secret: .environment("APCA_API_SECRET_KEY"), extendedHours: false)
        var keyID = APIKeySource.environment("APCA_API_KEY_ID")
        let (trading, data) = AlpacaConnection.urls(baseURL, configuration)
        if case .alpaca(let configured) = configuration.exchange.api {
            settings = configured
            keyID = configuration.exchange.apiKey
        }
        let environment = ProcessInfo.processInfo.environment
        let credentials = AlpacaCredentials(
            keyID: try APIKeyResolver.resolve(keyID, keys: ("exchange.apiKeyEnv", "exchange.apiKeyFile"), in: configuration, optional: true, environment: environment),
            secret: try APIKeyResolver.resolve(settings.secret, keys: ("exchange.apiSecretEnv", "exchange.apiSecretFile"), in: configuration, optional: true, environment: environment))
        do throws(AlpacaError) {
            return try AlpacaClient(
                tradingURL: trading, marketDataURL: data, credentials: credentials,
                policy: RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 2, totalBudget: .seconds(10)),
                caFile: configuration.exchange.caFile)
        } catch .transport(.tlsSetupFailed(let reason)) {
            throw CLIError.failure("\(configuration.file): exchange.caFile: \(reason)")
        } catch {
            throw CLIError.usage("--base-url: \(error)")
        }
    }

    private static func client(_ baseURL: String, token: String?, caFile: String?) throws -> FinnhubClient {
        do throws(QuoteError) {
            return try FinnhubClient(baseURL: baseURL, token: token, caFile: caFile)
        } catch .invalidBaseURL(let reason) {
            throw CLIError.usage("--base-url: \(reason)")
        } catch {
            throw CLIError.failure("\(error)")
        }
    }

    /// Waits, at most 3 s, until the bots of a just-started exchange have traded each of the
    /// configuration's symbols: before its first trade a symbol has no price to show.
    private static func awaitFirstTrades(_ server: VenueServer, _ configuration: Configuration) {
        // FOOBAR on the practice venue, which every simulated exchange lists, and the
        // configuration's own symbols on its venue.
        let listed = [(Symbol("FOOBAR"), Venue("TESTEX"))] + (configuration.embeddedExchange?.symbols ?? []).map { ($0, configuration.exchange.venue) }
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline, !listed.allSatisfy({ server.quote($0.0, on: $0.1)?.last != nil }) {
            usleep(50_000)
        }
    }
}
