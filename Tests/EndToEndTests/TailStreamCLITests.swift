import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork tail --stream`: the account's executions live from `tickwork exchange`'s feed; an
/// Alpaca configuration, which has no such feed, is refused at once.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct TailStreamCLITests {
    @Test func showsEachFillOfTheAccountAsItHappens() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let base = ["tail", "--stream", "--base-url", exchange.baseURL, "--venue", "TESTEX", "--account", "EXB123456"]
        let json = try SpawnedProcess(base + ["--json", "--duration", "60s"])
        let table = try SpawnedProcess(base + ["--duration", "60s"])
        defer {
            json.send(SIGKILL)
            table.send(SIGKILL)
        }
        // The feeds open some time after the processes start: trade until both have heard a fill.
        let heard = {
            json.stdout.contains(#""account":"EXB123456""#) && table.stdout.split(separator: "\n").count >= 2
        }
        try await exchange.trade(price: 5_000, bought: 10, sold: 4, until: heard, in: json)
        #expect(heard(), "\(json.stdout)\(json.stderr)\(table.stdout)\(table.stderr)")
        let message = try #require(json.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])
        #expect(object["filled"] as? Int == 4 && object["price"] as? Int == 5_000 && object["standingComplete"] as? Bool == false)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("TIME (UTC)") == true)
        #expect(lines.dropFirst().first.map { $0.contains("FOOBAR") && $0.contains(" buy ") } == true, "\(lines)")
        #expect(lines.dropFirst().first?.contains("50.00") == true, "\(lines)")
    }

    @Test func anAlpacaConfigurationIsRefusedRatherThanSentToAFeedItLacks() async throws {
        let refused = try await TickworkProcess.run(
            ["tail", "--stream", "--config", TickworkProcess.packageRoot + "/config/alpaca-sim.json", "--duration", "5s"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("tickwork: --stream reads StockFighter's executions feed"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("reconnecting"))
        #expect(refused.stdout.isEmpty)
    }
}
