import APIClient
import CommandLineKit
import FoundationEssentials
import Live
import StockFighter
import StrategyKit

/// What the one-call exchange commands share: where the exchange is, the venue and account to
/// act for, the API key, and whether to print JSON. Built from `--config`, `--base-url`,
/// `--venue`, `--account`, `--json` and `TICKWORK_API_KEY`.
struct ExchangeConnection: APIConnection {
    typealias Failure = ExchangeError

    /// The options every one-call exchange command takes.
    static let options: [any OptionDeclaration] = [config, AlpacaConnection.api, baseURL, venue, account, json]

    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the exchange, venue, account and key (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let baseURL: Option<String?> = .optional(
        "--base-url", "URL", help: "The API base (default: the configuration's, else \(defaultBaseURL), where tickwork exchange listens).")
    static let venue: Option<Venue?> = .optional("--venue", "V", help: "The venue (default: the configuration's).", parse: .name())
    static let account: Option<Account?> = .optional(
        "--account", "A", help: "The account (default: the configuration's).", parse: .name())
    static let json: Option<Bool> = .flag("--json", help: "Print the result as JSON (prices in cents; on Alpaca, its own field names and decimal-dollar strings).")

    /// Where `tickwork exchange` listens by default.
    static let defaultBaseURL = "http://127.0.0.1:8080/ob/api"
    /// The variable that holds the API key; it wins over the configuration's key source.
    static let keyVariable = "TICKWORK_API_KEY"

    let baseURL: String
    let venue: Venue
    let account: Account
    let json: Bool
    let client: StockFighterClient
    /// The key and CA file the client was made with, for the API's WebSocket feeds.
    private let apiKey: APIKey?
    private let caFile: String?

    /// Resolves the options of `invocation`; throws a usage error for a bad URL and a failure for
    /// a configured key file that cannot be read. A key that is simply absent is not an error:
    /// the calls that need one fail with the exchange's "unauthorized".
    init(_ invocation: Invocation) throws {
        let configuration = try DefaultConfiguration.load(invocation[Self.config])
        baseURL = invocation[Self.baseURL] ?? configuration.exchange.baseURL ?? Self.defaultBaseURL
        venue = invocation[Self.venue] ?? configuration.exchange.venue
        account = invocation[Self.account] ?? configuration.exchange.account
        json = invocation[Self.json]
        let environment = ProcessInfo.processInfo.environment
        var key = environment[Self.keyVariable].flatMap { $0.isEmpty ? nil : APIKey($0) }
        if key == nil {
            switch configuration.exchange.apiKey {
            case .environment(let name): key = environment[name].flatMap { $0.isEmpty ? nil : APIKey($0) }
            case .file: key = try APIKeyResolver.resolve(configuration, optional: false, environment: environment)
            }
        }
        apiKey = key
        caFile = configuration.exchange.caFile
        do throws(ExchangeError) {
            client = try StockFighterClient(
                baseURL: baseURL, apiKey: key,
                policy: RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 3, totalBudget: .seconds(15)), rateLimiter: nil,
                caFile: configuration.exchange.caFile)
        } catch .transport(.tlsSetupFailed(let reason)) {
            throw CLIError.failure("\(configuration.file): exchange.caFile: \(reason)")
        } catch {
            throw CLIError.usage("--base-url: \(error)")
        }
    }

    var endpoint: String { "exchange \(baseURL)" }

    /// The API's WebSocket feeds at the client's host, with its key and CA file; a usage error
    /// for a URL they cannot be had at.
    func feeds() throws -> StockFighterStreamEndpoint {
        do throws(ExchangeError) {
            return try StockFighterStreamEndpoint(baseURL: baseURL, apiKey: apiKey, caFile: caFile)
        } catch {
            throw CLIError.usage("--base-url: \(error)")
        }
    }
}
