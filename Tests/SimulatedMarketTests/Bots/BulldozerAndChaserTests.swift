import MatchingEngine
import SimulatedMarket
import StrategyKit
import Testing

/// The bots that make levels 4 and 5: the bulldozer's sweeps and the chasers' momentum trades,
/// on markets driven by `MarketBotsTests.run` (deterministic for a seed).
@Suite(.timeLimit(.minutes(10))) struct BulldozerAndChaserTests {
    @Test func aBulldozerSweepsSeveralPriceLevelsWithThousandsOfSharesInBurstsOfOneDirection() throws {
        let configuration = Level.duelingBulldozers.bots
        let (exchange, _, _) = try MarketBotsTests.run(seed: 3, steps: 2_000, configuration: configuration)
        let sweeps = exchange.orders(of: "BDZ000001", symbol: "FOOBAR")
        #expect(sweeps.count >= 10, "\(sweeps.count) sweeps in 2,000 steps")
        #expect(sweeps.allSatisfy { $0.type == .immediateOrCancel && $0.originalQty >= 1_000 && $0.originalQty <= 3_000 })
        // The largest sweeps take several prices of the book.
        let widest = sweeps.map { Set($0.fills.map(\.price)).count }.max() ?? 0
        #expect(widest >= 3, "the widest sweep took \(widest) prices")
        // Bursts: most sweeps go the way the one before went.
        let sameWay = zip(sweeps, sweeps.dropFirst()).filter { $0.side == $1.side }.count
        #expect(sameWay * 2 > sweeps.count - 1, "\(sameWay) of \(sweeps.count - 1) sweeps followed one the same way")
        #expect(exchange.validateInternalState().isEmpty)
    }

    @Test func theSameSeedGivesTheSameSweeps() throws {
        let configuration = Level.duelingBulldozers.bots
        let first = try MarketBotsTests.run(seed: 9, steps: 800, configuration: configuration)
        let second = try MarketBotsTests.run(seed: 9, steps: 800, configuration: configuration)
        #expect(first.events == second.events)
        #expect(first.bots.accounts.contains("BDZ000001"))
    }

    @Test func chasersBuyAfterTheOutsideTraderLiftsThePriceAndSellNone() throws {
        let configuration = Level.irrationalExuberance.bots
        let lift = 200
        // Ten steps of 300-share buys 20 cents through the ask lift the last trade well past the
        // chasers' threshold.
        let (exchange, _, _) = try MarketBotsTests.run(seed: 4, steps: lift + 12, configuration: configuration) { step, time, exchange in
            guard step >= lift, let ask = exchange.quote("FOOBAR", at: time)?.ask else { return }
            try exchange.submit(
                symbol: "FOOBAR", account: "EXB123456", side: .buy, type: .immediateOrCancel, price: ask + Price(cents: 20), qty: 300,
                at: time)
        }
        // From a few steps into the lift, when the last trade is above where it was a lookback ago.
        let from = Timestamp(nanoseconds: 1_700_000_000_000_000_000 + Int64(lift + 3) * MarketBotsTests.stepNanoseconds)
        let chasers: [Account] = ["MCB000001", "MCB000002", "MCB000003"]
        let chased = chasers.flatMap { exchange.orders(of: $0, symbol: "FOOBAR") }.filter { $0.ts >= from }
        #expect(chased.contains { $0.side == .buy && $0.totalFilled > .zero }, "no chaser bought during the lift")
        #expect(chased.allSatisfy { $0.side == .buy && $0.type == .immediateOrCancel }, "a chaser sold while the price rose")
    }

    @Test func theFairValueFollowsTheTapeOnlyWhenConfiguredTo() throws {
        func fairAfterLift(_ configuration: BotConfiguration) throws -> Price? {
            try MarketBotsTests.run(seed: 6, steps: 120, configuration: configuration) { step, time, exchange in
                guard step >= 100, let ask = exchange.quote("FOOBAR", at: time)?.ask else { return }
                try exchange.submit(
                    symbol: "FOOBAR", account: "EXB123456", side: .buy, type: .immediateOrCancel, price: ask + Price(cents: 20),
                    qty: 300, at: time)
            }.bots.fairValue(of: "FOOBAR")
        }
        var still = Level.irrationalExuberance.bots
        still.tapeFollowPercent = 0
        still.valuePullPercent = 0
        still.chasersPerSymbol = 0
        #expect(try fairAfterLift(still) == Level.irrationalExuberance.bots.startPrice)
        var following = still
        following.tapeFollowPercent = 20
        #expect(try #require(try fairAfterLift(following)) > Level.irrationalExuberance.bots.startPrice)
    }
}
