import APIClient
import CommandLineKit
import FoundationEssentials
import Live
import StockFighter

extension APIKeyResolver {
    /// The Finnhub key: read from `keyFile` (`--key-file`, relative to the current directory)
    /// when given, else from where the configuration's `finnhub` object says (`apiKeyEnv` or
    /// `apiKeyFile`, the file found as `exchange.apiKeyFile` is), else from `$FINNHUB_API_KEY`.
    /// Throws a failure naming the variable or file when there is no key; the key never
    /// appears in a message.
    static func resolveFinnhub(
        keyFile: String?, in configuration: Configuration, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> APIKey {
        let source = keyFile.map { .file(Configuration.resolve($0, against: FileManager.default.currentDirectoryPath)) }
            ?? configuration.finnhub?.apiKey ?? .environment(FinnhubSettings.defaultKeyVariable)
        switch try lookUp(source, keys: ("finnhub.apiKeyEnv", "finnhub.apiKeyFile"), in: configuration, environment: environment) {
        case .found(let key): return key
        case .missing(_, let message): throw CLIError.failure("finnhub needs an API key: \(message)")
        }
    }
}
