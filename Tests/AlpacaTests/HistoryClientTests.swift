import Alpaca
import APIClient
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing
import Wire

/// The client's paged history and calendar against the simulated exchange's Alpaca API.
@Suite(.timeLimit(.minutes(10))) struct HistoryClientTests {
    private static func client(_ market: VenueHarness, rateLimiter: RateLimiter? = nil) throws -> AlpacaClient {
        let url = "http://\(market.server.address)"
        return try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")),
            policy: RetryPolicy(attemptTimeout: .seconds(10), maxAttempts: 4, totalBudget: .seconds(60)), rateLimiter: rateLimiter)
    }

    /// Ten moves of FOOBAR's top, with a trade on every other one.
    private static func trade(_ market: VenueHarness) throws {
        for step in 0..<10 {
            _ = try market.place("buy", 2, at: 1_000 + step, account: "MAKER1")
            if step % 2 == 1 { _ = try market.place("sell", 1, at: 900, account: "TAKER1") }
        }
    }

    private static func all<C: AlpacaHistoryCommand>(_ pages: HistoryPages<C>) async throws -> (items: [C.Item], pages: Int) {
        var pages = pages, items: [C.Item] = [], count = 0
        while let page = try await pages.next() {
            items += page
            count += 1
        }
        return (items, count)
    }

    @Test func pagesOfTwoReadWhatOnePageReads() async throws {
        let market = try VenueHarness()
        try Self.trade(market)
        let client = try Self.client(market)
        let day = HistoryRange(
            symbol: "FOOBAR", start: Timestamp(nanoseconds: 0), end: WallClock.now().advanced(byNanoseconds: 60_000_000_000), limit: 10_000)
        var small = day
        small.limit = 2
        let quotes = try await Self.all(client.historicalQuotes(day))
        let pagedQuotes = try await Self.all(client.historicalQuotes(small))
        #expect(quotes.items.count == 15 && quotes.pages == 1, "each buy moves the top, and so does each trade")
        #expect(pagedQuotes.items == quotes.items && pagedQuotes.pages == 8)
        #expect(quotes.items.last?.bidPrice == Price(cents: 1_009))
        let trades = try await Self.all(client.historicalTrades(small))
        #expect(trades.items.count == 5 && trades.items.allSatisfy { $0.conditions == ["@"] && $0.id != nil })
        #expect(trades.items.map(\.time) == trades.items.map(\.time).sorted())
    }

    @Test func aRateLimitInTheMiddleOfThePagesIsWaitedOut() async throws {
        let market = try VenueHarness()
        try Self.trade(market)
        let limiter = RateLimiter(count: 600, per: .seconds(60), burst: 5)
        let client = try Self.client(market, rateLimiter: limiter)
        let range = HistoryRange(symbol: "FOOBAR", start: Timestamp(nanoseconds: 0), end: WallClock.now(), limit: 3)
        var pages = client.historicalQuotes(range)
        let first = try await pages.next()
        market.server.rateLimitResponses(1, method: "GET", path: "/v2/stocks/FOOBAR/quotes")
        var rest: [AlpacaQuote] = []
        while let page = try await pages.next() { rest += page }
        #expect((first ?? []) + rest == (try await Self.all(client.historicalQuotes(range))).items, "the 429's page was asked again")
    }

    @Test func theCalendarGivesEachDaysSessionAsInstants() async throws {
        let market = try VenueHarness()
        let days = try await Self.client(market).calendar(start: "2026-11-02", end: "2026-11-03")
        #expect(days.map(\.date) == ["2026-11-02", "2026-11-03"])
        #expect(days[0].open == Timestamp(iso8601: "2026-11-02T14:30:00Z") && days[0].close == Timestamp(iso8601: "2026-11-02T21:00:00Z"))
        #expect(days[0].sessionOpen == Timestamp(iso8601: "2026-11-02T09:00:00Z"))
        #expect(days[0].sessionClose == Timestamp(iso8601: "2026-11-03T01:00:00Z"))
    }
}
