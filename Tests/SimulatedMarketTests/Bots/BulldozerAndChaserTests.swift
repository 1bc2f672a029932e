import MatchingEngine
import SimulatedMarket
import StrategyKit
import Testing

/// The bots that make levels 4 and 5: the bulldozer's sweeps and the chasers' runs and dumps,
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

    /// Ten steps of 300-share buys 20 cents through the ask, from step `lift` on.
    static func lifting(from lift: Int) -> (Int, Timestamp, inout Exchange) throws -> Void {
        { step, time, exchange in
            guard step >= lift, step < lift + 10, let ask = exchange.quote("FOOBAR", at: time)?.ask else { return }
            try exchange.submit(
                symbol: "FOOBAR", account: "EXB123456", side: .buy, type: .immediateOrCancel, price: ask + Price(cents: 20), qty: 300,
                at: time)
        }
    }

    static let chasers: [Account] = ["MCB000001", "MCB000002", "MCB000003"]

    @Test(arguments: [1, 2, 3] as [UInt64]) func chasersStayOutOfTheQuietMarket(seed: UInt64) throws {
        let (exchange, _, _) = try MarketBotsTests.run(seed: seed, steps: 2_000, configuration: Level.irrationalExuberance.bots)
        #expect(Self.chasers.allSatisfy { exchange.orders(of: $0, symbol: "FOOBAR").isEmpty })
    }

    @Test func chasersBuyIntoALiftThenDumpEverythingOnceItStalls() throws {
        let lift = 200
        let (exchange, _, _) = try MarketBotsTests.run(
            seed: 4, steps: lift + 200, configuration: Level.irrationalExuberance.bots, outside: Self.lifting(from: lift))
        for chaser in Self.chasers {
            let orders = exchange.orders(of: chaser, symbol: "FOOBAR").filter { $0.totalFilled > .zero }
            let bought = orders.filter { $0.side == .buy }.map(\.totalFilled.shares).reduce(0, +)
            let sold = orders.filter { $0.side == .sell }.map(\.totalFilled.shares).reduce(0, +)
            #expect(bought > 0, "\(chaser) bought nothing in the run")
            // The dump closes the position, and only follows the buying.
            #expect(sold == bought, "\(chaser) bought \(bought) and sold \(sold)")
            let lastBuy = orders.filter { $0.side == .buy }.map(\.ts).max()
            let firstSell = orders.filter { $0.side == .sell }.map(\.ts).min()
            #expect(lastBuy.flatMap { buy in firstSell.map { buy < $0 } } == true, "\(chaser) sold before its last buy")
            #expect(orders.allSatisfy { $0.type == .immediateOrCancel })
        }
    }

    @Test func theSameSeedAndLiftGiveTheSameRun() throws {
        let configuration = Level.irrationalExuberance.bots
        let first = try MarketBotsTests.run(seed: 5, steps: 400, configuration: configuration, outside: Self.lifting(from: 200))
        let second = try MarketBotsTests.run(seed: 5, steps: 400, configuration: configuration, outside: Self.lifting(from: 200))
        #expect(first.events == second.events)
        #expect(Self.chasers.contains { !first.exchange.orders(of: $0, symbol: "FOOBAR").isEmpty })
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
