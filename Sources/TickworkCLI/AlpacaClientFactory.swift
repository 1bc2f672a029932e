import Alpaca
import APIClient
import Live
import StockFighter
import Trading

/// Builds the Alpaca client the daemon and the one-call commands use: the configured base
/// URLs (or the embedded exchange's), key id and secret, and CA file.
enum AlpacaClientFactory {
    /// A client of `configuration`'s Alpaca exchange; with `embedded` (the simulated exchange's
    /// `http://HOST:PORT`), both APIs are there and missing keys are no error.
    static func make(configuration: Configuration, settings: AlpacaSettings, embedded: String?, logger: Logger) throws -> AlpacaClient {
        let trading = configuration.exchange.baseURL ?? embedded ?? ""
        let credentials = try APIKeyResolver.resolveAlpaca(configuration, settings, optional: embedded != nil)
        return try AlpacaClient(
            tradingURL: trading, marketDataURL: settings.marketDataURL ?? trading, credentials: credentials,
            rateLimiter: RateLimiter(
                ratePerSecond: Int(configuration.exchange.maxRequestsPerSecond),
                burst: max(1, Int(configuration.exchange.maxRequestsPerSecond / 4))),
            caFile: configuration.exchange.caFile, dataStreamURL: settings.dataStreamURL, log: { line in logger.debug(line) })
    }
}
