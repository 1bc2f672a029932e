import Foundation
import History
import Ledger
import Testing
import TestSupport

/// `tickwork backtest --history FILE`: a backtest queryable as the live history is.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct BacktestHistoryTests {
    @Test func aBacktestWritesItsFillsToAHistoryDatabase() async throws {
        let scratch = try TemporaryDirectory()
        let data = scratch.file("books.jsonl")
        try BacktestCLITests.writeDriftingRecording(to: data, books: 2_000, format: .jsonLines)
        let history = scratch.file("run.sqlite")
        let alone = try await TickworkProcess.run(["backtest", "--data", data, "--history", history] + BacktestCLITests.marketMaker)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: history + ".ledger.jsonl"), "the ledger made for the history is removed")
        let fills = try HistoryDatabase.readOnly(path: history).fills()
        #expect(!fills.isEmpty)

        // With --report, the same fills as the report's ledger, line for line.
        let again = scratch.file("again.sqlite")
        let reported = try await TickworkProcess.run(
            ["backtest", "--data", data, "--report", scratch.file("report"), "--history", again] + BacktestCLITests.marketMaker)
        #expect(reported.status == 0, "\(reported.stderr)")
        let ledger = try LedgerReader.entries(in: scratch.file("report/ledger.jsonl"))
        let rows = try HistoryDatabase.readOnly(path: again).fills()
        #expect(rows.map(\.fill) == ledger.map(\.fill))
        #expect(rows.map(\.checksum) == ledger.map(\.checksum.description))
        #expect(rows.map(\.fill) == fills.map(\.fill))
        let pnl = try await TickworkProcess.run(["history", "pnl", "--db", again, "--by", "symbol", "--json"])
        #expect(pnl.status == 0)
        #expect(pnl.stdout.contains("\"symbol\": \"FOOBAR\""))
    }

    @Test func historyGoesWithASingleRun() async throws {
        let result = try await TickworkProcess.run(
            ["backtest", "--data", "/nonexistent", "--strategy", "MarketMaker", "--param", "halfSpreadCents=1,2", "--history", "/tmp/x.sqlite"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--history goes with a single run, not a sweep"))
    }
}
