import Foundation
import Recording
import Testing
import TestSupport

/// `tickwork record` and `tickwork record convert` as a user runs them.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct RecordCLITests {
    @Test func aRecordingOfABotMarketBacktestsWithFillsAndAVerifiedLedger() async throws {
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let data = directory + "/live.jsonl"
        let record = try await TickworkProcess.run([
            "record", "FOOBAR", "--base-url", exchange.baseURL, "--out", data, "--interval", "10ms", "--duration", "5s",
        ])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.hasPrefix("recorded "))
        let reader = try RecordingFormat.open(path: data)
        #expect(reader.header.kind == .books)
        #expect(reader.header.symbols == ["FOOBAR"])
        let books = try reader.readAll()
        // 5 s at 10 ms is ~500 books; a starved recorder may take far fewer.
        #expect(books.count > 20)

        let backtest = try await TickworkProcess.run([
            "backtest", "--data", data, "--strategy", "MarketMaker", "--param", "halfSpreadCents=1", "--param", "quoteSize=10",
            "--report", directory + "/report",
        ])
        #expect(backtest.status == 0, "\(backtest.stderr)")
        try await BacktestCLITests.expectReportWithFills(in: directory + "/report")
    }

    /// `--stream`: what the tickertape delivered, recorded as a poll's books and trades, with
    /// the venue's and the receive times, and backtested like them.
    @Test func aStreamedRecordingOfABotMarketBacktestsWithFills() async throws {
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let data = directory + "/streamed.jsonl"
        let record = try await TickworkProcess.run(["record", "FOOBAR", "--base-url", exchange.baseURL, "--out", data, "--stream", "--duration", "5s"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.hasPrefix("recorded "))
        let events = try RecordingFormat.open(path: data).readAll()
        #expect(events.count > 20)
        let books = events.compactMap { if case .book(let book) = $0 { book } else { nil } }
        // Each book carries the time it was received, after the exchange's time for it.
        #expect(books.allSatisfy { $0.receivedTime >= $0.exchangeTime && $0.receivedTime > .zero && $0.symbol == "FOOBAR" })
        #expect(zip(books, books.dropFirst()).allSatisfy { $0.exchangeTime < $1.exchangeTime && $0.sequence + 1 == $1.sequence })
        let backtest = try await TickworkProcess.run([
            "backtest", "--data", data, "--strategy", "MarketMaker", "--param", "halfSpreadCents=1", "--param", "quoteSize=10",
            "--report", directory + "/report",
        ])
        #expect(backtest.status == 0, "\(backtest.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/report/report.json")))
        let account = try #require((report as? [String: Any])?["account"] as? [String: Any])
        #expect(try #require(account["fills"] as? Int) > 0)
    }

    @Test func sigintStopsTheRecorderWithAReadableFile() async throws {
        let exchange = try await ExchangeFixture(bots: 1)
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let data = directory + "/live.twrb"
        let recorder = try SpawnedProcess(["record", "FOOBAR", "--base-url", exchange.baseURL, "--out", data, "--interval", "20ms"])
        let started = await recorder.wait(upTo: 20) { ((try? RecordingFormat.open(path: data).readAll().count) ?? 0) >= 3 }
        recorder.send(SIGINT)
        #expect(started)
        #expect(await recorder.exitStatus(within: 10) == 0)
        #expect(recorder.stdout.hasPrefix("recorded "))
        #expect(try RecordingFormat.open(path: data).readAll().count >= 3)
    }

    /// To binary or compact and back: the same bytes, a smaller file, the same backtest.
    @Test(arguments: [("b.twrb", RecordingFormat.binary), ("b.twrc", .compact)])
    func convertingAndBackGivesTheSameBytesAndBacktestsTheSame(name: String, format: RecordingFormat) async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try BacktestCLITests.writeDriftingRecording(to: directory + "/a.jsonl", books: 500, format: .jsonLines)
        let there = try await TickworkProcess.run(["record", "convert", directory + "/a.jsonl", directory + "/" + name])
        let back = try await TickworkProcess.run(["record", "convert", directory + "/" + name, directory + "/c.jsonl"])
        #expect(there.status == 0, "\(there.stderr)")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try RecordingFormat.detect(path: directory + "/" + name) == format)
        let bytes = try ["a.jsonl", "c.jsonl", name].map { try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)) }
        #expect(bytes[0] == bytes[1])
        #expect(bytes[2].count * (format == .compact ? 4 : 1) < bytes[0].count)
        var reports: [TickworkProcess.Result] = []
        for file in ["a.jsonl", name] {
            reports.append(try await TickworkProcess.run([
                "backtest", "--data", directory + "/" + file, "--strategy", "MarketMaker", "--param", "halfSpreadCents=1", "--json",
            ]))
        }
        #expect(reports[0].status == 0 && reports[1].status == 0, "\(reports[1].stderr)")
        // The same report but for its title, which names the file.
        let withoutTitles = reports.map { $0.stdout.split(separator: "\n").filter { !$0.contains(#""title""#) } }
        #expect(withoutTitles[0] == withoutTitles[1])
        #expect(withoutTitles[0].count > 10)
    }

    /// Like every other exchange command, `record` acts for the venue `--venue` names.
    @Test func recordAsksTheVenueGivenByVenue() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let result = try await TickworkProcess.run([
            "record", "FOOBAR", "--base-url", exchange.baseURL, "--venue", "NOPEX", "--account", "EXB1",
            "--out", directory + "/books.jsonl", "--duration", "1s",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tickwork: exchange \(exchange.baseURL): venue NOPEX is not answering"), "\(result.stderr)")
    }

    @Test(arguments: [["record", "--out", "x.jsonl"], ["record", "FOOBAR"], ["record", "convert", "a.jsonl", "b.csv"], ["record", "convert", "a.jsonl"]])
    func badCommandLinesExit64(arguments: [String]) async throws {
        let result = try await TickworkProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: tickwork record"))
    }
}

extension RecordCLITests {
    /// The same strategy on the same market, live against the exchange and backtested on a
    /// recording of that market, fills the same: another account rests asks, a recorder saves the
    /// books, FirstSteps buys live, and the backtest of the recording must buy what the
    /// exchange's record of the live account shows, at the same prices.
    @Test func aBacktestOfARecordingFillsAsTheExchangeDidLive() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        for _ in 0..<6 {
            try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 25)
        }
        let data = directory + "/market.jsonl"
        let recorder = try SpawnedProcess(["record", "FOOBAR", "--base-url", exchange.baseURL, "--out", data, "--interval", "20ms"])
        #expect(await recorder.wait(upTo: 20) { ((try? RecordingFormat.open(path: data).readAll().count) ?? 0) >= 3 })

        let config = directory + "/live.json"
        try """
            {"version": 1, "exchange": {"baseURL": "\(exchange.baseURL)"}, "pollIntervalMs": 50,
             "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {"quantity": 100}}],
             "ledger": {"path": "\(directory)/live-ledger.jsonl"}, "riskStatePath": "\(directory)/risk.json"}
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let live = try SpawnedProcess(["run", "--config", config], environment: ["TICKWORK_API_KEY": "test-key"])
        #expect(await live.wait(upTo: 30) { (try? exchange.fills(of: "EXB123456").reduce(0) { $0 + $1[3] }) == 100 }, "\(live.stderr)")
        live.send(SIGTERM)
        #expect(await live.exitStatus(within: 10) == 0)
        recorder.send(SIGINT)
        #expect(await recorder.exitStatus(within: 10) == 0)

        let backtest = try await TickworkProcess.run(["backtest", "--data", data, "--strategy", "FirstSteps", "--report", directory + "/report"])
        #expect(backtest.status == 0, "\(backtest.stderr)")
        let ledger = try String(contentsOfFile: directory + "/report/ledger.jsonl", encoding: .utf8)
        let simulated = try ledger.split(separator: "\n").map { line -> [Int] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return [(object["price"] as? Int).map { $0 / 100 } ?? -1, object["qty"] as? Int ?? -1]
        }
        let real = try exchange.fills(of: "EXB123456").map { [$0[2], $0[3]] }
        #expect(simulated.reduce(0) { $0 + $1[1] } == 100)
        #expect(Set(simulated.map { $0[0] }) == Set(real.map { $0[0] }), "simulated \(simulated), live \(real)")
        #expect(simulated.reduce(0) { $0 + $1[0] * $1[1] } == real.reduce(0) { $0 + $1[0] * $1[1] })
    }
}
