import FoundationEssentials
import CommandLineKit
import Live

/// The configuration `tickwork` uses when no `--config` is given: a copy of
/// `config/tickwork.json` compiled into the binary, so the daemon starts from any directory.
/// A test keeps the two identical.
enum DefaultConfiguration {
    /// The name errors use for the embedded file.
    static let name = "config/tickwork.json"

    /// Every command's `--verbose` (`CommandTree` adds it to each): says on stderr which
    /// configuration the command reads and how it was found.
    static let verbose: Option<Bool> = .flag("--verbose", help: "Say on stderr which configuration is read and how it was found.")

    /// The embedded file's text.
    static let json = #"""
{
  "version": 1,
  "exchange": {
    "venue": "TESTEX",
    "account": "EXB123456",
    "apiKeyEnv": "TICKWORK_API_KEY"
  },
  "embeddedExchange": {
    "listen": "127.0.0.1:0",
    "bots": 4,
    "seed": 1
  },
  "pollIntervalMs": 250,
  "strategies": [
    {
      "id": "first-steps",
      "plugin": "FirstSteps",
      "symbols": ["FOOBAR"],
      "parameters": { "symbol": "FOOBAR", "quantity": 100 }
    }
  ],
  "risk": {
    "maxOrderQty": 500,
    "maxPosition": 1000,
    "maxSymbolPosition": 2000,
    "maxNotionalPerOrder": 5000000,
    "maxOpenOrders": 10,
    "priceCollarBps": 500,
    "maxOrdersPerSecond": 20,
    "staleBookMs": 2000,
    "maxLoss": 1000000,
    "maxAccountLoss": 2000000,
    "allowMarketOrders": false
  },
  "ledger": { "path": "tickwork-ledger.jsonl", "fsync": "always" },
  "logging": { "level": "info", "format": "text" }
}
"""#

    /// The configuration `option` (`--config`) names, or the one `ConfigurationSource.locate`
    /// finds without it; under `--verbose`, a line on stderr says which. Every command reading
    /// a configuration comes here.
    static func load(_ option: String?) throws -> Configuration {
        try load(locate(option))
    }

    /// The source `option` names, or the one found without it, said under `--verbose`.
    static func locate(_ option: String?) throws -> ConfigurationSource {
        let source = try ConfigurationSource.locate(option: option)
        Console.verbose("tickwork: \(source.verboseLine)")
        return source
    }

    /// The configuration of `source`, named in every error by its `label` (the path and how it
    /// was found), as is `Configuration.file` for the errors that come later.
    static func load(_ source: ConfigurationSource) throws -> Configuration {
        guard let path = source.path else { return try embedded() }
        do {
            var configuration = try Configuration.load(file: path)
            configuration.file = source.label
            return configuration
        } catch {
            var error = error
            error.file = source.label
            throw error
        }
    }

    /// The embedded default, whose relative paths lead into the working directory: what a
    /// backtest of one strategy starts from, whatever is installed.
    static func embedded() throws -> Configuration {
        try Configuration.parse(Data(json.utf8), file: name + " (embedded)", directory: FileManager.default.currentDirectoryPath)
    }
}
