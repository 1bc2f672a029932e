import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// Alpaca's historical quotes and trades and its calendar over loopback, from the quotes and
/// trades the simulated exchange made.
@Suite(.timeLimit(.minutes(10))) struct AlpacaHistoryTests {
    /// Moves FOOBAR's and BAZ's tops `count` times each and makes a trade every third move.
    private func makeHistory(_ market: AlpacaHarness, count: Int) throws {
        for step in 0..<count {
            for symbol in ["FOOBAR", "BAZ"] {
                _ = try market.venue.place("buy", 1 + step, at: 1000 + step, account: "MAKER1", stock: symbol)
                if step % 3 == 2 { _ = try market.venue.place("sell", 1, at: 900, account: "TAKER1", stock: symbol) }
            }
        }
    }

    /// Every page of `path` (a query without page_token) followed to the end.
    private func pages(_ market: AlpacaHarness, _ path: String) throws -> [AlpacaHarness.Reply] {
        var replies: [AlpacaHarness.Reply] = []
        var token: String?
        repeat {
            let reply = try market.get(path + (token.map { "&page_token=\($0)" } ?? ""))
            try #require(reply.status == 200, "\(reply.text)")
            replies.append(reply)
            token = reply["next_page_token"]?.string
        } while token != nil && replies.count < 1_000
        return replies
    }

    @Test(arguments: ["quotes", "trades"]) func pagingGivesEveryRecordOnceInOrder(kind: String) throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        try makeHistory(market, count: 12)
        let whole = try market.get("/v2/stocks/FOOBAR/\(kind)?limit=10000")
        let all = try #require(whole[kind]?.array)
        #expect(whole["symbol"]?.string == "FOOBAR" && whole["next_page_token"] == .null)
        #expect(all.count >= 4)
        let times = all.compactMap { $0["t"]?.string }
        #expect(times == times.sorted(), "oldest first")

        let ascending = try pages(market, "/v2/stocks/FOOBAR/\(kind)?limit=2")
        #expect(ascending.flatMap { $0[kind]?.array ?? [] } == all)
        #expect(ascending.allSatisfy { ($0[kind]?.array?.count ?? 0) <= 2 } && ascending.count == (all.count + 1) / 2)
        let descending = try pages(market, "/v2/stocks/FOOBAR/\(kind)?limit=3&sort=desc")
        #expect(descending.flatMap { $0[kind]?.array ?? [] } == all.reversed())

        // The multi-symbol form counts the limit across symbols, in name order.
        let baz = try #require(try market.get("/v2/stocks/BAZ/\(kind)?limit=10000")[kind]?.array)
        let multi = try pages(market, "/v2/stocks/\(kind)?symbols=FOOBAR,BAZ&limit=5")
        #expect(multi.allSatisfy { ($0[kind]?.object ?? [:]).values.reduce(0) { $0 + ($1.array?.count ?? 0) } <= 5 })
        #expect(multi.flatMap { $0[kind]?["BAZ"]?.array ?? [] } == baz)
        #expect(multi.flatMap { $0[kind]?["FOOBAR"]?.array ?? [] } == all)
        #expect(multi.first?[kind]?["BAZ"] != nil && multi.last?[kind]?["BAZ"] == nil, "BAZ before FOOBAR")
    }

    @Test func aQuoteIsRecordedEachTimeTheTopOfTheBookChanges() throws {
        let market = try AlpacaHarness()
        #expect(try market.get("/v2/stocks/FOOBAR/quotes")["quotes"] == .array([]), "an empty book has no quote yet")
        try market.rest("buy", 7, at: 1199)
        try market.rest("buy", 5, at: 1100)
        try market.rest("sell", 3, at: 1235)
        try market.rest("buy", 2, at: 1199, account: "MAKER2")
        let quotes = try #require(try market.get("/v2/stocks/FOOBAR/quotes")["quotes"]?.array)
        #expect(quotes.map { [$0["bp"], $0["bs"], $0["ap"], $0["as"]] } == [
            [.number("11.99"), .number("7"), .number("0.00"), .number("0")],
            [.number("11.99"), .number("7"), .number("12.35"), .number("3")],
            [.number("11.99"), .number("9"), .number("12.35"), .number("3")],
        ], "a bid below the top changes nothing")
        #expect(quotes.allSatisfy { $0["c"] != nil && $0["z"] != nil && $0["ax"] != nil && $0["bx"] != nil })
        try market.rest("buy", 4, at: 1235, account: "TAKER1")
        let trades = try #require(try market.get("/v2/stocks/FOOBAR/trades")["trades"]?.array)
        #expect(trades.count == 1 && trades[0]["p"] == .number("12.35") && trades[0]["s"] == .number("3"))
        #expect(trades[0]["c"] != nil && trades[0]["i"] != nil && trades[0]["x"] != nil && trades[0]["z"] != nil)
    }

    @Test func theHistoryIsKeptBoundedAsClosedOrdersAre() throws {
        let market = try AlpacaHarness { $0.orderRetention = OrderRetention(maxClosedOrders: 10) }
        for step in 0..<60 { try market.rest("buy", 1, at: 1000 + step) }
        let quotes = try #require(try market.get("/v2/stocks/FOOBAR/quotes?limit=10000")["quotes"]?.array)
        #expect(quotes.count >= 10 && quotes.count <= 10 + 16, "at most the count and its slack")
        #expect(quotes.last?["bp"] == .number("10.59"), "the newest are kept")
    }

    @Test func startEndAndBadQueriesAreAnsweredAsAlpacaDoes() throws {
        let market = try AlpacaHarness()
        try market.rest("buy", 7, at: 1199)
        #expect(try market.get("/v2/stocks/FOOBAR/quotes?start=1999-01-01T00:00:00Z&end=1999-01-02T00:00:00+00:00")["quotes"] == .array([]))
        #expect(try market.get("/v2/stocks/FOOBAR/quotes?start=2000-01-01&end=2100-01-02T00:00:00%2B00:00")["quotes"]?.array?.count == 1)
        #expect(try market.get("/v2/stocks/FOOBAR/quotes?feed=iex")["quotes"]?.array?.count == 1)
        for query in ["start=2026-01-02&end=2026-01-01", "sort=up", "limit=0", "limit=10001", "page_token=nonsense", "start=yesterday", "feed=nyse"] {
            let reply = try market.get("/v2/stocks/FOOBAR/quotes?\(query)")
            #expect(reply.status == 422 && reply["code"] != nil && reply["message"]?.string != nil, "\(query): \(reply.text)")
        }
        #expect(try market.get("/v2/stocks/trades").status == 400, "symbols is required")
    }

    @Test func theCalendarListsEveryDayWithTheSessionInNewYorkTime() throws {
        let plain = try AlpacaHarness()
        let days = try #require(try plain.get("/v2/calendar?start=2026-11-01&end=2026-11-03").json?.array)
        #expect(days.map { $0["date"]?.string } == ["2026-11-01", "2026-11-02", "2026-11-03"])
        #expect(days[1]["open"]?.string == "09:30" && days[1]["close"]?.string == "16:00")
        #expect(days[1]["session_open"]?.string == "0400" && days[1]["session_close"]?.string == "2000")
        #expect(days[1]["settlement_date"]?.string == "2026-11-03")

        let session = try AlpacaHarness { $0.alpaca?.session = AlpacaSession(parsing: "13:30-20:00") }
        let summer = try #require(try session.get("/v2/calendar?start=2026-07-01&end=2026-07-01").json?[0])
        let winter = try #require(try session.get("/v2/calendar?start=2026-12-01&end=2026-12-01").json?[0])
        #expect(summer["open"]?.string == "09:30" && summer["close"]?.string == "16:00", "EDT, UTC-4")
        #expect(winter["open"]?.string == "08:30" && winter["close"]?.string == "15:00", "EST, UTC-5")
        #expect(try plain.get("/v2/calendar?start=2026-11-03&end=2026-11-01").status == 422)
        #expect(try plain.get("/v2/calendar?start=2000-01-01&end=2030-01-01").status == 422)
    }
}
