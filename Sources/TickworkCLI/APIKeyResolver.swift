import Engine
import Exchange
import Foundation

/// Finds the API key where the configuration says it is. The key never appears in a message.
enum APIKeyResolver {
    /// The key from `source`. When `optional` (the embedded exchange, which is open to any
    /// key), a missing key is replaced by a placeholder instead of being an error.
    static func resolve(_ source: APIKeySource, file: String, optional: Bool) throws -> APIKey {
        switch source {
        case .environment(let name):
            if let value = ProcessInfo.processInfo.environment[name], !value.isEmpty {
                return APIKey(value)
            }
            if optional { return APIKey("embedded") }
            throw ConfigurationError(file: file, keyPath: "exchange.apiKeyEnv", message: "the environment variable \(name) is not set")
        case .file(let path):
            var resolved = path
            if !path.hasPrefix("/"), let credentials = ProcessInfo.processInfo.environment["CREDENTIALS_DIRECTORY"] {
                resolved = credentials + "/" + path
            }
            guard let data = FileManager.default.contents(atPath: resolved) else {
                throw ConfigurationError(file: file, keyPath: "exchange.apiKeyFile", message: "cannot read \(resolved)")
            }
            let key = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty else {
                throw ConfigurationError(file: file, keyPath: "exchange.apiKeyFile", message: "\(resolved) is empty")
            }
            return APIKey(key)
        }
    }
}
