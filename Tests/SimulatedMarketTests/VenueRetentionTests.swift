import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct VenueRetentionTests {
    @Test func botsTradingForAnHourOfStepsLeaveTheRetainedOrdersFlat() throws {
        let bots = BotConfiguration(bots: 4)
        let venue = try VenueHarness(bots: bots, botInterval: nil) { configuration in
            configuration.firstOrderID = 1
            configuration.orderRetention = OrderRetention(maxClosedOrders: 500, maxAge: .seconds(24 * 3600))
        }
        let accounts = MarketBots(symbols: ["FOOBAR"], configuration: bots, seed: 1).accounts
        var served = 0
        var samples: [(orders: Int, fills: Int)] = []
        // 36,000 steps of 100 ms: an hour of the bots' trading, driven without any waiting.
        for _ in 0..<12 {
            for _ in 0..<3_000 { venue.server.stepBots() }
            samples.append(venue.server.retained(on: "TESTEX"))
            served = accounts.reduce(0) { $0 + venue.server.orders(of: $1, on: "TESTEX").count }
        }
        let issued = try #require(try venue.place("buy", 1, at: 1).int("id")) - 1
        #expect(issued > 20 * 500, "the bots placed only \(issued) orders")
        // At most 500 closed orders (plus a quarter of slack before a sweep) and the resting ones.
        #expect(samples.allSatisfy { $0.orders <= 500 + 125 + 200 }, "retained orders: \(samples.map(\.orders))")
        #expect(served <= samples.last!.orders, "the account lists serve \(served) orders, more than are kept")
        #expect(samples.dropFirst().allSatisfy { $0.fills <= 2 * samples[0].fills }, "retained fills: \(samples.map(\.fills))")
    }

    @Test func aForgottenOrderIsAnsweredLikeAnIDNeverGivenAndLeavesTheAccountList() throws {
        let venue = try VenueHarness { configuration in
            configuration.orderRetention = OrderRetention(maxClosedOrders: 0, maxAge: .seconds(3_600))
        }
        let resting = try #require(try venue.place("buy", 5, at: 100).int("id"))
        // Immediate-or-cancel orders below every ask close at once; past the slack of 16 closed
        // orders the book forgets them.
        var closed: [Int] = []
        for _ in 0..<17 { closed.append(try #require(try venue.place("buy", 1, at: 50, type: "immediate-or-cancel").int("id"))) }
        let forgotten = try venue.get("/venues/TESTEX/stocks/FOOBAR/orders/\(closed[0])")
        #expect(forgotten.status == 404)
        #expect(forgotten.error == "order \(closed[0]) not found (highest available on this venue is \(closed[16]))")
        #expect(try venue.call("DELETE", "/venues/TESTEX/stocks/FOOBAR/orders/\(closed[0])").status == 404)
        let listed = try #require(try venue.get("/venues/TESTEX/accounts/EXB123456/orders").list("orders"))
        #expect(listed.compactMap { $0["id"] as? Int } == [resting], "the open order stays, the closed ones leave")
        #expect(venue.server.retained(on: "TESTEX").orders == 1)
    }
}
