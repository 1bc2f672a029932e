import Foundation
import HTTP
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The daemon on the Alpaca API killed again and again while MarketMaker quotes against a
/// separate `tickwork exchange` (its Alpaca API; the bots' takers trade with the quotes, also
/// while the daemon is down): every restart reconciles and trades on (none refuses to start),
/// and at the end the ledger holds every fill of the account once, and the exchange's position
/// is the ledger's.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct AlpacaSoakTests {
    static let keys = ["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"]
    /// Quoting one cent inside the bots' makers; a sell beyond what the account holds is
    /// refused by the exchange (no shorting), so the quotes go both ways once it holds shares.
    static let marketMaker = """
        [{"id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"],
          "parameters": {"halfSpreadCents": 1, "quoteSize": 20, "positionLimit": 100, "requoteCents": 2}}]
        """

    /// One answer of the exchange's Alpaca API as account PAPER1.
    static func alpaca(_ exchange: ExchangeFixture, _ target: String) throws -> Any {
        let address = try #require(HTTPAddress(parsing: exchange.listenAddress))
        var headers = HTTPHeaders()
        for (name, value) in keys { headers.add(name: name == "APCA_API_KEY_ID" ? "APCA-API-KEY-ID" : "APCA-API-SECRET-KEY", value: value) }
        let connection = HTTPClientConnection(address: address, configuration: HTTPClientConfiguration(responseTimeout: .seconds(10)))
        defer { connection.close() }
        let response = try connection.send(HTTPRequest(method: "GET", target: target, headers: headers, body: []))
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    /// Dollars as decimal text in units of $0.0001, exactly.
    static func units(_ dollars: String) -> Int {
        (Decimal(string: dollars).map { NSDecimalNumber(decimal: $0 * 10_000).intValue }) ?? -1
    }

    /// Every fill of the account at the exchange as (side, price in units, qty), sorted.
    static func exchangeFills(_ exchange: ExchangeFixture) throws -> [[Int]] {
        var fills: [[Int]] = []
        var token: String?
        repeat {
            let page = try alpaca(exchange, "/v2/account/activities/FILL?direction=asc&page_size=100" + (token.map { "&page_token=\($0)" } ?? ""))
            let activities = page as? [[String: Any]] ?? []
            fills += activities.map { activity in
                [activity["side"] as? String == "buy" ? 1 : -1, units(activity["price"] as? String ?? ""), Int(activity["qty"] as? String ?? "") ?? -1]
            }
            token = activities.count == 100 ? activities.last?["id"] as? String : nil
        } while token != nil
        return fills.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The ledger's fills as (side, price in units, qty), sorted, and whether any (order, index) repeats.
    static func ledgerFills(_ workspace: DaemonWorkspace) throws -> (fills: [[Int]], repeated: Bool) {
        let lines = try workspace.ledgerLines()
        let fills = lines.map { line in
            [line["side"] as? String == "buy" ? 1 : -1, line["price"] as? Int ?? -1, line["qty"] as? Int ?? -1]
        }
        let keys = lines.map { [$0["order"] as? Int ?? -1, $0["index"] as? Int ?? -1] }
        return (fills.sorted { $0.lexicographicallyPrecedes($1) }, Set(keys).count != keys.count)
    }

    /// The account's FOOBAR position at the exchange.
    static func position(_ exchange: ExchangeFixture) throws -> Int {
        let positions = try alpaca(exchange, "/v2/positions") as? [[String: Any]] ?? []
        return positions.first { $0["symbol"] as? String == "FOOBAR" }.flatMap { Int($0["qty"] as? String ?? "") } ?? 0
    }

    @Test func twelveSIGKILLsAtRandomMomentsOnAlpacaLoseNoFillAndNeverRefuseARestart() async throws {
        let started = Date()
        let seed = try SoakTests.seed()
        var random = SplitMix64(seed: seed)
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(
            alpacaBaseURL: "http://" + exchange.listenAddress, venue: "TESTEX", account: "PAPER1", strategies: Self.marketMaker)
        defer { workspace.remove() }
        var killsInStartUp = 0
        var takenInDowntime = 0
        for kill in 1...12 {
            guard let beforeReady = try await RandomKill.run(
                config: workspace.config, environment: Self.keys, random: &random, seed: seed, kill: kill)
            else { return }
            if beforeReady { killsInStartUp += 1 }
            // While it is down, another account trades through whatever it left resting.
            takenInDowntime += try exchange.trade(through: "PAPER1", as: "TAKER") { Int(random.int(in: 1...Int64($0))) }
        }
        let last = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await last.wait(upTo: 30) { last.stderr.contains("engine: ready") }, "seed \(seed): not ready after the last restart: \(last.stderr)")
        last.send(SIGTERM)
        #expect(await last.exitStatus(within: 15) == 0, "seed \(seed): \(last.stderr)")
        let open = try Self.alpaca(exchange, "/v2/orders?status=open") as? [[String: Any]] ?? []
        #expect(open.isEmpty, "seed \(seed): orders left open: \(open.count)")
        let ledger = try Self.ledgerFills(workspace)
        let fills = try Self.exchangeFills(exchange)
        #expect(!fills.isEmpty && ledger.fills == fills, "seed \(seed): the ledger is not the exchange's record of the account's fills")
        #expect(!ledger.repeated, "seed \(seed): a fill recorded twice")
        let held = ledger.fills.reduce(0) { $0 + $1[0] * $1[2] }
        #expect(try Self.position(exchange) == held, "seed \(seed): the ledger holds \(held)")
        let verify = try await TickworkProcess.run(["ledger", "verify", workspace.ledger])
        #expect(verify.status == 0, "seed \(seed): \(verify.stdout)\(verify.stderr)")
        let reconciled = (try? String(contentsOfFile: workspace.ledger, encoding: .utf8))?.components(separatedBy: "\"reconciled\":true").count ?? 1
        print("""
            soak, alpaca: seed \(seed): 12 SIGKILLs (\(killsInStartUp) before "ready"), \(fills.count) fills, \
            \(reconciled - 1) booked as reconciled, \(takenInDowntime) shares taken during downtime, \(held) shares held, \(Int(Date().timeIntervalSince(started))) s
            """)
    }
}
