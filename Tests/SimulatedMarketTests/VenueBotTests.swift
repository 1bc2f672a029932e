import Foundation
import MarketTestSupport
import SimulatedMarket
import Testing

@Suite(.timeLimit(.minutes(10))) struct VenueBotTests {
    /// The bids and asks of a book response, without its time.
    private func entries(_ venue: VenueHarness, _ path: String) throws -> String {
        let reply = try venue.get(path)
        let data = try JSONSerialization.data(withJSONObject: [reply["bids"] ?? [], reply["asks"] ?? []], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func steppedBotsMakeAMarketWithTrades() throws {
        let venue = try VenueHarness(venue: "OGEX", symbols: ["ABC"], bots: BotConfiguration(bots: 4), botSeed: 7)
        for _ in 0..<300 { venue.server.stepBots() }
        for path in ["/venues/TESTEX/stocks/FOOBAR", "/venues/OGEX/stocks/ABC"] {
            let quote = try venue.get(path + "/quote")
            #expect(quote.int("bid") != nil && quote.int("ask") != nil)
            #expect(quote.int("last") != nil)
            #expect(try venue.get(path).list("bids")?.isEmpty == false)
        }
        let makerOrders = try venue.get("/venues/TESTEX/accounts/MMB000001/orders").list("orders")
        #expect(makerOrders?.isEmpty == false)
    }

    @Test func theMarketsClockCountsEveryStepOfTheBots() throws {
        let venue = try VenueHarness(bots: BotConfiguration(bots: 4), botSeed: 1)
        #expect(venue.server.botSteps == 0)
        for _ in 0..<250 { venue.server.stepBots() }
        #expect(venue.server.botSteps == 250)
    }

    @Test func sameSeedGivesTheSameMarketAndAnotherSeedADifferentOne() throws {
        func market(seed: UInt64) throws -> String {
            let venue = try VenueHarness(bots: BotConfiguration(bots: 4), botSeed: seed)
            for _ in 0..<200 { venue.server.stepBots() }
            return try entries(venue, "/venues/TESTEX/stocks/FOOBAR")
        }
        let first = try market(seed: 42)
        #expect(try market(seed: 42) == first)
        #expect(try market(seed: 43) != first)
    }

    @Test func outsideOrdersTradeWithTheBots() throws {
        let venue = try VenueHarness(bots: BotConfiguration(bots: 4), botSeed: 3)
        for _ in 0..<100 { venue.server.stepBots() }
        let ask = try #require(try venue.get("/venues/TESTEX/stocks/FOOBAR/quote").int("ask"))
        let buy = try venue.place("buy", 1, at: ask, type: "immediate-or-cancel", account: "OUTSIDER")
        #expect(buy.int("totalFilled") == 1)
        #expect((buy.list("fills")?.first?["price"] as? Int) == ask)
    }

    @Test func timerDrivenBotsTradeWhileServing() throws {
        let venue = try VenueHarness(bots: BotConfiguration(bots: 4, intensity: 400), botSeed: 5, botInterval: .milliseconds(10))
        // Bounded wait (at most 10 s) for the timer to have produced a trade.
        var traded = false
        for _ in 0..<1000 where !traded {
            traded = try venue.get("/venues/TESTEX/stocks/FOOBAR/quote").int("last") != nil
            if !traded { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(traded)
    }
}
