import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10)))
struct StockFighterStreamTests {
    let venue = Venue("TESTEX")

    @Test func tickertapeCarriesTheQuoteObjectAfterAnOrderThatChangesIt() throws {
        let market = try VenueHarness()
        let tape = StreamCollector()
        let subscription = try #require(market.server.subscribeTickertape(venue: venue, send: tape.send))
        defer { subscription.end() }
        #expect(try market.place("buy", 100, at: 5_000).ok == true)
        let messages = try tape.objects()
        try #require(messages.count == 1)
        #expect(Set(messages[0].keys) == ["ok", "quote"])
        #expect(messages[0]["ok"] as? Bool == true)
        let quote = try #require(messages[0]["quote"] as? [String: Any])
        #expect(quote["ok"] == nil)
        #expect(quote["symbol"] as? String == "FOOBAR")
        #expect(quote["venue"] as? String == "TESTEX")
        #expect(quote["bid"] as? Int == 5_000)
        #expect(quote["ask"] == nil)
        #expect(quote["bidSize"] as? Int == 100)
        #expect(quote["askSize"] as? Int == 0)
        #expect(quote["bidDepth"] as? Int == 100)
        #expect(quote["askDepth"] as? Int == 0)
        #expect(quote["quoteTime"] is String)
        // The same object GET .../quote returns, but for "ok" and the time.
        let polled = try market.get("/venues/TESTEX/stocks/FOOBAR/quote")
        #expect(Set(polled.json.keys).subtracting(["ok"]) == Set(quote.keys))
    }

    @Test func anOrderThatLeavesTheQuoteAsItWasSendsNoTickertape() throws {
        let market = try VenueHarness()
        #expect(try market.place("buy", 100, at: 5_000).ok == true)
        let tape = StreamCollector()
        let subscription = try #require(market.server.subscribeTickertape(venue: venue, send: tape.send))
        defer { subscription.end() }
        // An IOC sell above the bid neither trades nor rests.
        #expect(try market.place("sell", 10, at: 6_000, type: "immediate-or-cancel").ok == true)
        #expect(try tape.take().isEmpty)
        #expect(try market.place("sell", 10, at: 6_000).ok == true)
        let quote = try #require(try tape.objects().first?["quote"] as? [String: Any])
        #expect(quote["ask"] as? Int == 6_000)
    }

    @Test func executionsReachBothAccountsOfACrossWithTheirCompleteFlags() throws {
        let market = try VenueHarness()
        let buyer = StreamCollector(), seller = StreamCollector()
        let subscriptions = [
            try #require(market.server.subscribeExecutions(account: Account("BUYER1"), venue: venue, send: buyer.send)),
            try #require(market.server.subscribeExecutions(account: Account("SELLER1"), venue: venue, send: seller.send)),
        ]
        defer { subscriptions.forEach { $0.end() } }
        let standing = try #require(try market.place("buy", 10, at: 5_000, account: "BUYER1").int("id"))
        #expect(try buyer.take().isEmpty)
        let partial = try #require(try market.place("sell", 4, at: 5_000, account: "SELLER1").int("id"))

        let forBuyer = try #require(try buyer.objects().first)
        try expectExecution(forBuyer, account: "BUYER1", order: standing, standing: standing, incoming: partial, filled: 4)
        #expect(forBuyer["standingComplete"] as? Bool == false && forBuyer["incomingComplete"] as? Bool == true)
        let buyOrder = try #require(forBuyer["order"] as? [String: Any])
        #expect(buyOrder["open"] as? Bool == true && buyOrder["totalFilled"] as? Int == 4 && buyOrder["qty"] as? Int == 6)
        let forSeller = try #require(try seller.objects().first)
        try expectExecution(forSeller, account: "SELLER1", order: partial, standing: standing, incoming: partial, filled: 4)
        #expect((forSeller["order"] as? [String: Any])?["open"] as? Bool == false)

        let rest = try #require(try market.place("sell", 6, at: 5_000, account: "SELLER1").int("id"))
        let complete = try #require(try buyer.objects().first)
        try expectExecution(complete, account: "BUYER1", order: standing, standing: standing, incoming: rest, filled: 6)
        #expect(complete["standingComplete"] as? Bool == true && complete["incomingComplete"] as? Bool == true)
        #expect((complete["order"] as? [String: Any])?["open"] as? Bool == false)
        #expect(try seller.objects().count == 1)
    }

