import Alpaca
import APIClient
import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import TestSupport
import Testing
import Wire

/// The official SDK (alpaca-py, from PyPI, which `.ci/run` installs) reads the simulated
/// exchange's historical quotes and trades, through its multi-symbol form and its own paging,
/// exactly as our client reads them through the one-symbol form. Without the module the test
/// fails: it is the check that our paging is Alpaca's.
@Suite(.timeLimit(.minutes(10))) struct OfficialSDKHistoryTests {
    static let script = """
        import json, sys
        from datetime import datetime, timezone
        from alpaca.data.historical import StockHistoricalDataClient
        from alpaca.data.requests import StockQuotesRequest, StockTradesRequest
        base, start, end = sys.argv[1], sys.argv[2], sys.argv[3]
        symbols = sys.argv[4].split(",")
        client = StockHistoricalDataClient("PAPER1", "any", url_override=base, raw_data=True)
        client._retry = 0
        window = dict(start=datetime.fromisoformat(start), end=datetime.fromisoformat(end))
        quotes = client.get_stock_quotes(StockQuotesRequest(symbol_or_symbols=symbols, **window))
        trades = client.get_stock_trades(StockTradesRequest(symbol_or_symbols=symbols, **window))
        units = lambda price: round(price * 10000)
        print(json.dumps({
            "quotes": {s: [[q["t"], units(q["bp"]), q["bs"], units(q["ap"]), q["as"]] for q in qs] for s, qs in quotes.items()},
            "trades": {s: [[t["t"], units(t["p"]), t["s"], t["i"], t["c"]] for t in ts] for s, ts in trades.items()},
        }))
        """

    @Test func alpacaPyPagesTheHistoryToWhatOurClientReads() async throws {
        let market = try VenueHarness(symbols: ["BAZ"], bots: BotConfiguration())
        let url = "http://\(market.server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")))
        let start = Timestamp(iso8601: "2000-01-01T00:00:00Z")!
        let end = WallClock.now().advanced(byNanoseconds: 3_600_000_000_000)
        let symbols: [Symbol] = ["BAZ", "FOOBAR"]
        // Enough history that the SDK's pages of 10000 across both symbols take more than one.
        var quotes: [Symbol: [AlpacaQuote]] = [:], trades: [Symbol: [AlpacaTrade]] = [:]
        for _ in 0..<40 {
            for _ in 0..<500 { market.server.stepBots() }
            for symbol in symbols {
                var pages = client.historicalQuotes(HistoryRange(symbol: symbol, start: start, end: end))
                quotes[symbol] = []
                while let page = try await pages.next() { quotes[symbol]! += page }
            }
            if quotes.values.reduce(0, { $0 + $1.count }) > 12_000 { break }
        }
        try #require(quotes.values.reduce(0) { $0 + $1.count } > 12_000, "the history must outgrow one page of the SDK")
        for symbol in symbols {
            var pages = client.historicalTrades(HistoryRange(symbol: symbol, start: start, end: end, limit: 1_000))
            trades[symbol] = []
            while let page = try await pages.next() { trades[symbol]! += page }
        }

        let result = try await SpawnedProcess.run(
            executable: "/usr/bin/env",
            arguments: ["python3", "-c", Self.script, url, "2000-01-01T00:00:00+00:00", end.iso8601.replacingOccurrences(of: "Z", with: "+00:00"), "BAZ,FOOBAR"],
            timeout: 300)
        try #require(result.status == 0, "alpaca-py (python3 -m pip install alpaca-py) failed: \(result.stderr)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: [[Any]]]])
        for symbol in symbols {
            let sdkQuotes = try #require(read["quotes"]?[symbol.rawValue])
            let ours = try #require(quotes[symbol])
            #expect(sdkQuotes.count == ours.count, "\(symbol) quotes")
            for (sdk, quote) in zip(sdkQuotes, ours) {
                let row = [Timestamp(iso8601: sdk[0] as? String ?? "")?.nanoseconds, sdk[1] as? Int64, sdk[2] as? Int64, sdk[3] as? Int64, sdk[4] as? Int64]
                let mine = [quote.time.nanoseconds, quote.bidPrice.units, quote.bidSize.shares, quote.askPrice.units, quote.askSize.shares]
                if row != mine { Issue.record("\(symbol) quote: alpaca-py \(sdk), ours \(mine)"); break }
            }
            let sdkTrades = try #require(read["trades"]?[symbol.rawValue])
            let ourTrades = try #require(trades[symbol])
            #expect(sdkTrades.count == ourTrades.count && !ourTrades.isEmpty, "\(symbol) trades")
            for (sdk, trade) in zip(sdkTrades, ourTrades) {
                let row = [Timestamp(iso8601: sdk[0] as? String ?? "")?.nanoseconds, sdk[1] as? Int64, sdk[2] as? Int64, sdk[3] as? Int64]
                let mine = [trade.time.nanoseconds, trade.price.units, trade.size.shares, trade.id]
                if row != mine || sdk[4] as? [String] != trade.conditions { Issue.record("\(symbol) trade: alpaca-py \(sdk), ours \(mine)"); break }
            }
        }
    }
}
