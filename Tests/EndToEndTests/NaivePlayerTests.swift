import Foundation
import Testing
import TestSupport

/// A deliberately naive player, `Sweeper` (Tests/Fixtures/NaiveStrategies: 1,000-share buy
/// orders priced $1 through the ask), loses the levels that ask for more than buying: it
/// overpays for the block and breaks the position limit of sell-side, dueling-bulldozers and
/// irrational-exuberance. Both runs end within
/// seconds because the judge decides early; the shipped players' full runs are in
/// `scripts/levels.sh`.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct NaivePlayerTests {
    /// Plays `level` with Sweeper buying `quantity` shares under a position limit of `limit`,
    /// and returns the exit status and the verdict.
    private func play(_ level: String, quantity: Int, limit: Int) async throws -> (Int32, [String: Any]) {
        let scratch = try TemporaryDirectory("tickwork-naive")
        defer { scratch.remove() }
        let directory = scratch.path
        let file = directory + "/sweeper.json"
        let plugins = try await FixturePackage.products("NaiveStrategies", packageRoot: TickworkProcess.packageRoot)
        try """
            {
              "version": 1,
              "exchange": { "venue": "TESTEX", "account": "EXB123456", "apiKeyEnv": "TICKWORK_API_KEY" },
              "embeddedExchange": { "listen": "127.0.0.1:0" },
              "pluginDirectory": "\(plugins)",
              "pollIntervalMs": 25,
              "strategies": [ { "id": "naive", "plugin": "Sweeper", "symbols": ["FOOBAR"], "parameters": { "quantity": \(quantity) } } ],
              "risk": {
                "maxOrderQty": 1000, "maxPosition": \(limit), "maxSymbolPosition": \(limit), "maxNotionalPerOrder": 10000000,
                "maxOpenOrders": 10, "priceCollarBps": 500, "maxOrdersPerSecond": 100, "staleBookMs": 2000,
                "maxLoss": 50000000, "maxAccountLoss": 50000000, "allowMarketOrders": false
              },
              "ledger": { "path": "ledger.jsonl", "fsync": "batch" },
              "logging": { "level": "warning", "format": "text" }
            }
            """.write(toFile: file, atomically: true, encoding: .utf8)
        // A bound against hanging: a level's steps take longer than their minute on a loaded machine.
        let result = try await TickworkProcess.run(["level", level, "--config", file, "--seed", "2", "--json"], timeout: 240)
        let verdict = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return (result.status, verdict)
    }

    @Test func sweepingTheBookFailsChockABlockByAveragingAboveTheTarget() async throws {
        let (status, verdict) = try await play("chock-a-block", quantity: 100_000, limit: 100_000)
        #expect(status == 1)
        #expect(verdict["outcome"] as? String == "failed")
        #expect(verdict["positionShares"] as? Int == 100_000)
        let average = try #require(verdict["averageBuyPriceCents"] as? Int)
        let target = try #require(verdict["targetPriceCents"] as? Int)
        #expect(average >= target)
    }

    @Test func buyingThroughTheLimitFailsSellSideAtTheFirstFillBeyondIt() async throws {
        let (status, verdict) = try await play("sell-side", quantity: 5_000, limit: 5_000)
        #expect(status == 1)
        #expect(verdict["outcome"] as? String == "failed")
        #expect((verdict["largestPositionShares"] as? Int ?? 0) > 1_000)
        #expect((verdict["reason"] as? String ?? "").contains("beyond ±1000"))
    }

    @Test(arguments: ["dueling-bulldozers", "irrational-exuberance"])
    func buyingThroughTheLimitFailsTheLevelsOfFourAndFiveAtTheFirstFillBeyondIt(level: String) async throws {
        let (status, verdict) = try await play(level, quantity: 5_000, limit: 5_000)
        #expect(status == 1)
        #expect(verdict["outcome"] as? String == "failed")
        #expect((verdict["largestPositionShares"] as? Int ?? 0) > 1_000)
        #expect((verdict["reason"] as? String ?? "").contains("beyond ±1000"))
    }
}
