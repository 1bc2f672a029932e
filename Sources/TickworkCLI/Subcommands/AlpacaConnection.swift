import Alpaca
import APIClient
import CommandLineKit
import FoundationEssentials
import Live
import StockFighter
import StrategyKit

/// The one-call commands' way to Alpaca, chosen by `--api alpaca` or a configuration whose
/// exchange is Alpaca's: the trading and market-data URLs (`urls`), the key id and secret
/// (`APCA_API_KEY_ID` and `APCA_API_SECRET_KEY` win over the configuration's sources; absent
/// keys are not an error: the API answers "unauthorized").
struct AlpacaConnection: APIConnection {
    typealias Failure = AlpacaError

    /// The API a one-call command talks to.
    enum API: String, CaseIterable, Sendable { case stockfighter, alpaca }

    static let api: Option<API?> = .optional(
        "--api", "API", help: "stockfighter or alpaca (default: the configuration's exchange.api).",
        parse: ValueParser { text throws(ValueError) in
            guard let api = API(rawValue: text) else { throw .expected("stockfighter or alpaca") }
            return api
        })

    /// Alpaca's paper-trading API (orders, account, assets) and its market-data API: where
    /// `--api alpaca` goes unless `--base-url` or an Alpaca configuration says otherwise, in
    /// every command (`tickwork exchange` serves both at http://127.0.0.1:8080).
    static let defaultBaseURL = "https://paper-api.alpaca.markets"
    static let defaultMarketDataURL = "https://data.alpaca.markets"

    /// The trading and market-data URLs: `baseURL` (`--base-url`) for both when given, else the
    /// configuration's Alpaca URLs, else Alpaca's own.
    static func urls(_ baseURL: String?, _ configuration: Configuration) -> (trading: String, data: String) {
        if let baseURL { return (baseURL, baseURL) }
        guard case .alpaca(let configured) = configuration.exchange.api else { return (defaultBaseURL, defaultMarketDataURL) }
        let trading = configuration.exchange.baseURL ?? defaultBaseURL
        return (trading, configured.marketDataURL ?? trading)
    }

    let baseURL: String
    let json: Bool
    let client: AlpacaClient
    /// The account orders are placed for (`--account`, else the configuration's).
    let account: Account
    /// The venue the broker's statuses name (`--venue`, else the configuration's).
    let venue: Venue

    /// A one-call command's retries: three attempts within 15 s.
    static let oneCallPolicy = RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 3, totalBudget: .seconds(15))

    /// The connection if `invocation` is for Alpaca, else nil (the StockFighter path runs).
    static func selected(_ invocation: Invocation) throws -> AlpacaConnection? {
        let configuration = try DefaultConfiguration.load(
            invocation[ExchangeConnection.config])
        let configured: API = if case .alpaca = configuration.exchange.api { .alpaca } else { .stockfighter }
        guard (invocation[Self.api] ?? configured) == .alpaca else { return nil }
        return try AlpacaConnection(invocation, configuration)
    }

    /// The connection of a command that only Alpaca serves (`data download`), whatever the
    /// configuration's exchange, with `policy`'s retries under `rateLimiter`, which every request
    /// of the process shares.
    static func alpacaOnly(_ invocation: Invocation, policy: RetryPolicy, rateLimiter: RateLimiter) throws -> AlpacaConnection {
        let configuration = try DefaultConfiguration.load(invocation[ExchangeConnection.config])
        return try AlpacaConnection(invocation, configuration, policy: policy, rateLimiter: rateLimiter)
    }

    private init(
        _ invocation: Invocation, _ configuration: Configuration, policy: RetryPolicy = oneCallPolicy, rateLimiter: RateLimiter? = nil
    ) throws {
        var settings = AlpacaSettings(marketDataURL: nil, secret: .environment("APCA_API_SECRET_KEY"), extendedHours: false)
        if case .alpaca(let configured) = configuration.exchange.api { settings = configured }
        let urls = Self.urls(invocation[ExchangeConnection.baseURL], configuration)
        baseURL = urls.trading
        json = invocation[ExchangeConnection.json]
        account = invocation[ExchangeConnection.account] ?? configuration.exchange.account
        venue = invocation[ExchangeConnection.venue] ?? configuration.exchange.venue
        let environment = ProcessInfo.processInfo.environment
        func key(_ variable: String, _ source: APIKeySource, _ keys: (String, String)) throws -> APIKey {
            if let value = environment[variable], !value.isEmpty { return APIKey(value) }
            return try APIKeyResolver.resolve(source, keys: keys, in: configuration, optional: true, environment: environment)
        }
        let keyID = configuration.exchange.api == .stockFighter ? .environment("APCA_API_KEY_ID") : configuration.exchange.apiKey
        let credentials = AlpacaCredentials(
            keyID: try key("APCA_API_KEY_ID", keyID, ("exchange.apiKeyEnv", "exchange.apiKeyFile")),
            secret: try key("APCA_API_SECRET_KEY", settings.secret, ("exchange.apiSecretEnv", "exchange.apiSecretFile")))
        do throws(AlpacaError) {
            client = try AlpacaClient(
                tradingURL: urls.trading, marketDataURL: urls.data, credentials: credentials,
                policy: policy, rateLimiter: rateLimiter, caFile: configuration.exchange.caFile)
        } catch .transport(.tlsSetupFailed(let reason)) {
            throw CLIError.failure("\(configuration.file): exchange.caFile: \(reason)")
        } catch {
            throw CLIError.usage("--base-url: \(error)")
        }
    }

    var endpoint: String { "alpaca \(baseURL)" }

    /// The connection's client as a `Broker` whose books are `symbols`' quotes; what it places
    /// carries the CLI's client order prefix (`cli-`), which the daemon does not take for its own.
    func broker(symbols: [Symbol]) -> AlpacaBroker {
        AlpacaBroker(client: client, account: account, symbols: symbols, settings: AlpacaBroker.Settings(clientOrderPrefix: AlpacaCalls.clientOrderPrefix))
    }
}
