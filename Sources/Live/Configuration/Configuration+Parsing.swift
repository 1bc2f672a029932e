import FoundationEssentials
import Risk
import StrategyKit
import Trading

extension Configuration {
    /// Reads and validates the configuration in `file`; its relative paths are resolved against
    /// the file's directory.
    public static func load(file: String) throws(ConfigurationError) -> Configuration {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ConfigurationError(file: file, keyPath: "", message: "cannot read the file")
        }
        return try parse(data, file: file, directory: directory(of: file))
    }

    /// Validates a configuration document; `file` names it in errors, and its relative paths
    /// are resolved against the absolute `directory`.
    public static func parse(_ data: Data, file: String, directory: String) throws(ConfigurationError) -> Configuration {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw ConfigurationError(file: file, keyPath: "", message: "not valid JSON")
        }
        var root = try ConfigObject(file: file, path: "", value: document)
        guard let version = try root.integer("version", in: 1...Int64.max) else {
            throw root.error("version", "missing required key (this tickwork reads version 1)")
        }
        guard version == 1 else { throw root.error("version", "unsupported version \(version), this tickwork reads 1") }

        let embedded = try root.object("embeddedExchange").map { object throws(ConfigurationError) in
            var object = object
            return try parseEmbedded(&object)
        }
        guard var exchangeObject = try root.object("exchange") else {
            throw root.error("exchange", "missing required key")
        }
        let exchange = try parseExchange(&exchangeObject, embedded: embedded != nil)

        var risk = RiskLimits.defaults
        var accountRisk = AccountRiskLimits.defaults
        if var object = try root.object("risk") {
            accountRisk.maxSymbolPosition = try object.quantity("maxSymbolPosition") ?? accountRisk.maxSymbolPosition
            accountRisk.maxLoss = try object.money("maxAccountLoss") ?? accountRisk.maxLoss
            risk = try parseRisk(&object, base: risk)
        }

        guard let strategyObjects = try root.objects("strategies"), !strategyObjects.isEmpty else {
            throw root.error("strategies", "expected at least one strategy")
        }
        var strategies: [StrategySettings] = []
        for var object in strategyObjects {
            let strategy = try parseStrategy(&object, risk: risk)
            if strategies.contains(where: { $0.id == strategy.id }) {
                throw ConfigurationError(file: file, keyPath: object.keyPath("id"), message: "duplicate strategy id \(strategy.id)")
            }
            strategies.append(strategy)
        }

        var ledger = LedgerSettings(path: "tickwork-ledger.jsonl", fsync: .always, batchMs: 5, batchFills: 256)
        if var object = try root.object("ledger") {
            ledger.path = try object.string("path") ?? ledger.path
            if let policy = try object.string("fsync") {
                guard let value = FsyncPolicy(rawValue: policy) else {
                    throw object.error("fsync", "expected one of always, batch, never, got \"\(policy)\"")
                }
                ledger.fsync = value
            }
            ledger.batchMs = try object.integer("batchMs", in: 1...60_000) ?? ledger.batchMs
            ledger.batchFills = try object.integer("batchFills", in: 1...1_000_000) ?? ledger.batchFills
            try object.finish()
        }

        var historyPath = (ledger.path.hasSuffix(".jsonl") ? String(ledger.path.dropLast(6)) : ledger.path) + ".history.sqlite"
        if var object = try root.object("history") {
            historyPath = try object.string("path") ?? historyPath
            try object.finish()
        }

        var recordingPath: String?
        if var object = try root.object("recording") {
            recordingPath = try object.string("path")
            try object.finish()
        }

        var logging = LoggingSettings(level: .info, format: .text)
        if var object = try root.object("logging") {
            if let level = try object.string("level") {
                guard let value = LoggingSettings.Level(rawValue: level) else {
                    throw object.error("level", "expected one of debug, info, warning, error, got \"\(level)\"")
                }
                logging.level = value
            }
            if let format = try object.string("format") {
                guard let value = LoggingSettings.Format(rawValue: format) else {
                    throw object.error("format", "expected one of text, json, got \"\(format)\"")
                }
                logging.format = value
            }
            try object.finish()
        }

        var configuration = Configuration(
            file: file,
            directory: directory,
            exchange: exchange,
            embeddedExchange: embedded,
            pollIntervalMs: try root.integer("pollIntervalMs", in: 10...3_600_000) ?? 250,
            pluginDirectory: try root.string("pluginDirectory"),
            strategies: strategies,
            risk: risk,
            accountRisk: accountRisk,
            ledger: ledger,
            historyPath: historyPath,
            riskStatePath: try root.string("riskStatePath") ?? "tickwork-risk-state.json",
            unknownOpenOrders: try parseUnknownOrderPolicy(&root),
            settlementWindowMs: try root.integer("settlementWindowMs", in: 1_000...3_600_000) ?? 30_000,
            recordingPath: recordingPath,
            logging: logging
        )
        configuration.emulatedOrders = try root.bool("emulatedOrders") ?? true
        configuration.monitor = try parseMonitor(&root)
        configuration.finnhub = try parseFinnhub(&root)
        configuration.notify = try parseNotify(&root)
        configuration.edgar = try parseEdgar(&root)
        configuration.controlSocket = try root.string("controlSocket")
        try root.finish()
        configuration.resolvePaths()
        return configuration
    }

    private static func parseExchange(_ object: inout ConfigObject, embedded: Bool) throws(ConfigurationError) -> ExchangeSettings {
        if object.value("apiKey") != nil {
            throw object.error("apiKey", "secrets never go in the configuration: name an environment variable in apiKeyEnv or a file in apiKeyFile")
        }
        let baseURL = try object.string("baseURL")
        if let baseURL {
            guard embedded == false else {
                throw object.error("baseURL", "must be absent when embeddedExchange is set (the daemon uses its own)")
            }
            guard baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://") else {
                throw object.error("baseURL", "expected an http:// or https:// URL, got \"\(baseURL)\"")
            }
        } else if !embedded {
            throw object.error("baseURL", "missing required key (or add embeddedExchange)")
        }
        let api = try parseAPI(&object)
        let keyEnv = try object.string("apiKeyEnv")
        let keyFile = try object.string("apiKeyFile")
        if keyEnv != nil, keyFile != nil {
            throw object.error("apiKeyFile", "give apiKeyEnv or apiKeyFile, not both")
        }
        let defaultKeyEnv = api == .stockFighter ? "TICKWORK_API_KEY" : "APCA_API_KEY_ID"
        var settings = ExchangeSettings(
            baseURL: baseURL,
            venue: Venue(try object.string("venue") ?? "TESTEX"),
            account: Account(try object.string("account") ?? "EXB123456"),
            apiKey: keyFile.map(APIKeySource.file) ?? .environment(keyEnv ?? defaultKeyEnv),
            maxRequestsPerSecond: try object.integer("maxRequestsPerSecond", in: 1...1_000_000) ?? 200,
            caFile: try object.string("caFile")
        )
        settings.api = api
        settings.clockSkewMs = try object.integer("clockSkewMs", in: 0...3_600_000) ?? settings.clockSkewMs
        settings.stream = try object.bool("stream") ?? settings.stream
        settings.streamSafetyPollMs = try object.integer("streamSafetyPollMs", in: 100...3_600_000) ?? settings.streamSafetyPollMs
        settings.streamStallMs = try object.integer("streamStallMs", in: 100...3_600_000)
        try object.finish()
        return settings
    }

    private static func parseEmbedded(_ object: inout ConfigObject) throws(ConfigurationError) -> EmbeddedExchangeSettings {
        let settings = EmbeddedExchangeSettings(
            listen: try object.string("listen") ?? "127.0.0.1:0",
            symbols: (try object.strings("symbols") ?? []).map { Symbol($0) },
            bots: try object.integer("bots", in: 0...64) ?? 4,
            seed: try object.integer("seed", in: 0...Int64.max) ?? 1
        )
        try object.finish()
        return settings
    }

    private static func parseStrategy(_ object: inout ConfigObject, risk: RiskLimits) throws(ConfigurationError) -> StrategySettings {
        guard let id = try object.string("id") else { throw object.error("id", "missing required key") }
        guard let plugin = try object.string("plugin") else { throw object.error("plugin", "missing required key") }
        guard let symbols = try object.strings("symbols"), !symbols.isEmpty else {
            throw object.error("symbols", "expected at least one symbol")
        }
        var parameters: [String: ParameterValue] = [:]
        if var parametersObject = try object.object("parameters") {
            for (name, value) in parametersObject.allFields() {
                switch value {
                case .integer(let number): parameters[name] = .integer(number)
                case .bool(let flag): parameters[name] = .boolean(flag)
                case .string(let text): parameters[name] = .string(text)
                default:
                    throw parametersObject.error(name, "expected an integer, a boolean or a string, got \(value.kindDescription)")
                }
            }
        }
        var strategyRisk = risk
        if var riskObject = try object.object("risk") {
            strategyRisk = try parseRisk(&riskObject, base: risk)
        }
        var settings = StrategySettings(
            id: StrategyID(id), plugin: plugin, symbols: symbols.map { Symbol($0) }, parameters: parameters, risk: strategyRisk)
        if let names = try object.strings("data") {
            do throws(MarketDataSubscriptionError) {
                settings.data = try MarketDataSubscription(parsing: names)
            } catch {
                throw object.error("data", error.description)
            }
        }
        try object.finish()
        return settings
    }

    private static func parseUnknownOrderPolicy(_ root: inout ConfigObject) throws(ConfigurationError) -> UnknownOrderPolicy {
        guard let text = try root.string("unknownOpenOrders") else { return .cancel }
        guard let policy = UnknownOrderPolicy(rawValue: text) else {
            throw root.error("unknownOpenOrders", "expected one of cancel, adopt, got \"\(text)\"")
        }
        return policy
    }

    /// The per-strategy limits in `object`, each defaulting to `base`'s.
    private static func parseRisk(_ object: inout ConfigObject, base: RiskLimits) throws(ConfigurationError) -> RiskLimits {
        var risk = base
        risk.maxOrderQty = try object.quantity("maxOrderQty") ?? risk.maxOrderQty
        risk.maxPosition = try object.quantity("maxPosition") ?? risk.maxPosition
        risk.maxNotionalPerOrder = try object.money("maxNotionalPerOrder") ?? risk.maxNotionalPerOrder
        risk.maxOpenOrders = try object.integer("maxOpenOrders", in: 1...100_000).map { Int($0) } ?? risk.maxOpenOrders
        risk.priceCollarBasisPoints = try object.integer("priceCollarBps", in: 1...10_000) ?? risk.priceCollarBasisPoints
        risk.maxOrdersPerSecond = try object.integer("maxOrdersPerSecond", in: 1...100_000).map { Int($0) } ?? risk.maxOrdersPerSecond
        risk.staleBookMs = try object.integer("staleBookMs", in: 1...Int64.max) ?? risk.staleBookMs
        risk.maxLoss = try object.money("maxLoss") ?? risk.maxLoss
        risk.allowMarketOrders = try object.bool("allowMarketOrders") ?? risk.allowMarketOrders
        try object.finish()
        return risk
    }
}
