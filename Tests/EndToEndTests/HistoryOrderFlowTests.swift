import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` records its engine's order flow in the history: the orders the ledger's fills
/// belong to, and the denials its log reports, read back with `tickwork history orders` and
/// `denials`; a rebuild is refused while it runs, and keeps that order flow once it has stopped.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct HistoryOrderFlowTests {
    static let key = ["TICKWORK_API_KEY": "test-key"]

    /// FirstSteps buying 40 FOOBAR, 30 at most per order, under a position limit of 30 on an
    /// embedded exchange without bots: the first order (30) fills, every later one (10 more) is
    /// denied with RISK_MAX_POSITION.
    static func configuration(directory: String) -> String {
        """
        {"version": 1,
         "exchange": {"venue": "TESTEX", "account": "EXB123456"},
         "embeddedExchange": {"listen": "127.0.0.1:0", "bots": 0},
         "pollIntervalMs": 50,
         "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"],
                         "parameters": {"quantity": 40, "maxOrderQty": 30},
                         "risk": {"maxPosition": 30}}],
         "ledger": {"path": "\(directory)/ledger.jsonl", "fsync": "always"},
         "riskStatePath": "\(directory)/risk.json"}
        """
    }

    /// `tickwork history KIND --db database --json ARGUMENTS`, decoded; nil while it fails.
    static func rows(_ kind: String, _ database: String, _ arguments: [String] = []) async -> [[String: Any]]? {
        guard let result = try? await TickworkProcess.run(["history", kind, "--db", database, "--json"] + arguments), result.status == 0
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]]
    }

    @Test func theDaemonsOrdersAndDenialsAreInTheHistoryAsTheLedgerAndLogShowThem() async throws {
        let scratch = try TemporaryDirectory("tickwork-history-flow")
        defer { scratch.remove() }
        let config = scratch.file("tickwork.json")
        try Self.configuration(directory: scratch.path).write(toFile: config, atomically: true, encoding: .utf8)
        let database = scratch.file("ledger.history.sqlite")
        let daemon = try SpawnedProcess(["run", "--config", config], environment: Self.key)
        let baseURL = try #require(await ExchangeRestartTests.embeddedBaseURL(daemon), "no embedded exchange address: \(daemon.stderr)")
        // A bid under the ask gives the book a mid for the risk checker's price collar.
        _ = try await ExchangeRestartTests.call(["order", "place", "FOOBAR", "buy", "10", "--price", "49.90"], baseURL, account: "SELLER")
        _ = try await ExchangeRestartTests.call(["order", "place", "FOOBAR", "sell", "40", "--price", "50.00"], baseURL, account: "SELLER")
        #expect(await daemon.wait(upTo: 30) {
            let filled = (await Self.rows("orders", database, ["FOOBAR"])?.first?["state"] as? String) == "filled"
            let denied = !(await Self.rows("denials", database) ?? []).isEmpty
            return filled && denied
        }, "history: \(daemon.stderr)")
        // The history is the daemon's to write while it runs: a rebuild is refused, naming it.
        let refused = try await TickworkProcess.run(["history", "rebuild", "--config", config])
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("tickwork run (pid \(daemon.process.processIdentifier))"), "\(refused.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
        // Once it has stopped, a rebuild makes the fills again and keeps the order flow, which
        // the ledger does not hold: what follows reads the rebuilt database.
        let rebuilt = try await TickworkProcess.run(["history", "rebuild", "--config", config])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")

        let ledger = try String(contentsOfFile: scratch.file("ledger.jsonl"), encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        let orders = try #require(await Self.rows("orders", database))
        try #require(orders.count == 1, "orders: \(orders)")
        let order = orders[0]
        #expect(order["strategy"] as? String == "fs")
        #expect(order["side"] as? String == "buy")
        #expect(order["order_type"] as? String == "limit")
        #expect(order["qty_shares"] as? Int == 30)
        #expect(order["price_units"] as? Int == 500_000)
        #expect((order["client_id"] as? String)?.hasPrefix("c1@") == true)
        // The order the ledger's fills name, filled as they add up, at their average price.
        #expect(Set(ledger.compactMap { $0["order"] as? Int }) == [order["venue_order_id"] as? Int ?? -1])
        #expect(order["filled_shares"] as? Int == ledger.reduce(0) { $0 + ($1["qty"] as? Int ?? 0) })
        let value = ledger.reduce(0) { $0 + ($1["qty"] as? Int ?? 0) * ($1["price"] as? Int ?? 0) }
        #expect(order["average_price_units"] as? Int == value / 30)
        let sent = try #require(order["sent_ns"] as? Int), acknowledged = try #require(order["acknowledged_ns"] as? Int)
        let closed = try #require(order["closed_ns"] as? Int)
        #expect(sent <= acknowledged && acknowledged <= closed)

        // Each denial the log reports at warning level (repeats within ten seconds are at
        // debug), with the same code and numbers, is in the history.
        let logged = daemon.stderr.split(separator: "\n").filter { $0.contains("order denied") }.map { line in
            Dictionary(line.split(separator: " ").compactMap { field -> (String, String)? in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        }
        let first = try #require(logged.first, "no denial logged: \(daemon.stderr)")
        #expect(first["code"] == "RISK_MAX_POSITION")
        let denials = try #require(await Self.rows("denials", database, ["--code", "RISK_MAX_POSITION"]))
        try #require(!denials.isEmpty)
        for denial in denials {
            #expect(denial["strategy"] as? String == "fs")
            #expect(denial["qty_shares"] as? Int == 10)
            #expect((denial["limit_value"] as? Int).map(String.init) == first["limit"])
            #expect((denial["actual_value"] as? Int).map(String.init) == first["actual"])
        }
        #expect(denials.count >= logged.count)
        #expect(await Self.rows("denials", database, ["--code", "RISK_MAX_ORDER_QTY"])?.isEmpty == true)
    }
}
