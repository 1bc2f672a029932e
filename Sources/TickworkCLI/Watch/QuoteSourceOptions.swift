import FoundationEssentials
import Glibc
import Live
import Quotes
import SimulatedMarket
import StockFighter
import StrategyKit

/// Where quotes and symbol lists come from, as `--source`, `--config`, `--base-url` and
/// `--key-file` say: the simulated exchange (by default the one the configuration embeds,
/// started in this process as `tickwork run` starts it; no key needed) or Finnhub (key from
/// `$FINNHUB_API_KEY` or `--key-file`, read by the same rules as the exchange's key).
struct QuoteSourceOptions {
    /// The sources there are. Alpaca's market data is not built yet.
    enum Kind: String, CaseIterable, Sendable {
        case simulated, finnhub
    }

    static let options: [any OptionDeclaration] = [source, config, baseURL, keyFile]

    static let source: Option<Kind> = .defaulted(
        "--source", "SOURCE", default: .simulated,
        help: "simulated (default: the configuration's embedded exchange) or finnhub. Alpaca is not built yet.",
        parse: .oneOf("simulated or finnhub"))
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration whose embedded exchange is quoted (default: the embedded one).")
    static let baseURL: Option<String?> = .optional(
        "--base-url", "URL",
        help: "The Finnhub-style API base: \(FinnhubClient.defaultBaseURL) for finnhub; for simulated, a running 'tickwork exchange' (http://127.0.0.1:8080/api/v1) instead of an embedded one.")
    static let keyFile: Option<String?> = .optional(
        "--key-file", "FILE", help: "Read the Finnhub key from FILE (private to its owner) instead of $\(keyVariable).")

    /// The variable holding the Finnhub key.
    static let keyVariable = "FINNHUB_API_KEY"

    /// The source, and the exchange started for it (stop it when done), if any.
    let source: FinnhubQuoteSource
    let server: VenueServer?

    /// Opens the source `invocation` names; a usage error for a bad URL, a failure for a
    /// missing key or an exchange that cannot start.
    init(_ invocation: Invocation) throws {
        let configuration = try DefaultConfiguration.load(invocation[Self.config])
        switch invocation[Self.source] {
        case .finnhub:
            let environment = ProcessInfo.processInfo.environment
            let keySource: APIKeySource = invocation[Self.keyFile].map(APIKeySource.file) ?? .environment(Self.keyVariable)
            let key: APIKey
            switch try APIKeyResolver.lookUp(keySource, keys: ("finnhub.apiKeyEnv", "finnhub.apiKeyFile"), in: configuration, environment: environment) {
            case .found(let found): key = found
            case .missing(_, let message): throw CLIError.failure("finnhub needs an API key: \(message)")
            }
            let client = try Self.client(invocation[Self.baseURL] ?? FinnhubClient.defaultBaseURL, token: key.secret, caFile: configuration.exchange.caFile)
            source = FinnhubQuoteSource(name: "finnhub", client: client, callsPerMinute: FinnhubQuoteSource.freeTierCallsPerMinute)
            server = nil
        case .simulated:
            if let baseURL = invocation[Self.baseURL] {
                source = FinnhubQuoteSource(name: "simulated", client: try Self.client(baseURL, token: nil, caFile: nil), callsPerMinute: nil)
                server = nil
                return
            }
            guard let server = try EmbeddedExchange.start(configuration) else {
                throw CLIError.usage("--source simulated: \(configuration.file) embeds no exchange; give --base-url of a running one")
            }
            Self.awaitFirstTrades(server, configuration)
            self.server = server
            let client = try Self.client("http://\(server.address)/api/v1", token: nil, caFile: nil)
            source = FinnhubQuoteSource(name: "simulated", client: client, callsPerMinute: nil)
        }
    }

    /// Stops the exchange started for the source.
    func close() {
        source.client.close()
        server?.stop()
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
