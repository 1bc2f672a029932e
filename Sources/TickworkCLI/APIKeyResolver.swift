import FoundationEssentials
import Live
import StockFighter
import Wire

/// Finds the API key where the configuration says it is. The key never appears in a message.
enum APIKeyResolver {
    /// The key of `configuration`'s exchange. When `optional` (the embedded exchange, which is
    /// open to any key), a missing or empty key is replaced by a placeholder instead of being an
    /// error. A key file is found as `Configuration.apiKeyFilePath` says, and one that group or
    /// others could read is refused even then (systemd's copy in `$CREDENTIALS_DIRECTORY` is
    /// private to the service and is not checked).
    static func resolve(
        _ configuration: Configuration, optional: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> APIKey {
        try resolve(configuration.exchange.apiKey, keys: ("exchange.apiKeyEnv", "exchange.apiKeyFile"), in: configuration,
                    optional: optional, environment: environment)
    }

    /// The key `source` names, found as for the API key; `keys` are the configuration's key
    /// paths of the variable and the file, for messages.
    static func resolve(
        _ source: APIKeySource, keys: (environment: String, file: String), in configuration: Configuration, optional: Bool,
        environment: [String: String]
    ) throws -> APIKey {
        let file = configuration.file
        switch source {
        case .environment(let name):
            if let value = environment[name], !value.isEmpty {
                return APIKey(value)
            }
            if optional { return APIKey("embedded") }
            throw ConfigurationError(file: file, keyPath: keys.environment, message: "the environment variable \(name) is not set")
        case .file(let name):
            let location = configuration.apiKeyFilePath(name, environment: environment)
            if !location.fromCredentials, let problem = FileSafety.secretProblem(location.path) {
                throw ConfigurationError(file: file, keyPath: keys.file, message: "\(location.path): \(problem)")
            }
            let data = FileManager.default.contents(atPath: location.path)
            let key = data.map { String(decoding: $0, as: UTF8.self).trimmingWhitespace } ?? ""
            if !key.isEmpty { return APIKey(key) }
            if optional { return APIKey("embedded") }
            guard data != nil else {
                throw ConfigurationError(file: file, keyPath: keys.file, message: "cannot read \(location.path)")
            }
            let hint = location.fromCredentials ? " (under systemd: the file LoadCredential= names is missing)" : ""
            throw ConfigurationError(file: file, keyPath: keys.file, message: "\(location.path) is empty\(hint)")
        }
    }
}
