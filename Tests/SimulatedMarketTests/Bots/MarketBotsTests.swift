import MatchingEngine
import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct MarketBotsTests {
    static let symbols: [Symbol] = ["FOOBAR", "BARFOO"]
    static let stepNanoseconds: Int64 = 100_000_000

    /// Runs `steps` bot steps of 100 ms; before each step `outside` may place orders of its own.
    static func run(
        seed: UInt64, steps: Int, configuration: BotConfiguration = BotConfiguration(),
        outside: (Int, Timestamp, inout Exchange) throws -> Void = { _, _, _ in }
    ) throws -> (exchange: Exchange, bots: MarketBots, events: [MatchEvent]) {
        var exchange = Exchange(venue: "TESTEX", symbols: symbols)
        var bots = MarketBots(symbols: symbols, configuration: configuration, seed: seed)
        var events: [MatchEvent] = []
        for step in 0..<steps {
            let time = Timestamp(nanoseconds: 1_700_000_000_000_000_000 + Int64(step) * stepNanoseconds)
            try outside(step, time, &exchange)
            events += bots.step(at: time, on: &exchange)
        }
        return (exchange, bots, events)
    }

    static func trades(_ events: [MatchEvent]) -> [Execution] {
        events.compactMap { if case .fill(let trade) = $0 { trade } else { nil } }
    }

    /// An outside trader sending the same orders in both runs.
    static func outsideTrader(step: Int, time: Timestamp, exchange: inout Exchange) throws {
        guard step % 5 == 0, let quote = exchange.quote("FOOBAR", at: time), let bid = quote.bid else { return }
        try exchange.submit(
            symbol: "FOOBAR", account: "EXB123456", side: step % 10 == 0 ? .buy : .sell, type: .limit,
            price: bid, qty: 25, at: time)
    }

    @Test func sameSeedAndSameOutsideOrdersGiveIdenticalMarkets() throws {
        var first = try Self.run(seed: 42, steps: 600, outside: Self.outsideTrader)
        var second = try Self.run(seed: 42, steps: 600, outside: Self.outsideTrader)
        #expect(!first.events.isEmpty)
        #expect(first.events == second.events)
        for symbol in Self.symbols {
            #expect(first.exchange.entries(symbol)! == second.exchange.entries(symbol)!)
            #expect(first.bots.fairValue(of: symbol) == second.bots.fairValue(of: symbol))
        }
    }

    @Test func differentSeedsGiveDifferentMarkets() throws {
        let first = try Self.run(seed: 1, steps: 200)
        let second = try Self.run(seed: 2, steps: 200)
        #expect(first.events != second.events)
    }

    @Test func defaultIntensityGivesSeveralTradesPerSecondOnEachSymbol() throws {
        let (exchange, _, events) = try Self.run(seed: 7, steps: 600)
        for symbol in Self.symbols {
            let count = Self.trades(events).filter { exchange.symbol(of: $0.incoming) == symbol }.count
            #expect(count >= 3 * 60, "\(symbol): \(count) trades in 60 simulated seconds")
        }
    }

    @Test func zeroIntensityStopsAllTrading() throws {
        let (_, _, events) = try Self.run(seed: 7, steps: 300, configuration: BotConfiguration(intensity: 0))
        #expect(events.isEmpty)
    }

    @Test func botsNeverTradeWithThemselvesAndLeaveSoundTwoSidedBooks() throws {
        let (exchange, _, events) = try Self.run(seed: 11, steps: 600)
        for trade in Self.trades(events) {
            #expect(exchange.account(of: trade.standing) != exchange.account(of: trade.incoming))
        }
        #expect(exchange.validateInternalState().isEmpty)
        for symbol in Self.symbols {
            let quote = exchange.quote(symbol, at: .zero)
            #expect(quote?.bid != nil && quote?.ask != nil)
        }
    }

    @Test func botsTradeWithOutsideOrdersAndTheFairValueMoves() throws {
        var outsideIDs: [OrderID] = []
        let (exchange, bots, _) = try Self.run(seed: 5, steps: 600) { step, time, exchange in
            guard step % 50 == 10, let quote = exchange.quote("FOOBAR", at: time), let bid = quote.bid else { return }
            let placed = try exchange.submit(
                symbol: "FOOBAR", account: "EXB123456", side: .buy, type: .limit, price: bid, qty: 10, at: time)
            outsideIDs.append(placed.id)
        }
        let filled = outsideIDs.compactMap { exchange.status($0) }.reduce(Int64(0)) { $0 + $1.totalFilled.shares }
        #expect(filled > 0)
        #expect(bots.fairValue(of: "FOOBAR") != BotConfiguration().startPrice)
    }
}
