import Foundation
import Testing
import TestSupport

/// `tickwork run` says at start which protective orders the venue keeps at the broker (they
/// outlive the daemon) and which the engine emulates (they end with it).
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct OrderKeepingLogTests {
    @Test(arguments: [
        ("", "StockFighter: stop, stop-limit, trailing stop, bracket, OCO, OTO and replace are emulated by the engine and end with it"),
        (#", "emulatedOrders": false"#, "StockFighter: stop, stop-limit, trailing stop, bracket, OCO, OTO and replace are refused (emulatedOrders is false)"),
    ])
    func onTheStockFighterAPIEveryProtectiveOrderIsEmulatedOrRefused(extra: String, line: String) async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 10, extra: extra)
        defer { workspace.remove() }
        let run = try await TickworkProcess.run(["run", "--config", workspace.config, "--duration", "1s"], environment: ["TICKWORK_API_KEY": "k"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(line), "\(run.stderr)")
    }

    @Test func onAlpacaEveryProtectiveOrderIsKeptAtTheBroker() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(
            alpacaBaseURL: "http://" + exchange.listenAddress, venue: "TESTEX", account: "PAPER1", strategies: DaemonWorkspace.firstSteps(quantity: 10))
        defer { workspace.remove() }
        let run = try await TickworkProcess.run(
            ["run", "--config", workspace.config, "--duration", "1s"], environment: ["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Alpaca: stop, stop-limit, trailing stop, bracket, OCO, OTO and replace are kept at the broker"), "\(run.stderr)")
    }
}
