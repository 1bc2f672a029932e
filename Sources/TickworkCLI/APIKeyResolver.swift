import APIClient
import FoundationEssentials
import Live
import StockFighter
import Wire

/// Finds an API key where the configuration says it is. The key never appears in a message.
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
        switch try lookUp(source, keys: keys, in: configuration, environment: environment) {
        case .found(let key): return key
        case .missing where optional: return APIKey("embedded")
        case .missing(let keyPath, let message): throw ConfigurationError(file: configuration.file, keyPath: keyPath, message: message)
        }
    }

    /// What looking a key up found: the key, or why there is none (the configuration key at
    /// fault and a message).
    enum Lookup {
        case found(APIKey)
        case missing(keyPath: String, message: String)
    }

    /// Looks the key of `source` up, by the rules of `resolve`; `keys` are the configuration's
    /// key paths of the variable and the file, for messages. Throws only for a key file that
    /// group or others could read.
    static func lookUp(
        _ source: APIKeySource, keys: (environment: String, file: String), in configuration: Configuration,
        environment: [String: String]
    ) throws -> Lookup {
        switch source {
        case .environment(let name):
            if let value = environment[name], !value.isEmpty {
                return .found(APIKey(value))
            }
            return .missing(keyPath: keys.environment, message: "the environment variable \(name) is not set")
        case .file(let name):
            let location = configuration.apiKeyFilePath(name, environment: environment)
            if !location.fromCredentials, let problem = FileSafety.secretProblem(location.path) {
                throw ConfigurationError(file: configuration.file, keyPath: keys.file, message: "\(location.path): \(problem)")
            }
            let data = FileManager.default.contents(atPath: location.path)
            let key = data.map { String(decoding: $0, as: UTF8.self).trimmingWhitespace } ?? ""
            if !key.isEmpty { return .found(APIKey(key)) }
            guard data != nil else {
                return .missing(keyPath: keys.file, message: "cannot read \(location.path)")
            }
            let hint = location.fromCredentials ? " (under systemd: the file LoadCredential= names is missing)" : ""
            return .missing(keyPath: keys.file, message: "\(location.path) is empty\(hint)")
        }
    }
}
