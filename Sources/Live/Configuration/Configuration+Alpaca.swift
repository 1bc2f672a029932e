import Ledger

extension Configuration {
    /// Reads `exchange.api` and, for `alpaca`, its keys: `marketDataURL`, `dataStreamURL`, `apiSecretEnv` or
    /// `apiSecretFile` (default: the environment variable `APCA_API_SECRET_KEY`),
    /// `extendedHours` and `clientOrderPrefix`. Alpaca's keys are refused for the StockFighter API.
    static func parseAPI(_ object: inout ConfigObject) throws(ConfigurationError) -> ExchangeAPI {
        let name = try object.string("api") ?? "stockfighter"
        let alpacaKeys = ["marketDataURL", "dataStreamURL", "apiSecretEnv", "apiSecretFile", "extendedHours", "clientOrderPrefix"]
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
            let dataStreamURL = try object.string("dataStreamURL")
            if let dataStreamURL, !(dataStreamURL.hasPrefix("ws://") || dataStreamURL.hasPrefix("wss://")) {
                throw object.error("dataStreamURL", "expected a ws:// or wss:// URL, got \"\(dataStreamURL)\"")
            }
            let secretEnv = try object.string("apiSecretEnv")
            let secretFile = try object.string("apiSecretFile")
            if secretEnv != nil, secretFile != nil {
                throw object.error("apiSecretFile", "give apiSecretEnv or apiSecretFile, not both")
            }
            let prefix = try object.string("clientOrderPrefix")
            if let prefix, !Self.isClientOrderPrefix(prefix) {
                throw object.error("clientOrderPrefix", "expected 1 to 32 letters, digits and inner '-', got \"\(prefix)\"")
            }
            return .alpaca(AlpacaSettings(
                marketDataURL: marketDataURL, secret: secretFile.map(APIKeySource.file) ?? .environment(secretEnv ?? "APCA_API_SECRET_KEY"),
                extendedHours: try object.bool("extendedHours") ?? false, clientOrderPrefix: prefix, dataStreamURL: dataStreamURL))
        default:
            throw object.error("api", "expected \"stockfighter\" or \"alpaca\", got \"\(name)\"")
        }
    }

    /// Whether `text` may start client order ids: 1 to 32 ASCII letters, digits and `-`, not
    /// first or last (Alpaca allows 128 characters in all, and the id adds a UUID).
    static func isClientOrderPrefix(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...32).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// The client order prefix of a configuration that names none: `tw-` and six hexadecimal
    /// digits of the ledger's absolute path, so that two configurations trading one account
    /// (each has a ledger of its own) never take each other's orders for theirs.
    public var defaultClientOrderPrefix: String {
        let hash = Array(ledger.path.utf8).withUnsafeBytes { LedgerChecksum(of: $0).value }
        let hex = String(hash >> 40, radix: 16)
        return "tw-" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// The client order prefix this configuration's orders are placed with on Alpaca.
    public var clientOrderPrefix: String {
        guard case .alpaca(let settings) = exchange.api, let prefix = settings.clientOrderPrefix else { return defaultClientOrderPrefix }
        return prefix
    }
}
