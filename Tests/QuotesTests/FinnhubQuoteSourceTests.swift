import Foundation
import HTTP
import Lifecycle
import MarketTestSupport
import Quotes
import SimulatedMarket
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct FinnhubQuoteSourceTests {
    /// A simulated exchange whose bots have traded FOOBAR, stepped by hand.
    private func tradedMarket(apiKeys: [Account: String]? = nil) throws -> VenueHarness {
        let market = try VenueHarness(apiKeys: apiKeys, bots: BotConfiguration(bots: 4))
        var steps = 0
        while market.server.quote("FOOBAR", on: "TESTEX")?.last == nil, steps < 1_000 {
            market.server.stepBots()
            steps += 1
        }
        return market
    }

    private func source(
        _ market: VenueHarness, token: String? = nil, callsPerMinute: Int? = nil, now: ContinuousClock.Instant = .now
    ) throws -> FinnhubQuoteSource {
        FinnhubQuoteSource(
            name: "simulated", client: try FinnhubClient(baseURL: "http://\(market.server.address)/api/v1", token: token),
            callsPerMinute: callsPerMinute, now: now)
    }

    @Test func theSimulatedExchangeQuotesItsDayAndCallsOtherSymbolsUnknown() throws {
        let market = try tradedMarket()
        let source = try source(market)
        let outcomes = source.quotes(["FOOBAR", "NOSUCH"], now: .now)
        guard case .quote(let quote)? = outcomes["FOOBAR"] else {
            Issue.record("no FOOBAR quote: \(String(describing: outcomes["FOOBAR"]))")
            return
        }
        let last = try #require(market.server.quote("FOOBAR", on: "TESTEX")?.last)
        #expect(quote.price == last)
        #expect(quote.low <= quote.price && quote.price <= quote.high && quote.low <= quote.open && quote.open <= quote.high)
        // Before its first day ends, the exchange's previous close is its first trade.
        #expect(quote.previousClose == quote.open)
        #expect(quote.time.nanoseconds > 0)
        #expect(outcomes["NOSUCH"] == .unknown)
    }

    /// `GET target` on the market as it is (no `/ob/api` in front), its status and body.
    private func get(_ market: VenueHarness, _ target: String) throws -> (status: Int, json: [String: Any], text: String) {
        let response = try market.client.send(HTTPRequest(method: "GET", target: target))
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, json, response.bodyText)
    }

    @Test func doubledSlashesInPathsAreTheSamePaths() throws {
        let market = try tradedMarket()
        let reply = try get(market, "/api/v1//quote?symbol=FOOBAR")
        #expect(reply.status == 200)
        #expect((reply.json["c"] as? Double).map { $0 > 0 } == true)
        let search = try get(market, "//api/v1//search?q=foobar")
        #expect(search.json["count"] as? Int == 1)
        let list = try get(market, "/api/v1/stock/symbol?exchange=US")
        #expect(list.status == 200 && list.text.contains("\"symbol\":\"FOOBAR\""))
    }

    @Test func withAccountsABadTokenIs401WithFinnhubsErrorShapeAndAGoodOneQuotes() throws {
        let market = try tradedMarket(apiKeys: ["EXB123456": "good-key"])
        let reply = try get(market, "/api/v1/quote?symbol=FOOBAR&token=bad")
        #expect(reply.status == 401 && reply.json["error"] as? String == "Invalid API key.")
        #expect(try get(market, "/api/v1/quote?symbol=FOOBAR").status == 401)
        let refused = try source(market, token: "bad").quotes(["FOOBAR"], now: .now)
        guard case .failed(.unauthorized(_, let message))? = refused["FOOBAR"] else {
            Issue.record("expected unauthorized, got \(String(describing: refused["FOOBAR"]))")
            return
        }
        #expect(message == "Invalid API key.")
        guard case .quote? = try source(market, token: "good-key").quotes(["FOOBAR"], now: .now)["FOOBAR"] else {
            Issue.record("the configured key was refused")
            return
        }
    }

    @Test func theRateLimitDefersWhatItCannotAskForNow() throws {
        let market = try tradedMarket()
        let start = ContinuousClock.now
        let source = try source(market, callsPerMinute: 60, now: start)
        let first = source.quotes(["FOOBAR", "NOSUCH"], now: start)
        #expect(first["NOSUCH"] == .deferred)
        #expect(source.quotes(["NOSUCH"], now: start + .milliseconds(500))["NOSUCH"] == .deferred)
        #expect(source.quotes(["NOSUCH"], now: start + .seconds(1))["NOSUCH"] == .unknown)
    }

    @Test func a429BacksOffThenAsksAgain() throws {
        let calls = Locked(0)
        let server = try HTTPServer(configuration: HTTPServerConfiguration(address: HTTPAddress(host: "127.0.0.1", port: 0))) { _ in
            calls.update { $0 += 1 }
            return HTTPResponse(status: 429, headers: ["Content-Type": "application/json"], body: Array(#"{"error":"API limit reached."}"#.utf8))
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        let source = FinnhubQuoteSource(
            name: "finnhub", client: try FinnhubClient(baseURL: "http://\(server.address)/api/v1", token: "t"), callsPerMinute: nil, now: start)
        guard case .failed(.rateLimited)? = source.quotes(["AAPL"], now: start)["AAPL"] else {
            Issue.record("a 429 was not reported as the rate limit")
            return
        }
        #expect(source.quotes(["AAPL", "MSFT"], now: start + .seconds(4)) == ["AAPL": .deferred, "MSFT": .deferred])
        #expect(calls.get() == 1)
        _ = source.quotes(["AAPL"], now: start + .seconds(5))
        #expect(calls.get() == 2)
        // The second 429 doubles the back-off to 10 s.
        #expect(source.quotes(["AAPL"], now: start + .seconds(14))["AAPL"] == .deferred)
        #expect(calls.get() == 2)
    }
}
