import Foundation
import Quoting
import SimulatedMarket
import StrategyKit
import Testing

/// The account, clock, assets and fill activities endpoints.
@Suite(.timeLimit(.minutes(10))) struct AlpacaAccountTests {
    @Test func aNewAccountHasTheStartingCash() throws {
        let market = try AlpacaHarness { $0.alpaca?.startingCash = Money(cents: 2_500_050) }
        let account = try market.get("/v2/account")
        #expect(account["cash"]?.string == "25000.50")
        #expect(account["buying_power"]?.string == "25000.50")
        #expect(account["equity"]?.string == "25000.50")
        #expect(account["status"]?.string == "ACTIVE")
        #expect(try market.get("/v2/positions").json == .array([]))
    }

    @Test func theClockIsAlwaysOpenByDefault() throws {
        let market = try AlpacaHarness()
        let clock = try market.get("/v2/clock")
        #expect(clock["is_open"] == .bool(true))
        let now = try #require(clock["timestamp"]?.string.flatMap { Timestamp(iso8601: $0) })
        let nextClose = try #require(clock["next_close"]?.string.flatMap { Timestamp(iso8601: $0) })
        #expect(nextClose > now)
    }

    @Test func aConfiguredSessionClosesTheMarketToNewOrders() throws {
        let minute = Int(Date().timeIntervalSince1970) / 60 % 1_440
        // A half-hour session an hour away from now, within the UTC day.
        let opens = minute < 720 ? minute + 60 : minute - 90
        let session = try #require(AlpacaSession(opens: opens, closes: opens + 30))
        let market = try AlpacaHarness { $0.alpaca?.session = session }
        let clock = try market.get("/v2/clock")
        #expect(clock["is_open"] == .bool(false))
        let nextOpen = try #require(clock["next_open"]?.string.flatMap { Timestamp(iso8601: $0) })
        let nextClose = try #require(clock["next_close"]?.string.flatMap { Timestamp(iso8601: $0) })
        #expect(nextClose.nanoseconds - nextOpen.nanoseconds == 30 * 60_000_000_000)
        let refused = try market.order("buy", "1", type: "limit", limit: "1")
        #expect(refused.status == 422 && refused["code"]?.number == "42210000", "\(refused.text)")
    }

    @Test func sessionsParseAndAnswerOpenAndClose() throws {
        let session = try #require(AlpacaSession(parsing: "13:30-20:00"))
        #expect(session == AlpacaSession(opens: 810, closes: 1_200))
        for bad in ["13:30", "20:00-13:30", "25:00-26:00", "1:30-2:00", "13:30-13:30", ""] {
            #expect(AlpacaSession(parsing: bad) == nil, "\(bad)")
        }
        #expect(AlpacaSession(parsing: "00:00-24:00") != nil)
    }

    @Test func assetsAreTheListedStocks() throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        let assets = try #require(try market.get("/v2/assets").json?.array)
        #expect(assets.compactMap { $0["symbol"]?.string } == ["FOOBAR", "BAZ"])
        #expect(assets.allSatisfy { $0["tradable"] == .bool(true) && $0["status"]?.string == "active" })
        let one = try market.get("/v2/assets/BAZ")
        #expect(one["name"]?.string == "Bridge Architecture Zenith")
        let byID = try market.get("/v2/assets/\(one["id"]?.string ?? "")")
        #expect(byID["symbol"]?.string == "BAZ")
        let unknown = try market.get("/v2/assets/ZZZZ")
        #expect(unknown.status == 404 && unknown["message"]?.string == "asset not found for ZZZZ")
        #expect(try market.get("/v2/assets?status=inactive").json == .array([]))
        #expect(try market.get("/v2/assets?asset_class=crypto").json == .array([]))
    }

    @Test func theDirectorysOtherEntriesAreAssetsThatAreNotTradable() throws {
        let directory = [
            DirectoryEntry(symbol: "AAPL", name: "Apple Inc.", exchange: "NASDAQ", type: "Common Stock"),
            DirectoryEntry(symbol: "SPY", name: "SPDR S&P 500 ETF Trust", exchange: "NYSE ARCA", type: "ETF"),
            DirectoryEntry(symbol: "AAT", name: "American Assets Trust", exchange: "US", type: "Common Stock"),
            DirectoryEntry(symbol: "FOOBAR", name: "The directory's FOOBAR", exchange: "NYSE", type: "Common Stock"),
        ]
        let market = try AlpacaHarness { $0.alpaca?.directory = directory }
        let assets = try #require(try market.get("/v2/assets").json?.array)
        #expect(assets.compactMap { $0["symbol"]?.string } == ["FOOBAR", "AAPL", "SPY", "AAT"], "the market's own stock once, first")
        #expect(assets.map { $0["tradable"] } == [.bool(true), .bool(false), .bool(false), .bool(false)])
        #expect(assets.compactMap { $0["exchange"]?.string } == ["NASDAQ", "NASDAQ", "ARCA", "NYSE"])
        #expect(assets[0]["name"]?.string != "The directory's FOOBAR")
        #expect(assets.allSatisfy { $0["status"]?.string == "active" && $0["class"]?.string == "us_equity" })
        let spy = try market.get("/v2/assets/SPY")
        #expect(spy["name"]?.string == "SPDR S&P 500 ETF Trust" && spy["tradable"] == .bool(false), "\(spy.text)")
        #expect(try market.get("/v2/assets/\(spy["id"]?.string ?? "")")["symbol"]?.string == "SPY")
        #expect(try market.get("/v2/assets/FOOBAR")["tradable"] == .bool(true))
        let arca = try #require(try market.get("/v2/assets?exchange=ARCA").json?.array)
        #expect(arca.compactMap { $0["symbol"]?.string } == ["SPY"])
        let nasdaq = try #require(try market.get("/v2/assets?exchange=NASDAQ").json?.array)
        #expect(nasdaq.compactMap { $0["symbol"]?.string } == ["FOOBAR", "AAPL"])
        // An asset the market does not list is refused as not tradable; a symbol of neither is not found.
        let refused = try market.order("buy", "1", type: "limit", limit: "10", symbol: "AAPL")
        #expect(refused.status == 422 && refused["code"]?.number == "42210000", "\(refused.text)")
        #expect(refused["message"]?.string == "asset AAPL is not tradable")
        let unknown = try market.order("buy", "1", type: "limit", limit: "10", symbol: "ZZZZ")
        #expect(unknown.status == 422 && unknown["message"]?.string == "asset ZZZZ not found", "\(unknown.text)")
    }

    @Test func fillActivitiesHaveTheirOwnIdsAndPage() throws {
        let market = try AlpacaHarness()
        let order = try market.order("buy", "5", type: "limit", tif: "gtc", limit: "10")
        for _ in 0..<5 { try market.rest("sell", 1, at: 1000) }
        let all = try #require(try market.get("/v2/account/activities/FILL").json?.array)
        #expect(all.count == 5)
        #expect(Set(all.compactMap { $0["id"]?.string }).count == 5)
        #expect(all.allSatisfy { $0["order_id"] == order["id"] && $0["activity_type"]?.string == "FILL" && $0["price"]?.string == "10.00" })
        #expect(all.compactMap { $0["cum_qty"]?.string } == ["5", "4", "3", "2", "1"], "newest first")
        #expect(all.compactMap { $0["type"]?.string } == ["fill", "partial_fill", "partial_fill", "partial_fill", "partial_fill"])
        #expect(all[0]["order_status"]?.string == "filled" && all[1]["order_status"]?.string == "partially_filled")
        var paged: [WireJSON] = []
        var token: String?
        repeat {
            let query = "page_size=2&direction=asc" + (token.map { "&page_token=\($0)" } ?? "")
            let page = try #require(try market.get("/v2/account/activities/FILL?\(query)").json?.array)
            #expect(page.count <= 2)
            paged += page
            token = page.count == 2 ? page.last?["id"]?.string : nil
        } while token != nil
        #expect(paged == all.reversed())
        #expect(try market.get("/v2/account/activities/FILL?page_token=nope").status == 422)
        #expect(try market.get("/v2/account/activities/FILL?page_size=101").status == 422)
        market.keyID = "OTHER"
        #expect(try market.get("/v2/account/activities/FILL").json == .array([]), "fills are the account's own")
    }

    @Test func fillActivitiesFilterByTime() throws {
        let market = try AlpacaHarness()
        try market.rest("sell", 2, at: 1000)
        #expect(try market.order("buy", "2")["status"]?.string == "filled")
        let fill = try #require(try market.get("/v2/account/activities/FILL").json?[0])
        let time = try #require(fill["transaction_time"]?.string)
        #expect(try market.get("/v2/account/activities/FILL?after=\(time)").json == .array([]))
        #expect(try market.get("/v2/account/activities/FILL?until=\(time)").json == .array([]))
        #expect(try market.get("/v2/account/activities/FILL?date=\(time.prefix(10))").json?.array?.count == 1)
        #expect(try market.get("/v2/account/activities/FILL?after=yesterday").status == 422)
    }
}
