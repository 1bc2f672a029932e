import Foundation
import Recording
import StrategyKit
import Testing
import TestSupport

/// `tickwork backtest` as a user runs it: over a recording, with reports, sweeps and errors.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct BacktestCLITests {
    /// A books recording of FOOBAR on TESTEX drifting around $50, five levels a side, 50 ms apart.
    static func writeDriftingRecording(
        to path: String, books: Int, format: RecordingFormat, seed: UInt64 = 7, start: Int64 = 1_700_000_000_000_000_000,
        midCents: Int64 = 5000
    ) throws {
        var state = seed
        func random(_ range: ClosedRange<Int64>) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int64((state >> 33) % UInt64(range.upperBound - range.lowerBound + 1))
        }
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests"), format: format)
        var mid = midCents
        for index in 0..<books {
            mid += random(-2...2)
            let time = start + Int64(index) * 50_000_000
            let bids = (1...5).map { BookEntry(price: Price(cents: mid - $0), qty: Quantity(shares: random(1...60)), isBuy: true) }
            let asks = (1...5).map { BookEntry(price: Price(cents: mid + $0), qty: Quantity(shares: random(1...60)), isBuy: false) }
            try writer.append(.book(BookSnapshot.fixture(
                bidEntries: bids, askEntries: asks, exchangeTime: Timestamp(nanoseconds: time - 1_000),
                receivedTime: Timestamp(nanoseconds: time), sequence: UInt64(index + 1))))
        }
        try writer.close()
    }

    /// Expects `--report`'s four files in `report`, some fills in report.json, and a ledger
    /// that `tickwork ledger verify` passes with one entry per fill.
    static func expectReportWithFills(in report: String) async throws {
        for file in ["report.json", "ledger.jsonl", "equity.csv", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: report + "/" + file), "\(file)")
        }
        let metrics = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/report.json")))
        let account = try #require((metrics as? [String: Any])?["account"] as? [String: Any])
        let fills = try #require(account["fills"] as? Int)
        #expect(fills > 0)
        let verify = try await TickworkProcess.run(["ledger", "verify", report + "/ledger.jsonl"])
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("ok, \(fills) entries"))
    }

    static let marketMaker = ["--strategy", "MarketMaker", "--param", "halfSpreadCents=2", "--param", "quoteSize=20", "--latency", "2ms"]

    @Test func backtestWritesAReportWhoseLedgerVerifiesAndRepeatsByteForByte() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let data = directory + "/books.jsonl"
        try Self.writeDriftingRecording(to: data, books: 2_000, format: .jsonLines)
        let first = try await TickworkProcess.run(["backtest", "--data", data, "--report", directory + "/a"] + Self.marketMaker)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("MarketMaker over \(data)\ntotal: P&L "))
        try await Self.expectReportWithFills(in: directory + "/a")

        let second = try await TickworkProcess.run(["backtest", "--data", data, "--report", directory + "/b"] + Self.marketMaker)
        #expect(second.status == 0)
        let ledgers = try ["a", "b"].map { try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\($0)/ledger.jsonl")) }
        #expect(ledgers[0] == ledgers[1])
    }

    /// The first try as a new user: the embedded limits deny every quote on a $50,000
    /// stock, and the output says so and names the limit.
    @Test func everyQuoteDeniedIsSaidWithTheCountTheFirstDenialAndTheLimitToRaise() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let data = scratch.path + "/books.jsonl"
        try Self.writeDriftingRecording(to: data, books: 200, format: .jsonLines, midCents: 5_000_000)
        let run = try await TickworkProcess.run(["backtest", "--data", data, "--strategy", "MarketMaker", "--report", scratch.path + "/r"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let counts = try #require(lines.first { $0.hasPrefix("200 books, 0 orders, ") })
        #expect(counts.contains(" rejected, ") && counts.contains(" denied in "))
        #expect(lines.contains { $0.hasPrefix("  RISK_MAX_NOTIONAL ") && $0.contains("exceeds maxNotionalPerOrder") })
        #expect(lines.last == "report: \(scratch.path)/r")
        #expect(lines.contains { $0.hasPrefix("every order was denied by the risk limits: raise risk.maxNotionalPerOrder") })
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path + "/r/report.json")))
        let denials = try #require((json as? [String: Any])?["denials"] as? [String: Any])
        #expect(denials["settingToRaise"] as? String == "risk.maxNotionalPerOrder")
        let html = try String(contentsOfFile: scratch.path + "/r/report.html", encoding: .utf8)
        #expect(html.contains("Every order was denied by the risk limits"))
    }

    @Test func jsonPrintsTheSameMetricsForEitherFormOfTheRecording() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try Self.writeDriftingRecording(to: directory + "/books.jsonl", books: 1_000, format: .jsonLines)
        try Self.writeDriftingRecording(to: directory + "/books.twrb", books: 1_000, format: .binary)
        var outputs: [TickworkProcess.Result] = []
        for suffix in ["jsonl", "twrb"] {
            outputs.append(try await TickworkProcess.run(["backtest", "--data", "\(directory)/books.\(suffix)", "--json"] + Self.marketMaker))
        }
        #expect(outputs.allSatisfy { $0.status == 0 })
        let accounts = try outputs.map { output in
            let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            return try #require(object?["account"] as? [String: Any]) as NSDictionary
        }
        #expect(accounts[0] == accounts[1])
        #expect((accounts[0]["fills"] as? Int ?? 0) > 0)
    }

    @Test func aListOfValuesSweepsTheGridSortedByProfit() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let data = directory + "/books.twrb"
        try Self.writeDriftingRecording(to: data, books: 1_000, format: .binary)
        let result = try await TickworkProcess.run([
            "backtest", "--data", data, "--strategy", "MarketMaker", "--param", "halfSpreadCents=1,2,4", "--param", "quoteSize=10,50",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The table, then after a blank line the heat map of a two-parameter grid.
        let lines = result.stdout.split(separator: "\n\n")[0].split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["halfSpreadCents", "quoteSize", "P&L"])
        let profits = lines.dropFirst().map { Double($0.split(separator: " ", omittingEmptySubsequences: true)[2].filter { $0 != "!" }) ?? .nan }
        #expect(profits.allSatisfy { !$0.isNaN })
        #expect(profits == profits.sorted(by: >))
        let cells = Set(lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: ",") })
        #expect(cells == ["1,10", "1,50", "2,10", "2,50", "4,10", "4,50"])
    }

    @Test(arguments: [
        [String](),
        ["--strategy", "MarketMaker", "--config", "config/tickwork.json"],
        ["--strategy", "MarketMaker", "--param", "halfSpreadCents=many"],
        ["--strategy", "MarketMaker", "--param", "noSuchParameter=1"],
        ["--strategy", "MarketMaker", "--param", "halfSpreadCents"],
        ["--strategy", "MarketMaker", "--param", "halfSpreadCents=1,2", "--report", "/nonexistent/report"],
    ])
    func badCommandLinesExit64(extra: [String]) async throws {
        let result = try await TickworkProcess.run(["backtest", "--data", "/nonexistent/books.jsonl"] + extra)
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: tickwork backtest"))
    }

    @Test func aTruncatedRecordingIsBacktestedWithOneWarningAndABrokenOneStopsNamingTheRecord() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let data = directory + "/books.jsonl"
        try Self.writeDriftingRecording(to: data, books: 400, format: .jsonLines)
        let whole = try Data(contentsOf: URL(fileURLWithPath: data))
        try whole.dropLast(20).write(to: URL(fileURLWithPath: data))
        let truncated = try await TickworkProcess.run(["backtest", "--data", data] + Self.marketMaker)
        #expect(truncated.status == 0, "\(truncated.stderr)")
        #expect(truncated.stderr == "tickwork: warning: \(data): record 400 is incomplete (\(whole.split(separator: 10).last!.count - 19) bytes, no end); ignored\n")
        #expect(truncated.stdout.contains("399 books"))
        let converted = try await TickworkProcess.run(["record", "convert", data, directory + "/books.twrb"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stderr == truncated.stderr)
        try (whole.prefix(whole.count / 2) + Data("{broken\n".utf8)).write(to: URL(fileURLWithPath: data))
        let broken = try await TickworkProcess.run(["backtest", "--data", data] + Self.marketMaker)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("tickwork: \(data): record "))
        #expect(broken.stderr.split(separator: "\n").count == 1)
    }

    /// Day files of FOOBAR (`DIR/FOOBAR/2026-11-02.twrc` on), each with its session (14:30 to 21:00
    /// UTC) in its header: a book before the open, two in the session with a trade, one after.
    static func writeDays(_ days: Int, to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for day in 0..<Int64(days) {
            let midnight: Int64 = (1_793_577_600 + day * 86_400) * 1_000_000_000
            func at(_ minutes: Int64) -> Timestamp { Timestamp(nanoseconds: midnight + minutes * 60_000_000_000) }
            let session = RecordingSession(date: "2026-11-0\(2 + day)", open: at(870), close: at(1_260))
            let writer = try RecordingWriter(
                path: "\(directory)/\(session.date).twrc",
                header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests", session: session), format: .compact)
            for (index, minutes) in [Int64(780), 900, 1_200, 1_290].enumerated() {
                try writer.append(.book(BookSnapshot.fixture(
                    bids: [(5000, 100)], asks: [(5004, 100)], exchangeTime: at(minutes), receivedTime: at(minutes), sequence: UInt64(index + 1))))
            }
            try writer.append(.trade(RecordedTrade(Trade(symbol: "FOOBAR", price: Price(cents: 5002), qty: 10, time: at(901)))))
            try writer.close()
        }
    }

    @Test func aDirectoryOfDayFilesReplaysTheDaysFromToWithTheirSessionsAndTrades() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path + "/FOOBAR/"
        try Self.writeDays(3, to: directory)
        let run = try await TickworkProcess.run(
            ["backtest", "--data", directory, "--from", "2026-11-03", "--to", "2026-11-04", "--market-data", "books,trades"] + Self.marketMaker)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("MarketMaker over \(directory) (2026-11-03...2026-11-04)\n"))
        let counts = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("8 books, 2 trades, ") })
        // The quotes sent before the open and after the close are refused; those of the session
        // rest, and expire at its close.
        #expect(counts.contains(" rejected, ") && counts.contains(" expired"), "\(run.stdout)")
        #expect(!counts.contains(" 0 rejected"))

        let all = try await TickworkProcess.run(["backtest", "--data", directory, "--market-data", "books,trades"] + Self.marketMaker)
        #expect(all.stdout.contains("\n12 books, 3 trades, "), "\(all.stdout)")
    }

    @Test func fromAndToNeedDayFilesAndDates() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let plain = scratch.path + "/books.jsonl"
        try Self.writeDriftingRecording(to: plain, books: 10, format: .jsonLines)
        let undated = try await TickworkProcess.run(["backtest", "--data", plain, "--from", "2026-11-03"] + Self.marketMaker)
        #expect(undated.status == 64)
        #expect(undated.stderr.contains("--from/--to need day files: \(plain)"), "\(undated.stderr)")
        let badDate = try await TickworkProcess.run(["backtest", "--data", plain, "--to", "2026-13-01"] + Self.marketMaker)
        #expect(badDate.status == 64)
        #expect(badDate.stderr.contains("2026-13-01 is not a date"), "\(badDate.stderr)")
        try Self.writeDays(1, to: scratch.path + "/FOOBAR")
        let none = try await TickworkProcess.run(["backtest", "--data", scratch.path + "/FOOBAR", "--from", "2026-12-01"] + Self.marketMaker)
        #expect(none.status == 1)
        #expect(none.stderr.contains("no day files"), "\(none.stderr)")
    }

    @Test func aMissingRecordingExits1NamingTheFile() async throws {
        let result = try await TickworkProcess.run(["backtest", "--data", "/nonexistent/books.jsonl", "--strategy", "MarketMaker"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tickwork: /nonexistent/books.jsonl: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
