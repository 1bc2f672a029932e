import FoundationEssentials
import Live

/// The configuration `tickwork` uses when no `--config` is given: a copy of
/// `config/tickwork.json` compiled into the binary, so the daemon starts from any directory.
/// A test keeps the two identical.
enum DefaultConfiguration {
    /// The name errors use for the embedded file.
    static let name = "config/tickwork.json"

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

    /// The configuration in `path`, or the embedded default when `path` is nil, whose relative
    /// paths lead into the working directory. Every command reading a configuration comes here.
    static func load(_ path: String?) throws -> Configuration {
        if let path {
            return try Configuration.load(file: path)
        }
        return try Configuration.parse(Data(json.utf8), file: name + " (embedded)", directory: FileManager.default.currentDirectoryPath)
    }
}
