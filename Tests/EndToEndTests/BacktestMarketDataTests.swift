import Foundation
import Recording
import StrategyKit
import Testing
import TestSupport

/// `tickwork backtest --strategy NAME --market-data NAMES`: a plugin called only with the market
/// data it reads trades as it does when called with every book.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct BacktestMarketDataTests {
    /// FOOBAR on TESTEX around $50, five levels a side, 50 ms apart, where most books change a
    /// level behind the touch and leave the touch as it was (as most books of a real session do).
    static func writeDeepChurnRecording(to path: String, books: Int, format: RecordingFormat) throws {
        var random = SplitMix64(seed: 11)
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests"), format: format)
        var mid: Int64 = 5000
        var bidSizes = [Int64](repeating: 30, count: 5), askSizes = [Int64](repeating: 30, count: 5)
        for index in 0..<books {
            if Int.random(in: 0..<8, using: &random) == 0 {
                mid += Int64.random(in: -2...2, using: &random)
                bidSizes[0] = Int64.random(in: 1...60, using: &random)
                askSizes[0] = Int64.random(in: 1...60, using: &random)
            } else {
                bidSizes[Int.random(in: 1..<5, using: &random)] = Int64.random(in: 1...60, using: &random)
                askSizes[Int.random(in: 1..<5, using: &random)] = Int64.random(in: 1...60, using: &random)
            }
            let time = 1_700_000_000_000_000_000 + Int64(index) * 50_000_000
            let bids = (0..<5).map { BookEntry(price: Price(cents: mid - 1 - Int64($0)), qty: Quantity(shares: bidSizes[$0]), isBuy: true) }
            let asks = (0..<5).map { BookEntry(price: Price(cents: mid + 1 + Int64($0)), qty: Quantity(shares: askSizes[$0]), isBuy: false) }
            try writer.append(.book(BookSnapshot.fixture(
                bidEntries: bids, askEntries: asks, exchangeTime: Timestamp(nanoseconds: time - 1_000),
                receivedTime: Timestamp(nanoseconds: time), sequence: UInt64(index + 1))))
        }
        try writer.close()
    }

    @Test(arguments: [RecordingFormat.jsonLines, .compact])
    func marketMakerOnQuotesWritesTheSameReportAsOnEveryBook(format: RecordingFormat) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let churn = scratch.path + "/churn"
        let drifting = scratch.path + "/drifting"
        try Self.writeDeepChurnRecording(to: churn, books: 4_000, format: format)
        try BacktestCLITests.writeDriftingRecording(to: drifting, books: 2_000, format: format)
        for data in [churn, drifting] {
            var reports: [Data] = []
            for (name, extra) in [("every", []), ("quotes", ["--market-data", "quotes"])] {
                let report = "\(data)-\(name)"
                let run = try await TickworkProcess.run(["backtest", "--data", data, "--report", report] + BacktestCLITests.marketMaker + extra)
                #expect(run.status == 0, "\(run.stderr)")
                reports.append(try Data(contentsOf: URL(fileURLWithPath: report + "/report.json")))
            }
            try await BacktestCLITests.expectReportWithFills(in: "\(data)-quotes")
            #expect(reports[0] == reports[1], "\(data): report.json differs between every book and quotes")
        }
    }

    /// 30 seconds of `tickwork exchange --bots 4` as `tickwork record --interval 10` polled it:
    /// 2,415 books, 2,195 of which leave the touch as it was.
    static let botsSession = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Recordings/bots4-30s-10ms.twrc").path

    /// MarketMaker on `quotes` is called for a tenth of the books and decides as on every book:
    /// the same report, byte for byte. It also asks for nothing the risk checker refuses (19
    /// self-trade denials on this session before it stopped quoting against its own orders).
    @Test func onARecordedSessionQuotesGiveTheSameReportByteForByte() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        var reports: [[String: Any]] = []
        for (name, extra) in [("every", []), ("quotes", ["--market-data", "quotes"])] {
            let run = try await TickworkProcess.run(
                ["backtest", "--data", Self.botsSession, "--strategy", "MarketMaker", "--param", "halfSpreadCents=2", "--report", scratch.file(name)]
                    + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file(name) + "/report.json")))
            reports.append(try #require(json as? [String: Any]))
        }
        for file in ["report.json", "ledger.jsonl", "equity.csv"] {
            let bytes = try ["every", "quotes"].map { try Data(contentsOf: URL(fileURLWithPath: scratch.file($0) + "/" + file)) }
            #expect(bytes[0] == bytes[1], "\(file)")
        }
        // A report lists its denials only when there were some.
        #expect(reports.allSatisfy { $0["denials"] == nil }, "\(reports.map { $0["denials"] as Any })")
    }

    @Test func marketDataThatDoesNotParseOrGoesWithAConfigurationIsAUsageError() async throws {
        let unknown = try await TickworkProcess.run(
            ["backtest", "--data", "/nonexistent", "--strategy", "MarketMaker", "--market-data", "quotes,candles"])
        #expect(unknown.status == 64 && unknown.stderr.contains("--market-data: expected a comma-separated list"), "\(unknown.stderr)")
        let withConfig = try await TickworkProcess.run(["backtest", "--data", "/nonexistent", "--config", "x.json", "--market-data", "quotes"])
        #expect(withConfig.status == 64 && withConfig.stderr.contains("--market-data goes with --strategy"), "\(withConfig.stderr)")
    }
}
