import Foundation
import Recording
import StrategyKit
import Testing
import TestSupport

/// `tickwork record` keeps the venue's trades with its books, from StockFighter's quote and from
/// Alpaca's latest quotes and trades, both served by the simulated exchange.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct RecordTradesTests {
    /// The books and trades recorded in `path` so far (none while it cannot be read yet).
    static func recorded(_ path: String) -> (books: [BookSnapshot], trades: [RecordedTrade]) {
        let events = (try? RecordingFormat.open(path: path).readAll()) ?? []
        return (
            events.compactMap { if case .book(let book) = $0 { book } else { nil } },
            events.compactMap { if case .trade(let trade) = $0 { trade } else { nil } })
    }

    @Test func eachNewLastTradeOfTheStockFighterQuoteIsRecordedOnce() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let data = scratch.file("live.jsonl")
        try exchange.place(account: "MM", side: "sell", price: 5000, qty: 100)
        let recorder = try SpawnedProcess(["record", "FOOBAR", "--base-url", exchange.baseURL, "--out", data, "--interval", "20ms"])
        #expect(await recorder.wait(upTo: 20) { Self.recorded(data).books.count >= 3 }, "\(recorder.stderr)")
        try exchange.place(account: "TAKER", side: "buy", price: 5000, qty: 10)
        #expect(await recorder.wait(upTo: 20) { Self.recorded(data).trades.count == 1 })
        try exchange.place(account: "TAKER", side: "buy", price: 5000, qty: 7)
        #expect(await recorder.wait(upTo: 20) { Self.recorded(data).trades.count == 2 })
        // More polls of the same last trade add no record.
        let books = Self.recorded(data).books.count
        #expect(await recorder.wait(upTo: 20) { Self.recorded(data).books.count >= books + 5 })
        recorder.send(SIGINT)
        #expect(await recorder.exitStatus(within: 10) == 0)
        #expect(recorder.stdout.hasPrefix("recorded ") && recorder.stdout.contains(" books and 2 trades of FOOBAR on TESTEX"), "\(recorder.stdout)")
        let (recordedBooks, trades) = Self.recorded(data)
        // Books are numbered as received, from 1.
        #expect(recordedBooks.map(\.sequence) == Array(1...UInt64(recordedBooks.count)))
        #expect(trades.map { [$0.trade.price.cents(rounded: .towardZero), $0.trade.qty.shares] } == [[5000, 10], [5000, 7]])
        #expect(trades.allSatisfy { $0.receivedTime >= $0.trade.time && $0.trade.symbol == "FOOBAR" })
    }

    @Test func apiAlpacaRecordsTheLatestQuotesAsOneLevelBooksAndTheLatestTrades() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let data = scratch.file("alpaca.twrc")
        try exchange.place(account: "MM", side: "sell", price: 5000, qty: 100)
        try exchange.place(account: "MM", side: "buy", price: 4990, qty: 100)
        let recorder = try SpawnedProcess(
            ["record", "--api", "alpaca", "FOOBAR", "--base-url", "http://" + exchange.listenAddress, "--out", data, "--interval", "10ms"],
            environment: ["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"])
        #expect(await recorder.wait(upTo: 20) { !Self.recorded(data).books.isEmpty }, "\(recorder.stderr)")
        try exchange.place(account: "TAKER", side: "buy", price: 5000, qty: 10)
        #expect(await recorder.wait(upTo: 20) { Self.recorded(data).trades.count == 1 }, "\(recorder.stderr)")
        recorder.send(SIGINT)
        #expect(await recorder.exitStatus(within: 10) == 0)
        #expect(recorder.stdout.contains(" trades of FOOBAR on "), "\(recorder.stdout) \(recorder.stderr)")
        let (books, trades) = Self.recorded(data)
        #expect(trades.map { [$0.trade.price.cents(rounded: .towardZero), $0.trade.qty.shares] } == [[5000, 10]])
        #expect(!books.isEmpty && books.allSatisfy { $0.bids.count == 1 && $0.asks.count == 1 })
        #expect(books.first.map { [$0.bids[0].price.cents(rounded: .towardZero), $0.asks[0].price.cents(rounded: .towardZero)] } == [4990, 5000])
        // A quote that did not change is recorded once: Alpaca allows 200 requests a minute, and
        // the recorder polls at most every 600 ms, not every 10 ms.
        #expect(zip(books, books.dropFirst()).allSatisfy { $0.exchangeTime < $1.exchangeTime })
    }
}
