import Foundation
import Testing
import TestSupport

/// `tickwork run` on its embedded exchange with a strategy on books, trades and one-minute bars:
/// the session is told before the strategies start, the exchange's prints reach the engine as
/// trades, and the recorded session replays identically.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct MarketDataDaemonTests {
    @Test func theSessionAndTheExchangesTradesReachTheEngineAndReplayIdentically() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let live = try ParityCLITests.writeConfiguration(
            in: directory, name: "live.json", halfSpreadCents: 2, data: ["books", "trades", "bars:1Min"])
        let run = try await TickworkProcess.run(["run", "--config", live, "--duration", "6s", "--log-level", "warning"])
        #expect(run.status == 0, "\(run.stderr)")

        let text = try String(contentsOfFile: directory + "/session.jsonl", encoding: .utf8)
        let records = text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        let kinds = records.compactMap { $0["kind"] as? String }
        let session = try #require(kinds.firstIndex(of: "session"), "no session in \(kinds.prefix(10))")
        let start = try #require(kinds.firstIndex(of: "start"))
        #expect(session < start)
        let trades = records.compactMap { $0["trade"] as? [String: Any] }.map { trade in
            ["time", "price", "qty"].map { "\(trade[$0] ?? "-")" }.joined(separator: " ")
        }
        #expect(!trades.isEmpty, "the bots' prints were not polled")
        // A print polled again is not told again.
        #expect(zip(trades, trades.dropFirst()).allSatisfy { $0 != $1 }, "\(trades)")

        let replay = try await TickworkProcess.run(["backtest", "--replay", directory + "/session.jsonl", "--config", live])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.hasPrefix("identical: "))
    }
}