    @Test func anIncomingOrderThatSweepsTwoLevelsIsSeenAsOfEachFill() throws {
        let market = try VenueHarness()
        let seller = StreamCollector()
        let subscription = try #require(market.server.subscribeExecutions(account: Account("SELLER1"), venue: venue, send: seller.send))
        defer { subscription.end() }
        _ = try market.place("buy", 3, at: 5_000, account: "BUYER1")
        _ = try market.place("buy", 3, at: 4_900, account: "BUYER1")
        _ = try market.place("sell", 10, at: 4_900, account: "SELLER1")
        let messages = try seller.objects()
        try #require(messages.count == 2)
        let first = try #require(messages[0]["order"] as? [String: Any])
        #expect(first["totalFilled"] as? Int == 3 && (first["fills"] as? [Any])?.count == 1 && first["open"] as? Bool == true)
        #expect(messages[0]["price"] as? Int == 5_000 && messages[1]["price"] as? Int == 4_900)
        let second = try #require(messages[1]["order"] as? [String: Any])
        #expect(second["totalFilled"] as? Int == 6 && (second["fills"] as? [Any])?.count == 2)
    }

    @Test func stockScopedStreamsCarryOnlyTheirStock() throws {
        let market = try VenueHarness(symbols: ["BARBAZ"])
        let tape = StreamCollector(), fills = StreamCollector()
        let subscriptions = [
            try #require(market.server.subscribeTickertape(venue: venue, symbol: Symbol("BARBAZ"), send: tape.send)),
            try #require(market.server.subscribeExecutions(
                account: Account("BUYER1"), venue: venue, symbol: Symbol("BARBAZ"), send: fills.send)),
        ]
        defer { subscriptions.forEach { $0.end() } }
        _ = try market.place("buy", 5, at: 5_000, account: "BUYER1")
        _ = try market.place("sell", 5, at: 5_000, account: "SELLER1")
        #expect(try tape.take().isEmpty && fills.take().isEmpty)
        _ = try market.place("buy", 5, at: 5_000, account: "BUYER1", stock: "BARBAZ")
        _ = try market.place("sell", 5, at: 5_000, account: "SELLER1", stock: "BARBAZ")
        #expect(try tape.objects().count == 2)
        #expect(try fills.objects().map { $0["symbol"] as? String } == ["BARBAZ"])
        #expect(market.server.subscribeTickertape(venue: venue, symbol: Symbol("NOPE"), send: tape.send) == nil)
    }

    @Test func aSubscriberThatIsGoneIsRemovedAndDroppingEndsTheRest() throws {
        let market = try VenueHarness()
        let gone = StreamCollector(accepting: false), staying = StreamCollector()
        _ = try #require(market.server.subscribeTickertape(venue: venue, send: gone.send))
        _ = try #require(market.server.subscribeTickertape(venue: venue, send: staying.send, dropped: staying.dropped))
        #expect(market.server.streamSubscriberCount == 2)
        _ = try market.place("buy", 1, at: 5_000)
        #expect(market.server.streamSubscriberCount == 1)
        _ = try market.place("buy", 1, at: 5_000)
        #expect(try gone.take().count == 1 && staying.take().count == 2)
        #expect(market.server.dropStreams() == 1)
        #expect(market.server.streamSubscriberCount == 0 && staying.dropCount == 1)
        _ = try market.place("buy", 1, at: 5_000)
        #expect(try staying.take().isEmpty)
    }

    /// Every member of an execution message, with its type.
    private func expectExecution(
        _ message: [String: Any], account: String, order: Int, standing: Int, incoming: Int, filled: Int
    ) throws {
        #expect(Set(message.keys) == [
            "ok", "account", "venue", "symbol", "order", "standingId", "incomingId", "price", "filled", "filledAt",
            "standingComplete", "incomingComplete",
        ])
        #expect(message["ok"] as? Bool == true)
        #expect(message["account"] as? String == account)
        #expect(message["venue"] as? String == "TESTEX" && message["symbol"] as? String == "FOOBAR")
        #expect(message["standingId"] as? Int == standing && message["incomingId"] as? Int == incoming)
        #expect(message["price"] as? Int == 5_000 && message["filled"] as? Int == filled)
        #expect(message["filledAt"] is String)
        let object = try #require(message["order"] as? [String: Any])
        #expect(object["id"] as? Int == order && object["account"] as? String == account && object["ok"] == nil)
        for key in ["symbol", "venue", "direction", "orderType", "ts"] { #expect(object[key] is String, "order.\(key)") }
        for key in ["originalQty", "qty", "price", "totalFilled"] { #expect(object[key] is Int, "order.\(key)") }
        #expect(object["fills"] is [Any] && object["open"] is Bool)
    }
}
