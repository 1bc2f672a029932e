import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// Latest quotes and trades, snapshots and bars over loopback, built from the simulated trades.
@Suite(.timeLimit(.minutes(10))) struct AlpacaMarketDataTests {
    @Test func latestQuotesAreTheBooksTopsAsJSONNumbers() throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        try market.rest("buy", 7, at: 1199)
        try market.rest("sell", 3, at: 1235)
        let reply = try market.get("/v2/stocks/quotes/latest?symbols=FOOBAR,BAZ,ZZZZ")
        let quote = try #require(reply["quotes"]?["FOOBAR"])
        #expect(quote["bp"] == .number("11.99") && quote["bs"] == .number("7"))
        #expect(quote["ap"] == .number("12.35") && quote["as"] == .number("3"))
        #expect(reply["quotes"]?["BAZ"]?["bp"] == .number("0.00"), "an empty book quotes 0")
        #expect(reply["quotes"]?["ZZZZ"] == nil)
        let single = try market.get("/v2/stocks/FOOBAR/quotes/latest")
        #expect(single["symbol"]?.string == "FOOBAR" && single["quote"]?["ap"] == .number("12.35"))
        #expect(try market.get("/v2/stocks/ZZZZ/quotes/latest").status == 404)
        let noSymbols = try market.get("/v2/stocks/quotes/latest")
        #expect(noSymbols.status == 400 && noSymbols["message"]?.string == "symbols is required")
    }

    @Test func latestTradesFollowEveryTradeWhoeverMadeIt() throws {
        let market = try AlpacaHarness()
        #expect(try market.get("/v2/stocks/trades/latest?symbols=FOOBAR")["trades"] == .object([:]))
        #expect(try market.get("/v2/stocks/FOOBAR/trades/latest").status == 404)
        try market.rest("sell", 10, at: 1234)
        try market.rest("buy", 4, at: 1300, account: "TAKER1")
        let trade = try #require(try market.get("/v2/stocks/trades/latest?symbols=FOOBAR")["trades"]?["FOOBAR"])
        #expect(trade["p"] == .number("12.34") && trade["s"] == .number("4"))
        _ = try market.order("buy", "2")
        let latest = try market.get("/v2/stocks/FOOBAR/trades/latest")["trade"]
        #expect(latest?["s"] == .number("2"))
        #expect(latest?["i"] != trade["i"])
    }

    @Test func tradesReachTheTapeEvenWhenTheBooksForgetTheirOrdersAtOnce() throws {
        let market = try AlpacaHarness { $0.orderRetention = OrderRetention(maxClosedOrders: 0) }
        // Sixteen closed orders fill the book's slack: the trade's two then make it forget all.
        for _ in 0..<16 { _ = try market.venue.place("buy", 1, at: 1, type: "immediate-or-cancel") }
        try market.rest("sell", 2, at: 700)
        try market.rest("buy", 2, at: 700, account: "TAKER1")
        #expect(try market.get("/v2/stocks/FOOBAR/trades/latest")["trade"]?["p"] == .number("7.00"))
    }

    @Test func aTradeOfAnAlpacaOrderReachesTheFinnhubQuote() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 2, at: 700)
        #expect(try market.order("buy", "2")["status"]?.string != nil)
        let quote = try market.get("/api/v1/quote?symbol=FOOBAR")
        #expect(quote["c"] == .number("7.00"), "\(quote.text)")
        #expect(quote["h"] == quote["c"] && quote["l"] == quote["c"], "\(quote.text)")
    }

    @Test func barsAddUpTheTradesThatMadeThem() throws {
        let market = try AlpacaHarness()
        let trades: [(qty: Int, cents: Int)] = [(3, 1010), (5, 1050), (2, 990), (4, 1020)]
        for trade in trades {
            try market.rest("sell", trade.qty, at: trade.cents)
            try market.rest("buy", trade.qty, at: trade.cents, account: "TAKER1")
        }
        let reply = try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min")
        let bars = try #require(reply["bars"]?["FOOBAR"]?.array)
        #expect(reply["next_page_token"] == .null)
        // The trades may straddle a minute boundary: the bars together must add up to them.
        #expect(bars.compactMap { $0["v"]?.number.flatMap { Int($0) } }.reduce(0, +) == 14)
        #expect(bars.compactMap { $0["n"]?.number.flatMap { Int($0) } }.reduce(0, +) == 4)
        #expect(bars.first?["o"] == .number("10.10") && bars.last?["c"] == .number("10.20"))
        let day = try #require(try market.get("/v2/stocks/FOOBAR/bars?timeframe=1Day")["bars"]?[0])
        #expect(day["o"] == .number("10.10") && day["h"] == .number("10.50") && day["l"] == .number("9.90") && day["c"] == .number("10.20"))
        #expect(day["v"] == .number("14") && day["n"] == .number("4"))
        // (3*10.10 + 5*10.50 + 2*9.90 + 4*10.20) / 14 = 143.40 / 14 = 10.242857...
        #expect(day["vw"] == .number("10.24285714"))
        let hour = try #require(try market.get("/v2/stocks/FOOBAR/bars?timeframe=1Hour")["bars"]?.array)
        #expect(hour.count <= 2 && hour.compactMap { $0["v"]?.number.flatMap { Int($0) } }.reduce(0, +) == 14)
    }

    @Test func barsPageAcrossSymbolsWithNextPageToken() throws {
        let market = try AlpacaHarness(symbols: ["AAA", "BBB"])
        for symbol in ["FOOBAR", "AAA", "BBB"] {
            _ = try market.venue.place("sell", 1, at: 500, account: "MAKER1", stock: symbol)
            _ = try market.venue.place("buy", 1, at: 500, account: "TAKER1", stock: symbol)
        }
        var seen: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let query = "symbols=FOOBAR,BBB,AAA&timeframe=1Day&limit=1" + (token.map { "&page_token=\($0)" } ?? "")
            let reply = try market.get("/v2/stocks/bars?\(query)")
            let bars = try #require(reply["bars"]?.object)
            #expect(bars.values.allSatisfy { $0.array?.count == 1 })
            seen += bars.keys
            token = reply["next_page_token"]?.string
            pages += 1
        } while token != nil && pages < 10
        #expect(seen == ["AAA", "BBB", "FOOBAR"], "by symbol, each once")
        let single = try market.get("/v2/stocks/AAA/bars?timeframe=1Min&limit=1")
        #expect(single["symbol"]?.string == "AAA" && single["bars"]?.array?.count == 1)
        #expect(try market.get("/v2/stocks/AAA/bars?timeframe=1Min&page_token=garbage").status == 422)
    }

    @Test(arguments: ["1Week", "1Month", "60Min", "2Day", "Min", "0Min"])
    func unsupportedTimeframesAre422(_ timeframe: String) throws {
        let market = try AlpacaHarness()
        let reply = try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=\(timeframe)")
        #expect(reply.status == 422 && reply["message"]?.string?.contains(timeframe) == true)
    }

    @Test func barsTakeTheSDKsTimesAndLimits() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 1, at: 500)
        try market.rest("buy", 1, at: 500, account: "TAKER1")
        let past = try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min&start=2024-05-01T13:30:00+00:00&end=2024-05-01T14:00:00%2B00:00&limit=10000")
        #expect(past.status == 200 && past["bars"] == .object([:]), "\(past.text)")
        let fromDate = try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min&start=2024-05-01")
        #expect(fromDate["bars"]?["FOOBAR"]?.array?.isEmpty == false)
        #expect(try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min&start=soon").status == 422)
        #expect(try market.get("/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min&limit=10001").status == 422)
        #expect(try market.get("/v2/stocks/bars?symbols=FOOBAR").status == 422, "timeframe is required")
    }

    /// Times at the ends of what a `Timestamp` holds: a day or a nanosecond added to or taken from
    /// them overflowed, and the exchange died on one request.
    @Test(arguments: [
        "/v2/stocks/bars?symbols=FOOBAR&timeframe=1Min&end=2262-04-11T23:47:16.854775807Z",
        "/v2/account/activities/FILL?date=2262-04-11",
        "/v1beta1/news?end=1677-09-22T00:00:00Z",
        "/v2/orders?status=all&until=1677-09-22",
    ])
    func timesOutsideTheSimulatedYearsAre422NamingTheParameter(_ path: String) throws {
        let market = try AlpacaHarness()
        let reply = try market.get(path)
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply["message"]?.string?.contains("from 1970") == true, "\(reply.text)")
    }

    @Test func snapshotsHaveTheDaysBarsAndLatestPrints() throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        try market.rest("sell", 2, at: 1000)
        try market.rest("buy", 2, at: 1000, account: "TAKER1")
        try market.rest("sell", 1, at: 1100)
        try market.rest("buy", 1, at: 1100, account: "TAKER1")
        try market.rest("buy", 5, at: 900)
        let reply = try market.get("/v2/stocks/snapshots?symbols=FOOBAR,BAZ,ZZZZ")
        let foobar = try #require(reply["FOOBAR"])
        #expect(foobar["latestTrade"]?["p"] == .number("11.00"))
        #expect(foobar["latestQuote"]?["bp"] == .number("9.00"))
        #expect(foobar["dailyBar"]?["o"] == .number("10.00") && foobar["dailyBar"]?["c"] == .number("11.00"))
        #expect(foobar["dailyBar"]?["v"] == .number("3"))
        #expect(foobar["minuteBar"]?["c"] == .number("11.00"))
        #expect(foobar["prevDailyBar"] == .null, "the exchange has no earlier day")
        #expect(reply["BAZ"]?["latestTrade"] == .null && reply["BAZ"]?["dailyBar"] == .null)
        #expect(reply["ZZZZ"] == nil)
        let single = try market.get("/v2/stocks/FOOBAR/snapshot")
        #expect(single["symbol"]?.string == "FOOBAR" && single["dailyBar"] == foobar["dailyBar"])
        #expect(try market.get("/v2/stocks/ZZZZ/snapshot").status == 404)
    }
}
