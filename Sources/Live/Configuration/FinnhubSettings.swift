/// Where `tickwork watch --source finnhub` and `tickwork symbols refresh --source finnhub` find
/// the Finnhub key, from the configuration's `finnhub` object: an environment variable's name
/// or a key file, never the key itself.
public struct FinnhubSettings: Sendable, Hashable {
    /// The variable read when the configuration names no source.
    public static let defaultKeyVariable = "FINNHUB_API_KEY"

    /// Where the key comes from: `apiKeyEnv` or `apiKeyFile`, `$FINNHUB_API_KEY` by default.
    public var apiKey: APIKeySource

    public init(apiKey: APIKeySource = .environment(Self.defaultKeyVariable)) {
        self.apiKey = apiKey
    }
}

extension Configuration {
    /// Reads the `finnhub` object (`apiKeyEnv` or `apiKeyFile`), nil when absent.
    static func parseFinnhub(_ root: inout ConfigObject) throws(ConfigurationError) -> FinnhubSettings? {
        guard var object = try root.object("finnhub") else { return nil }
        if object.value("apiKey") != nil {
            throw object.error("apiKey", "secrets never go in the configuration: name an environment variable in apiKeyEnv or a file in apiKeyFile")
        }
        var settings = FinnhubSettings()
        let environment = try object.string("apiKeyEnv")
        let file = try object.string("apiKeyFile")
        switch (environment, file) {
        case (let name?, nil): settings.apiKey = .environment(name)
        case (nil, let path?): settings.apiKey = .file(path)
        case (nil, nil): break
        case (_?, _?): throw object.error("apiKeyFile", "give apiKeyEnv or apiKeyFile, not both")
        }
        try object.finish()
        return settings
    }
}
