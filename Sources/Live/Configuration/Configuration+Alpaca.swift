extension Configuration {
    /// Reads `exchange.api` and, for `alpaca`, its keys: `marketDataURL`, `apiSecretEnv` or
    /// `apiSecretFile` (default: the environment variable `APCA_API_SECRET_KEY`) and
    /// `extendedHours`. Alpaca's keys are refused for the StockFighter API.
    static func parseAPI(_ object: inout ConfigObject) throws(ConfigurationError) -> ExchangeAPI {
        let name = try object.string("api") ?? "stockfighter"
        let alpacaKeys = ["marketDataURL", "apiSecretEnv", "apiSecretFile", "extendedHours"]
        switch name {
        case "stockfighter":
            for key in alpacaKeys where object.value(key) != nil {
                throw object.error(key, "only for \"api\": \"alpaca\"")
            }
            return .stockFighter
        case "alpaca":
            if object.value("apiSecret") != nil {
                throw object.error("apiSecret", "secrets never go in the configuration: name an environment variable in apiSecretEnv or a file in apiSecretFile")
            }
            let marketDataURL = try object.string("marketDataURL")
            if let marketDataURL, !(marketDataURL.hasPrefix("http://") || marketDataURL.hasPrefix("https://")) {
                throw object.error("marketDataURL", "expected an http:// or https:// URL, got \"\(marketDataURL)\"")
            }
            let secretEnv = try object.string("apiSecretEnv")
            let secretFile = try object.string("apiSecretFile")
            if secretEnv != nil, secretFile != nil {
                throw object.error("apiSecretFile", "give apiSecretEnv or apiSecretFile, not both")
            }
            return .alpaca(AlpacaSettings(
                marketDataURL: marketDataURL, secret: secretFile.map(APIKeySource.file) ?? .environment(secretEnv ?? "APCA_API_SECRET_KEY"),
                extendedHours: try object.bool("extendedHours") ?? false))
        default:
            throw object.error("api", "expected \"stockfighter\" or \"alpaca\", got \"\(name)\"")
        }
    }
}
