import Foundation
import SimulatedMarket
import StrategyKit
import Testing

/// Who may call the Alpaca API: the accounts file's keys (key id = account, secret = its key),
/// and the rate limit with Alpaca's headers.
@Suite(.timeLimit(.minutes(10))) struct AlpacaAccessTests {
    private let keys: [Account: String] = [Account("ALPACA1"): "secret-1", Account("ALPACA2"): "secret-2"]

    @Test func theAccountsFileKeysAuthenticateBothAPIs() throws {
        let market = try AlpacaHarness(apiKeys: keys)
        #expect(try market.get("/v2/account")["account_number"]?.string == "ALPACA1")
        for (keyID, secret) in [(nil, "secret-1"), ("ALPACA1", nil), ("ALPACA1", "secret-2"), ("NOBODY", "secret-1"), ("", "secret-1")] as [(String?, String?)] {
            let reply = try market.call("GET", "/v2/account", keyID: .some(keyID), secret: .some(secret))
            #expect(reply.status == 401, "key id \(keyID ?? "none"), secret \(secret ?? "none")")
            #expect(reply["code"]?.number == "40110000")
            #expect(reply["message"]?.string?.hasPrefix("unauthorized.") == true)
        }
        #expect(try market.call("GET", "/v2/stocks/quotes/latest?symbols=FOOBAR", keyID: .some(nil)).status == 401, "market data too")
        #expect(try market.call("GET", "/v1beta1/news", keyID: .some(nil)).status == 401, "news too")
        let stockFighter = try market.venue.place("buy", 1, at: 100, account: "ALPACA2", key: "secret-2")
        #expect(stockFighter.status == 200, "the same key trades on the StockFighter API")
    }

    @Test func anOpenExchangeTakesAnyKeyIDAsTheAccount() throws {
        let market = try AlpacaHarness()
        market.keyID = "SOMEONE"
        #expect(try market.get("/v2/account")["account_number"]?.string == "SOMEONE")
        #expect(try market.call("GET", "/v2/account", keyID: .some(nil)).status == 401)
    }

    @Test func overTheRateLimitIs429WithTheResetTime() throws {
        let market = try AlpacaHarness { $0.alpaca?.rateLimit = 3 }
        let first = try market.get("/v2/clock")
        #expect(first.headers["X-Ratelimit-Limit"] == "3")
        #expect(first.headers["X-Ratelimit-Remaining"] == "2")
        // Eight calls span at most one minute boundary, so at most six pass.
        let replies = try (0..<8).map { _ in try market.get("/v2/clock") }
        let refused = try #require(replies.first { $0.status == 429 })
        #expect(refused["code"]?.number == "42910000")
        #expect(refused["message"]?.string == "rate limit exceeded")
        #expect(refused.headers["X-Ratelimit-Remaining"] == "0")
        let reset = try #require(refused.headers["X-Ratelimit-Reset"].flatMap { Int64($0) })
        let now = Int64(Date().timeIntervalSince1970)
        #expect(reset > now - 1 && reset <= now + 61)
        market.keyID = "OTHER"
        #expect(try market.get("/v2/clock").status == 200, "the limit is per account")
    }

    @Test func aShorterRateLimitWindowResetsAtItsOwnEnd() throws {
        let market = try AlpacaHarness {
            $0.alpaca?.rateLimit = 1
            $0.alpaca?.rateLimitWindow = .seconds(5)
        }
        let before = Int64(Date().timeIntervalSince1970)
        // One call a window: of four in a row at most two (one each side of a boundary) pass.
        let replies = try (0..<4).map { _ in try market.get("/v2/clock") }
        let refused = try #require(replies.first { $0.status == 429 })
        let reset = try #require(refused.headers["X-Ratelimit-Reset"].flatMap { Int64($0) })
        #expect(reset % 5 == 0, "a window starts at a multiple of its length: \(reset)")
        #expect(reset > before && reset <= Int64(Date().timeIntervalSince1970) + 5)
    }
}
