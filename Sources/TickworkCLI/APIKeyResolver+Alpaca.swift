import Alpaca
import FoundationEssentials
import Live
import StockFighter

extension APIKeyResolver {
    /// The key id (`exchange.apiKeyEnv`/`apiKeyFile`) and secret (`exchange.apiSecretEnv`/
    /// `apiSecretFile`) of an Alpaca exchange, each found as the StockFighter key is.
    static func resolveAlpaca(
        _ configuration: Configuration, _ settings: AlpacaSettings, optional: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> AlpacaCredentials {
        AlpacaCredentials(
            keyID: try resolve(configuration, optional: optional, environment: environment),
            secret: try resolve(
                settings.secret, keys: ("exchange.apiSecretEnv", "exchange.apiSecretFile"), in: configuration, optional: optional,
                environment: environment))
    }
}
