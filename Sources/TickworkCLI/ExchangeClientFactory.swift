import APIClient
import Live
import StockFighter
import Trading

/// Builds the StockFighter client every command that talks to an exchange uses (`run`,
/// `record`): the configured transport, API key and rate limit.
enum ExchangeClientFactory {
    /// A client of the exchange at `baseURL` with `configuration`'s API key and request rate.
    /// With `keyOptional`, a missing key is no error (an embedded exchange, or reading books,
    /// needs none).
    static func make(baseURL: String, configuration: Configuration, keyOptional: Bool, logger: Logger) throws -> StockFighterClient {
        try StockFighterClient(
            baseURL: baseURL,
            apiKey: try APIKeyResolver.resolve(configuration, optional: keyOptional),
            rateLimiter: RateLimiter(
                ratePerSecond: Int(configuration.exchange.maxRequestsPerSecond),
                burst: max(1, Int(configuration.exchange.maxRequestsPerSecond / 4))),
            log: { entry in logger.debug(entry.description) }, caFile: configuration.exchange.caFile)
    }

    /// Where the exchange at `baseURL` streams (the same host, key and CA file as the REST
    /// calls), for a broker that is to open its push stream.
    static func streamEndpoint(baseURL: String, configuration: Configuration, keyOptional: Bool) throws -> StockFighterStreamEndpoint {
        try StockFighterStreamEndpoint(
            baseURL: baseURL, apiKey: try APIKeyResolver.resolve(configuration, optional: keyOptional), caFile: configuration.exchange.caFile)
    }
}
