import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A bracket placed by `tickwork run` on `tickwork exchange`'s Alpaca API, which keeps it: the
/// daemon SIGKILLed with the legs live, the market falling through the stop while it is down, the
/// exit done at the broker, and the restart booking the stop-loss's fill to the strategy.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct BracketDaemonTests {
    /// The orders of `PAPER1` at the simulator, parents with their legs under `legs`.
    static func nestedOrders(_ exchange: ExchangeFixture) throws -> [[String: Any]] {
        try AlpacaExchangeDaemonTests.alpaca(exchange, "/v2/orders?nested=true&status=all") as? [[String: Any]] ?? []
    }

    /// The statuses of the one bracket's entry, take-profit and stop-loss; nil while there is none.
    static func bracket(_ exchange: ExchangeFixture) throws -> (entry: String, takeProfit: String, stopLoss: String)? {
        guard let parent = try nestedOrders(exchange).first(where: { $0["order_class"] as? String == "bracket" }),
            let legs = parent["legs"] as? [[String: Any]]
        else { return nil }
        func status(_ type: String) -> String { legs.first { $0["type"] as? String == type }?["status"] as? String ?? "absent" }
        return (parent["status"] as? String ?? "", status("limit"), status("stop"))
    }

    /// Bracketeer buying 10 FOOBAR at $50.00, taking profit at $51.00, stopping the loss at $48.00.
    static let bracketeer =
        #"[{"id": "br", "plugin": "Bracketeer", "symbols": ["FOOBAR"], "parameters": {"qty": 10, "entryCents": 5000, "takeProfitCents": 5100, "stopLossCents": 4800}}]"#

    /// A workspace running Bracketeer on the exchange's Alpaca API as `PAPER1`.
    /// A simulated exchange with shares to buy at $50.00 and a bid below, so that the book has a
    /// mid for the price collar.
    static func market() async throws -> ExchangeFixture {
        let exchange = try await ExchangeFixture()
        do {
            try exchange.place(account: "MM", side: "sell", price: 5000, qty: 100)
            try exchange.place(account: "MM", side: "buy", price: 4900, qty: 1)
        } catch {
            exchange.stop()
            throw error
        }
        return exchange
    }

    static func workspace(_ exchange: ExchangeFixture) async throws -> DaemonWorkspace {
        let plugins = try await FixturePackage.products("NaiveStrategies", packageRoot: TickworkProcess.packageRoot)
        let workspace = try DaemonWorkspace()
        try workspace.write(
            exchange: #"{"api": "alpaca", "baseURL": "http://\#(exchange.listenAddress)", "venue": "TESTEX", "account": "PAPER1"}"#,
            strategies: bracketeer, extra: #", "pluginDirectory": "\#(plugins)", "risk": {"allowMarketOrders": true}"#)
        return workspace
    }

    @Test func theExitsWorkWhileTheDaemonIsDeadAndTheRestartBooksThem() async throws {
        let exchange = try await Self.market()
        defer { exchange.stop() }
        let workspace = try await Self.workspace(exchange)
        defer { workspace.remove() }

        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: AlpacaExchangeDaemonTests.keys)
        var live: (entry: String, takeProfit: String, stopLoss: String)?
        let legsLive = await first.wait(upTo: 60) {
            live = try? Self.bracket(exchange)
            return workspace.bought() == 10 && live?.entry == "filled" && live?.takeProfit == "new"
        }
        #expect(legsLive, "bracket \(String(describing: live)), bought \(workspace.bought()): \(first.stderr)")
        // The stop-loss waits for its trigger, held as Alpaca shows it.
        #expect(live?.stopLoss == "held")
        first.send(SIGKILL)
        #expect(await first.exitStatus(within: 10) == -SIGKILL)

        // Another account sells through the bid at $49.00 to the one at $47.50: a print below the stop.
        try exchange.place(account: "MM", side: "buy", price: 4750, qty: 20)
        try exchange.place(account: "SELLER", side: "sell", price: 4700, qty: 2, type: "immediate-or-cancel")
        var exited: (entry: String, takeProfit: String, stopLoss: String)?
        let exitDone = await exchange.process.wait(upTo: 30) {
            exited = try? Self.bracket(exchange)
            return exited?.stopLoss == "filled" && exited?.takeProfit == "canceled"
        }
        #expect(exitDone, "bracket after the fall: \(String(describing: exited))")

        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: AlpacaExchangeDaemonTests.keys)
        let ready = await second.wait(upTo: 60) { second.stderr.contains("engine: ready") || second.stderr.contains("tickwork: ") }
        #expect(ready && second.stderr.contains("engine: ready"), "\(second.stderr)")
        second.send(SIGTERM)
        #expect(await second.exitStatus(within: 10) == 0, "\(second.stderr)")
        #expect(!second.stderr.contains("mismatch"), "\(second.stderr)")

        let fills = try workspace.ledgerLines().filter { $0["qty"] != nil }
        let sides = fills.map { "\($0["side"] as? String ?? "?") \($0["qty"] as? Int ?? 0)" }
        // The entry bought 10 and the stop-loss sold them: flat.
        #expect(sides == ["buy 10", "sell 10"], "\(fills)")
        #expect(fills.allSatisfy { $0["strategy"] as? String == "br" }, "\(fills)")
        #expect(fills.last?["reconciled"] as? Bool == true, "the stop-loss's fill, booked at the restart: \(fills)")
        #expect((fills.last?["price"] as? Int).map { $0 / 100 } == 4750)
    }

    /// A restart while the exits wait at the broker keeps them: they protect the position the
    /// ledger holds, and the strategy, having traded, does not place them again.
    @Test func aRestartWithTheBracketOpenKeepsItsExits() async throws {
        let exchange = try await Self.market()
        defer { exchange.stop() }
        let workspace = try await Self.workspace(exchange)
        defer { workspace.remove() }
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: AlpacaExchangeDaemonTests.keys)
        #expect(await first.wait(upTo: 60) { workspace.bought() == 10 && (try? Self.bracket(exchange))?.takeProfit == "new" }, "\(first.stderr)")
        first.send(SIGKILL)
        #expect(await first.exitStatus(within: 10) == -SIGKILL)

        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: AlpacaExchangeDaemonTests.keys)
        let ready = await second.wait(upTo: 60) { second.stderr.contains("engine: ready") || second.stderr.contains("tickwork: ") }
        #expect(ready && second.stderr.contains("engine: ready"), "\(second.stderr)")
        let kept = try Self.bracket(exchange)
        #expect(kept?.takeProfit == "new" && kept?.stopLoss == "held", "exits after the restart: \(String(describing: kept)): \(second.stderr)")

        // The restarted daemon sees the stop-loss fill live.
        try exchange.place(account: "MM", side: "buy", price: 4750, qty: 20)
        try exchange.place(account: "SELLER", side: "sell", price: 4700, qty: 2, type: "immediate-or-cancel")
        let booked = await second.wait(upTo: 30) { (try? workspace.ledgerFills())?.count == 2 }
        #expect(booked, "\(second.stderr)")
        second.send(SIGTERM)
        #expect(await second.exitStatus(within: 10) == 0, "\(second.stderr)")
        let fills = try workspace.ledgerLines().filter { $0["qty"] != nil }
        #expect(fills.map { "\($0["side"] as? String ?? "?") \($0["qty"] as? Int ?? 0)" } == ["buy 10", "sell 10"], "\(fills)")
        #expect(fills.allSatisfy { $0["strategy"] as? String == "br" && $0["reconciled"] as? Bool != true }, "\(fills)")
    }

    /// The StockFighter API keeps no stops: the engine places the take-profit once the entry
    /// fills, holds the stop-loss itself, sends it when the bid falls through it, and cancels the
    /// take-profit.
    @Test func theEngineEmulatesTheBracketOnTheStockFighterAPI() async throws {
        let exchange = try await Self.market()
        defer { exchange.stop() }
        let plugins = try await FixturePackage.products("NaiveStrategies", packageRoot: TickworkProcess.packageRoot)
        let workspace = try DaemonWorkspace()
        defer { workspace.remove() }
        try workspace.write(
            exchange: #"{"baseURL": "\#(exchange.baseURL)", "venue": "TESTEX", "account": "EXB123456"}"#, strategies: Self.bracketeer,
            extra: #", "pluginDirectory": "\#(plugins)", "risk": {"allowMarketOrders": true}"#)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        let held = await daemon.wait(upTo: 60) {
            let open = (try? exchange.openOrders(of: "EXB123456")) ?? []
            return daemon.stderr.contains("order held by the engine (emulated") && open.count == 1 && open[0]["price"] as? Int == 5100
        }
        #expect(held, "\(daemon.stderr)")
        let takeProfit = try #require(try exchange.openOrders(of: "EXB123456").first)
        #expect(takeProfit["price"] as? Int == 5100 && takeProfit["direction"] as? String == "sell" && takeProfit["qty"] as? Int == 10)

        // The bid at $49.00 taken, the best bid is $47.50: through the stop.
        try exchange.place(account: "MM", side: "buy", price: 4750, qty: 20)
        try exchange.place(account: "SELLER", side: "sell", price: 4900, qty: 1, type: "immediate-or-cancel")
        let exited = await daemon.wait(upTo: 30) {
            (try? workspace.ledgerFills())?.count == 2 && (try? exchange.openOrders(of: "EXB123456"))?.isEmpty == true
        }
        #expect(exited, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("emulated order triggered"), "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0, "\(daemon.stderr)")

        let orders = try exchange.orders(of: "EXB123456")
        let profit = try #require(orders.first { $0["price"] as? Int == 5100 })
        #expect(profit["open"] as? Bool == false && (profit["fills"] as? [Any])?.isEmpty == true, "take-profit cancelled: \(profit)")
        let fills = try workspace.ledgerLines().filter { $0["qty"] != nil }
        #expect(fills.map { "\($0["side"] as? String ?? "?") \($0["qty"] as? Int ?? 0)" } == ["buy 10", "sell 10"], "\(fills)")
        #expect((fills.last?["price"] as? Int).map { $0 / 100 } == 4750)
    }
}
