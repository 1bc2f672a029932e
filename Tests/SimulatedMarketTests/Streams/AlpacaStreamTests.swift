import Foundation
import MarketTestSupport
@testable import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10)))
struct AlpacaStreamTests {
    @Test func tradeUpdatesFollowAnOrderFromNewThroughFillsToCancel() throws {
        let market = try AlpacaHarness()
        let updates = StreamCollector()
        let subscription = try #require(market.venue.server.subscribeTradeUpdates(account: Account("ALPACA1"), send: updates.send))
        defer { subscription.end() }
        try market.rest("sell", 10, at: 10_000)
        let filled = try market.order("buy", "4", type: "limit", limit: "100")
        #expect(filled.status == 200)
        let first = try updates.objects()
        #expect(first.map(event) == ["new", "fill"])
        try expectUpdate(first[1], price: 100, qty: "4", position: "4")

        let partial = try market.order("buy", "10", type: "limit", limit: "100")
        let id = try #require(partial["id"]?.string)
        let second = try updates.objects()
        #expect(second.map(event) == ["new", "partial_fill"])
        try expectUpdate(second[1], price: 100, qty: "6", position: "10")
        #expect(try market.call("DELETE", "/v2/orders/\(id)").status == 204)
        let third = try updates.objects()
        #expect(third.map(event) == ["canceled"])
        let data = try #require(third.first?["data"] as? [String: Any])
        #expect(data["price"] == nil && data["qty"] == nil && data["timestamp"] is String)
        #expect((data["order"] as? [String: Any])?["status"] as? String == "canceled")
    }

    @Test func tradeUpdatesGoOnlyToTheirAccount() throws {
        let market = try AlpacaHarness()
        let other = StreamCollector()
        let subscription = try #require(market.venue.server.subscribeTradeUpdates(account: Account("ALPACA2"), send: other.send))
        defer { subscription.end() }
        try market.rest("sell", 10, at: 10_000)
        _ = try market.order("buy", "4", type: "limit", limit: "100")
        #expect(try other.take().isEmpty)
    }

    @Test func marketDataCarriesTradesAndQuotesOfTheSubscribedSymbols() throws {
        let market = try AlpacaHarness()
        let data = StreamCollector()
        let subscription = try #require(market.venue.server.subscribeAlpacaData(send: data.send))
        defer { subscription.end() }
        try market.rest("sell", 10, at: 10_000)
        #expect(try data.take().isEmpty)
        var channels = AlpacaDataChannels()
        channels.subscribe(["FOOBAR"], to: .trades)
        channels.subscribe(["*"], to: .quotes)
        subscription.update(channels)
        // Depth behind the best ask leaves Alpaca's quote as it was; a better ask moves it.
        try market.rest("sell", 10, at: 10_100)
        #expect(try data.take().isEmpty)
        try market.rest("sell", 10, at: 9_900)
        let quoteOnly = try #require(try data.take().first as? [[String: Any]])
        #expect(quoteOnly.count == 1)
        let quote = quoteOnly[0]
        #expect(Set(quote.keys) == ["T", "S", "bx", "bp", "bs", "ax", "ap", "as", "c", "t", "z"])
        #expect(quote["T"] as? String == "q" && quote["S"] as? String == "FOOBAR")
        #expect((quote["ap"] as? NSNumber)?.decimalValue == 99 && quote["as"] as? Int == 10 && quote["bs"] as? Int == 0)
        #expect(quote["t"] is String && quote["c"] is [String] && quote["z"] as? String == "C")

        _ = try market.order("buy", "3")
        let together = try #require(try data.take().first as? [[String: Any]])
        #expect(together.map { $0["T"] as? String } == ["t", "q"])
        let trade = together[0]
        #expect(Set(trade.keys) == ["T", "S", "i", "x", "p", "s", "c", "t", "z"])
        #expect((trade["p"] as? NSNumber)?.decimalValue == 99 && trade["s"] as? Int == 3 && trade["i"] is Int)
        #expect(together[1]["as"] as? Int == 7)
    }

    @Test func closedMinuteBarsGoOutOnTheBotClock() throws {
        let market = try AlpacaHarness()
        let data = StreamCollector()
        let server = market.venue.server
        let subscription = try #require(server.subscribeAlpacaData(send: data.send))
        defer { subscription.end() }
        var channels = AlpacaDataChannels()
        channels.subscribe(["FOOBAR"], to: .bars)
        subscription.update(channels)
        try market.rest("sell", 10, at: 10_000)
        _ = try market.order("buy", "3")
        #expect(try data.take().isEmpty)
        // The bar's minute has to end: a bot step a minute on, rather than waiting for it.
        server.marketplace.state.withLock { state in
            state.listings[Venue("TESTEX")]!.publishClosedBars(at: state.now().advanced(byMinutes: 1))
        }
        let bars = try #require(try data.take().first as? [[String: Any]])
        #expect(bars.count == 1)
        #expect(Set(bars[0].keys) == ["T", "S", "o", "h", "l", "c", "v", "t", "n", "vw"])
        #expect(bars[0]["T"] as? String == "b" && bars[0]["v"] as? Int == 3 && bars[0]["n"] as? Int == 1)
    }

    private func event(_ message: [String: Any]) -> String? {
        guard message["stream"] as? String == "trade_updates" else { return nil }
        return (message["data"] as? [String: Any])?["event"] as? String
    }

    private func expectUpdate(_ message: [String: Any], price: Decimal, qty: String, position: String) throws {
        #expect(Set(message.keys) == ["stream", "data"])
        let data = try #require(message["data"] as? [String: Any])
        #expect(Set(data.keys) == ["event", "execution_id", "order", "timestamp", "price", "qty", "position_qty"])
        #expect(data["execution_id"] is String && data["timestamp"] is String)
        #expect((data["price"] as? String).flatMap { Decimal(string: $0) } == price)
        #expect(data["qty"] as? String == qty && data["position_qty"] as? String == position)
        let order = try #require(data["order"] as? [String: Any])
        #expect(order["id"] is String && order["symbol"] as? String == "FOOBAR" && order["filled_qty"] is String)
    }
}

private extension Timestamp {
    func advanced(byMinutes minutes: Int64) -> Timestamp { Timestamp(nanoseconds: nanoseconds + minutes * 60_000_000_000) }
}

@Suite(.timeLimit(.minutes(10)))
struct AlpacaStreamSessionSignInTests {
    @Test func theServersDataSessionSignsInWithTheAccountsKeyAndItsSymbolLimit() throws {
        let market = try AlpacaHarness(apiKeys: [Account("ALPACA1"): "secret-1"]) { $0.alpaca?.streamSymbolLimit = 1 }
        let now = Timestamp(nanoseconds: 1_700_000_000_000_000_000)
        var refused = market.venue.server.alpacaDataSession(openedAt: now)
        #expect(refused.receive(Array(#"{"action":"auth","key":"ALPACA1","secret":"wrong"}"#.utf8), at: now).close)
        var session = market.venue.server.alpacaDataSession(openedAt: now)
        _ = session.receive(Array(#"{"action":"auth","key":"ALPACA1","secret":"secret-1"}"#.utf8), at: now)
        #expect(session.account == Account("ALPACA1"))
        let reply = session.receive(Array(#"{"action":"subscribe","trades":["FOOBAR","BARBAZ"]}"#.utf8), at: now)
        #expect(String(decoding: reply.messages.first ?? [], as: UTF8.self).contains("\"code\":405"))
    }
}
