import CommandLineKit
import FoundationEssentials
import Live
import SimulatedMarket

/// The configuration a level runs when no `--config` is given: the level's shipped strategy with
/// its default parameters (only the stock named), and risk limits that let it play the level.
/// Its `embeddedExchange` only satisfies the parser: a level always trades its own exchange.
enum LevelConfiguration {
    /// The configuration for `level`, or the file at `path` when given; with `strategy`, the
    /// level's own configuration played by that plugin with its default parameters.
    static func load(_ path: String?, strategy: String? = nil, level: Level) throws -> Configuration {
        if let path { return try Configuration.load(file: path) }
        guard var shipped = shipped(level) else { throw CLIError.failure("level \(level.name) is not played by a strategy") }
        if let strategy { (shipped.0, shipped.4) = (strategy, "") }
        return try Configuration.parse(
            Data(json(for: level, shipped).utf8), file: "level \(level.name) (embedded)", directory: FileManager.default.currentDirectoryPath)
    }

    /// The embedded configuration's text for `level` played by its `shipped` strategy.
    private static func json(for level: Level, _ shipped: (String, Int, Int64, Int64, String)) -> String {
        let (plugin, pollMs, maxPosition, maxLoss, parameters) = shipped
        return """
            {
              "version": 1,
              "exchange": { "venue": "\(level.venue.rawValue)", "account": "EXB123456", "apiKeyEnv": "TICKWORK_API_KEY" },
              "embeddedExchange": { "listen": "127.0.0.1:0" },
              "pollIntervalMs": \(pollMs),
              "strategies": [
                {
                  "id": "\(level.name)",
                  "plugin": "\(plugin)",
                  "symbols": ["\(level.symbol.rawValue)"],
                  "parameters": { "symbol": "\(level.symbol.rawValue)"\(parameters) }
                }
              ],
              "risk": {
                "maxOrderQty": 1000,
                "maxPosition": \(maxPosition),
                "maxSymbolPosition": \(maxPosition),
                "maxNotionalPerOrder": 10000000,
                "maxOpenOrders": 10,
                "priceCollarBps": 500,
                "maxOrdersPerSecond": 100,
                "staleBookMs": 2000,
                "maxLoss": \(maxLoss),
                "maxAccountLoss": \(maxLoss),
                "allowMarketOrders": false
              },
              "ledger": { "path": "level-ledger.jsonl", "fsync": "batch" },
              "logging": { "level": "warning", "format": "text" }
            }
            """
    }

    /// The name of the shipped strategy that plays `level` by default.
    static func shippedStrategy(_ level: Level) -> String { shipped(level)?.0 ?? "the detective (tickwork detect)" }

    /// The shipped strategy of `level`, the poll interval in ms, the position limit in shares,
    /// the loss limit in cents it plays with, and the parameters besides the stock (as JSON
    /// members, each after a comma; empty for the defaults).
    private static func shipped(_ level: Level) -> (String, Int, Int64, Int64, String)? {
        switch level.rules {
        case .buy(let shares): return ("FirstSteps", 100, max(1_000, shares.shares), 1_000_000, "")
        case .buyBelowTarget(let shares, _, _): return ("BlockBuyer", 25, shares.shares, 50_000_000, "")
        case .makeMarket(_, let limit) where level.bots.bulldozersPerSymbol > 0:
            // Against sweeps of thousands of shares, quotes 30 cents out sell high to them and
            // buy low, and the whole limit is used to hold the position until the price comes back.
            return ("MarketMaker", 50, limit.shares, 5_000_000, #", "halfSpreadCents": 30, "quoteSize": 300, "positionLimit": \#(limit.shares)"#)
        case .makeMarket(_, let limit): return ("MarketMaker", 50, limit.shares, 5_000_000, "")
        case .realizeProfit(_, let limit): return ("RunUp", 25, limit.shares, 5_000_000, "")
        // The insider is named, not traded for: `LevelDetective` plays the level.
        case .nameTheInsider: return nil
        }
    }
}
