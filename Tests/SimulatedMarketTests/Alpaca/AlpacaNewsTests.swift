import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// The generated news feed: marked as simulated, the same for the same seed, paged.
@Suite(.timeLimit(.minutes(10))) struct AlpacaNewsTests {
    /// A fixed day in the past, so that the feed does not depend on when the test runs.
    private let window = "start=2025-03-03T00:00:00Z&end=2025-03-04T00:00:00Z"

    @Test func theSameSeedGivesTheSameNewsAndAnotherSeedOther() throws {
        let first = try AlpacaHarness(symbols: ["BAZ"], botSeed: 7)
        let second = try AlpacaHarness(symbols: ["BAZ"], botSeed: 7)
        let other = try AlpacaHarness(symbols: ["BAZ"], botSeed: 8)
        let path = "/v1beta1/news?\(window)&limit=50&include_content=true"
        let news = try first.get(path)
        #expect(news.status == 200)
        #expect(try second.get(path).body == news.body)
        #expect(try other.get(path).body != news.body)
        let items = try #require(news["news"]?.array)
        #expect(items.count > 5)
        for item in items {
            #expect(item["headline"]?.string?.hasPrefix("[Simulated] ") == true)
            #expect(item["source"]?.string == "tickwork-simulated")
            #expect(item["url"]?.string?.hasPrefix("https://news.tickwork.invalid/") == true)
            #expect(item["content"]?.string?.contains("not real news") == true)
            let time = try #require(item["created_at"]?.string.flatMap { Timestamp(iso8601: $0) })
            #expect(time >= Timestamp(iso8601: "2025-03-03T00:00:00Z")! && time <= Timestamp(iso8601: "2025-03-04T00:00:00Z")!)
        }
        let times = items.compactMap { $0["created_at"]?.string }
        #expect(times == times.sorted().reversed(), "newest first")
    }

    @Test func newsPagesWithNextPageTokenInEitherOrder() throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        let whole = try #require(try market.get("/v1beta1/news?\(window)&limit=50")["news"]?.array)
        for sort in ["desc", "asc"] {
            var paged: [WireJSON] = []
            var token: String?
            repeat {
                let reply = try market.get("/v1beta1/news?\(window)&limit=4&sort=\(sort)" + (token.map { "&page_token=\($0)" } ?? ""))
                let page = try #require(reply["news"]?.array)
                #expect(page.count <= 4)
                paged += page
                token = reply["next_page_token"]?.string
            } while token != nil
            #expect(paged == (sort == "desc" ? whole : whole.reversed()))
        }
    }

    @Test func theFeedGoesBackAYearAtMost() throws {
        let market = try AlpacaHarness()
        let oldest = try market.get("/v1beta1/news?start=2000-01-01&end=2025-03-04T00:00:00Z&sort=asc&limit=1")["news"]?[0]
        let time = try #require(oldest?["created_at"]?.string.flatMap { Timestamp(iso8601: $0) })
        #expect(time >= Timestamp(iso8601: "2024-03-03T00:00:00Z")! && time < Timestamp(iso8601: "2024-03-04T00:00:00Z")!)
    }

    @Test func newsFiltersBySymbolAndDefaultsToTheLastWeek() throws {
        let market = try AlpacaHarness(symbols: ["BAZ"])
        let baz = try #require(try market.get("/v1beta1/news?symbols=BAZ&\(window)&limit=50")["news"]?.array)
        #expect(!baz.isEmpty && baz.allSatisfy { $0["symbols"] == .array([.string("BAZ")]) })
        #expect(baz.allSatisfy { $0["content"] == .string("") }, "content only when asked for")
        let recent = try #require(try market.get("/v1beta1/news")["news"]?.array)
        #expect(recent.count == 10, "the default limit")
        #expect(try market.get("/v1beta1/news?limit=51").status == 422)
        #expect(try market.get("/v1beta1/news?page_token=x").status == 422)
    }
}
