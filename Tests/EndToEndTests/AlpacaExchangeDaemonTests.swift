import Foundation
import HTTP
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` on `"api": "alpaca"` against `tickwork exchange`'s own Alpaca API (bots
/// trading FOOBAR on TESTEX), not the scripted fake: ended by SIGTERM, and killed and restarted.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct AlpacaExchangeDaemonTests {
    static let keys = ["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"]

    /// `GET path` on the exchange's Alpaca API as `PAPER1`: the JSON answered.
    static func alpaca(_ exchange: ExchangeFixture, _ path: String) throws -> Any {
        let address = try #require(HTTPAddress(parsing: exchange.listenAddress))
        let connection = HTTPClientConnection(address: address, configuration: HTTPClientConfiguration(responseTimeout: .seconds(10)))
        defer { connection.close() }
        var headers = HTTPHeaders()
        headers.add(name: "APCA-API-KEY-ID", value: "PAPER1")
        headers.add(name: "APCA-API-SECRET-KEY", value: "any")
        let response = try connection.send(HTTPRequest(method: "GET", target: path, headers: headers))
        #expect(response.status == 200, "GET \(path): \(String(decoding: response.body, as: UTF8.self))")
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }

    /// The account's fill activities as (order id, qty), every page.
    static func activities(_ exchange: ExchangeFixture) throws -> [(order: String, qty: Int)] {
        let page = try alpaca(exchange, "/v2/account/activities/FILL?page_size=100") as? [[String: Any]] ?? []
        #expect(page.count < 100, "one page holds them all")
        return page.map { ($0["order_id"] as? String ?? "", Int($0["qty"] as? String ?? "") ?? -1) }
    }

    static func openOrders(_ exchange: ExchangeFixture) throws -> Int {
        (try alpaca(exchange, "/v2/orders?status=open") as? [Any])?.count ?? -1
    }

    static func workspace(_ exchange: ExchangeFixture) throws -> DaemonWorkspace {
        try DaemonWorkspace(
            alpacaBaseURL: "http://" + exchange.listenAddress, venue: "TESTEX", account: "PAPER1", strategies: DaemonWorkspace.firstSteps(quantity: 60))
    }

    @Test func sigtermLeavesNothingOpenAndTheLedgerIsTheFillActivities() async throws {
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let workspace = try Self.workspace(exchange)
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await daemon.wait(upTo: 60) { workspace.bought() >= 30 }, "bought \(workspace.bought()): \(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0, "\(daemon.stderr)")
        #expect(try Self.openOrders(exchange) == 0, "nothing open after SIGTERM")
        let activities = try Self.activities(exchange)
        #expect(try workspace.ledgerFills().count == activities.count, "\(daemon.stderr)")
        #expect(workspace.bought() == activities.reduce(0) { $0 + $1.qty })
    }

    @Test func afterSIGKILLARestartBooksNothingTwice() async throws {
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let workspace = try Self.workspace(exchange)
        defer { workspace.remove() }
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await first.wait(upTo: 60) { workspace.bought() >= 10 }, "\(first.stderr)")
        first.send(SIGKILL)
        _ = await first.exitStatus(within: 10)
        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        // Ready first: the first run may have bought enough already, and a SIGTERM before the
        // daemon listens for it is not the subject here.
        #expect(await second.wait(upTo: 60) { second.stderr.contains("engine: ready") && workspace.bought() == 60 },
                "bought \(workspace.bought()): \(second.stderr)")
        second.send(SIGTERM)
        #expect(await second.exitStatus(within: 10) == 0, "\(second.stderr)")
        #expect(try Self.openOrders(exchange) == 0, "nothing open after SIGTERM")
        let fills = try workspace.ledgerFills()
        let activities = try Self.activities(exchange)
        #expect(fills.count == activities.count, "\(second.stderr)")
        #expect(Set(fills.map { [$0[0], $0[1]] }).count == fills.count, "no fill booked twice")
        #expect(workspace.bought() == activities.reduce(0) { $0 + $1.qty })
    }
}
