@testable import Alpaca
import APIClient
import Lifecycle
import MarketTestSupport
import Quoting
import StrategyKit
import Testing
import Wire

/// `tickwork watch --source alpaca`'s mapping: Alpaca's snapshots made day quotes (fixed JSON,
/// decoded by the client's own command), and `symbols refresh --source alpaca`'s assets made
/// directory entries, from fixed JSON and from the simulated exchange's own Alpaca API.
@Suite(.timeLimit(.minutes(10))) struct AlpacaQuoteSourceTests {
    /// The snapshots of `json`, decoded as `GET /v2/stocks/snapshots` decodes them.
    private func snapshots(_ json: String) throws -> [Symbol: AlpacaSnapshot] {
        try Array(json.utf8).withUnsafeBytes { body in try GetSnapshots(symbols: []).decode(body) }
    }

    private func quote(_ outcome: QuoteOutcome?) -> DayQuote? {
        if case .quote(let quote) = outcome { return quote }
        return nil
    }

    @Test func aSnapshotIsItsLatestTradeTheDailyBarsOpenHighLowAndThePreviousBarsClose() throws {
        let snapshots = try snapshots("""
            {"AAPL": {
              "latestTrade": {"t": "2026-11-30T15:04:05.123456789Z", "x": "V", "p": 187.4312, "s": 100, "c": ["@"], "i": 1, "z": "C"},
              "latestQuote": {"t": "2026-11-30T15:04:05Z", "ax": "V", "ap": 187.44, "as": 1, "bx": "V", "bp": 187.42, "bs": 2, "c": ["R"], "z": "C"},
              "minuteBar": {"t": "2026-11-30T15:04:00Z", "o": 187.4, "h": 187.5, "l": 187.3, "c": 187.43, "v": 900, "n": 9, "vw": 187.41234},
              "dailyBar": {"t": "2026-11-30T05:00:00Z", "o": 185.5, "h": 188.0001, "l": 184.99, "c": 187.43, "v": 5000000, "n": 9000, "vw": 186.9},
              "prevDailyBar": {"t": "2026-11-27T05:00:00Z", "o": 184, "h": 186.5, "l": 183.25, "c": 186.25, "v": 4000000, "n": 8000, "vw": 185.1}
            }}
            """)
        let outcomes = AlpacaQuoteSource.outcomes([Symbol("AAPL")], snapshots)
        let aapl = try #require(quote(outcomes[Symbol("AAPL")]), "\(outcomes)")
        // Sub-penny prices are kept whole, in $0.0001.
        #expect(aapl.price == Price(units: 1_874_312))
        #expect(aapl.open == Price(units: 1_855_000) && aapl.high == Price(units: 1_880_001) && aapl.low == Price(units: 1_849_900))
        #expect(aapl.previousClose == Price(units: 1_862_500))
        #expect(aapl.change == Money(units: 11_812))
        // 1.1812 / 186.25 = 0.634 %.
        #expect(aapl.changeBasisPoints == 63)
        #expect(aapl.time == Timestamp(nanoseconds: 1_796_051_045_123_456_789))
        #expect(aapl.symbol == Symbol("AAPL"))
    }

    @Test func withoutADailyBarTheDayIsTheLastPriceAndWithoutAPreviousBarThereIsNoChangePercentage() throws {
        let snapshots = try snapshots("""
            {"MSFT": {"latestTrade": {"t": "2026-11-30T15:04:05Z", "p": 410.005, "s": 1}, "dailyBar": null,
                      "prevDailyBar": {"t": "2026-11-27T05:00:00Z", "o": 400, "h": 401, "l": 399, "c": 400, "v": 10}},
             "NEWCO": {"latestTrade": {"t": "2026-11-30T15:04:05Z", "p": 0.0042, "s": 1},
                       "dailyBar": {"t": "2026-11-30T05:00:00Z", "o": 0.004, "h": 0.0045, "l": 0.0039, "c": 0.0042, "v": 10}}}
            """)
        let outcomes = AlpacaQuoteSource.outcomes([Symbol("MSFT"), Symbol("NEWCO")], snapshots)
        let msft = try #require(quote(outcomes[Symbol("MSFT")]), "\(outcomes)")
        #expect(msft.open == msft.price && msft.high == msft.price && msft.low == msft.price && msft.price == Price(units: 4_100_050))
        #expect(msft.previousClose == Price(units: 4_000_000) && msft.changeBasisPoints == 250)
        let newco = try #require(quote(outcomes[Symbol("NEWCO")]), "\(outcomes)")
        #expect(newco.price == Price(units: 42) && newco.high == Price(units: 45) && newco.low == Price(units: 39))
        #expect(newco.previousClose == Price(units: 0) && newco.changeBasisPoints == nil)
    }

    @Test func aSymbolMissingFromTheResponseOrWithoutATradeIsUnknownNotAFailure() throws {
        let snapshots = try snapshots("""
            {"AAPL": {"latestTrade": {"t": "2026-11-30T15:04:05Z", "p": 187, "s": 1}},
             "HALTED": {"latestTrade": null, "prevDailyBar": {"t": "2026-11-27T05:00:00Z", "o": 5, "h": 5, "l": 5, "c": 5, "v": 1}}}
            """)
        let symbols = [Symbol("AAPL"), Symbol("ZZZZQ"), Symbol("HALTED")]
        let outcomes = AlpacaQuoteSource.outcomes(symbols, snapshots)
        #expect(outcomes.count == 3)
        #expect(quote(outcomes[Symbol("AAPL")])?.price == Price(cents: 18_700))
        #expect(outcomes[Symbol("ZZZZQ")] == .unknown && outcomes[Symbol("HALTED")] == .unknown)
    }

    @Test func assetsBecomeEntriesOfUSEquitiesTypedETFByTheirName() throws {
        let assets = try Array("""
            [{"id": "1", "class": "us_equity", "exchange": "NASDAQ", "symbol": "AAPL", "name": "Apple Inc. Common Stock", "status": "active"},
             {"id": "2", "class": "us_equity", "exchange": "ARCA", "symbol": "SPY", "name": "SPDR S&P 500 ETF Trust", "status": "active"},
             {"id": "3", "class": "crypto", "exchange": "CRYPTO", "symbol": "BTC/USD", "name": "Bitcoin", "status": "active"},
             {"id": "4", "class": "us_equity", "exchange": "NYSE", "symbol": "NONAME", "name": null, "status": "active"}]
            """.utf8).withUnsafeBytes { body in try ListAssets().decode(body) }
        #expect(AlpacaQuoteSource.entries(assets) == [
            DirectoryEntry(symbol: "AAPL", name: "Apple Inc. Common Stock", exchange: "NASDAQ", type: "Common Stock"),
            DirectoryEntry(symbol: "SPY", name: "SPDR S&P 500 ETF Trust", exchange: "ARCA", type: "ETF"),
            DirectoryEntry(symbol: "NONAME", name: "", exchange: "NYSE", type: "Common Stock"),
        ])
    }

    /// The source through the Alpaca client against the simulated exchange over loopback: its
    /// stocks as the directory's entries, a trade as the day quote, a symbol it lacks unknown.
    @Test func theSimulatedExchangesAssetsAndSnapshotsReachTheSourceOverLoopback() async throws {
        let harness = try VenueHarness(symbols: ["WIDGET"])
        let url = "http://\(harness.server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")),
            policy: RetryPolicy(attemptTimeout: .seconds(5), maxAttempts: 2, totalBudget: .seconds(60)))
        let source = AlpacaQuoteSource(client: client)

        let entries = try await offThePool { try source.symbols() }
        #expect(Set(entries.map(\.symbol)) == ["FOOBAR", "WIDGET"], "\(entries)")
        #expect(entries.allSatisfy { $0.exchange == "NASDAQ" && $0.type == "Common Stock" && !$0.name.isEmpty }, "\(entries)")

        #expect(try harness.place("sell", 100, at: 5_025, account: "MM", stock: "WIDGET").ok == true)
        #expect(try harness.place("buy", 10, at: 5_025, account: "TAKER", stock: "WIDGET").ok == true)
        let outcomes = try await offThePool { source.quotes([Symbol("WIDGET"), Symbol("ZZZZQ")], now: .now) }
        let widget = try #require(quote(outcomes[Symbol("WIDGET")]), "\(outcomes)")
        #expect(widget.price == Price(cents: 5_025) && widget.high == Price(cents: 5_025) && widget.low == Price(cents: 5_025))
        #expect(outcomes[Symbol("ZZZZQ")] == .unknown, "\(outcomes)")
    }

    /// `body` on a thread of its own: the source blocks its caller (`runBlocking`), which must
    /// not be a thread of the concurrency pool the test runs on.
    private func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            OSThread.detach(name: "alpaca-source") { continuation.resume(with: Result { try body() }) }
        }
    }
}
