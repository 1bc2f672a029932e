import Momentum
import StrategyKit
import Testing
import TestSupport

/// Windows of 2 and 4 bars, entry at 100 bps and exit at 20 bps of the slow average. Each price
/// is a bar's close, then a book a cent either side of it.
@Suite(.timeLimit(.minutes(10))) struct MomentumTests {
    static let small: [String: ParameterValue] = [
        "fastWindow": .integer(2), "slowWindow": .integer(4), "entryBps": .integer(100), "exitBps": .integer(20),
        "positionLimit": .integer(200), "orderSize": .integer(100),
    ]

    func make(_ overrides: [String: ParameterValue] = [:]) throws -> (Momentum, StrategyParameters) {
        let parameters = try StrategyParameters(schema: Momentum.parameters, values: Self.small.merging(overrides) { $1 })
        return (try Momentum(parameters: parameters), parameters)
    }

    func book(_ price: Int64) -> BookSnapshot {
        BookSnapshot.fixture(bids: [(price - 1, 50)], asks: [(price + 1, 50)])
    }

    func context(_ parameters: StrategyParameters, position: Int64 = 0) -> StrategyContext {
        StrategyContext(
            strategyID: "mo", now: .zero, parameters: parameters,
            positions: position == 0 ? [:] : ["FOOBAR": Position(quantity: Quantity(shares: position))])
    }

    /// Feeds one bar closing at each price, then a book around it; returns the intents of the
    /// last book.
    func feed(_ strategy: Momentum, _ prices: [Int64], _ context: StrategyContext) -> [Intent] {
        var intents: [Intent] = []
        for price in prices {
            let close = Price(cents: price)
            let bar = Bar(symbol: "FOOBAR", timeframe: .oneMinute, start: .zero, open: close, high: close, low: close, close: close, volume: 100, trades: 1)
            #expect(strategy.onBar(bar, context: context).isEmpty)
            intents = strategy.onBook(book(price), context: context)
        }
        return intents
    }

    func order(_ side: Side, _ price: Int64, _ qty: Int64 = 100) -> Intent {
        .place(OrderRequest(
            symbol: "FOOBAR", side: side, type: .immediateOrCancel, price: Price(cents: price), qty: Quantity(shares: qty),
            tag: "momentum"))
    }

    @Test func theDefaultParametersMakeAStrategyAndAllAreDocumented() throws {
        #expect(throws: Never.self) { try Momentum.descriptor.makeStrategy(values: [:]) }
        #expect(Momentum.parameters.allSatisfy { !$0.help.isEmpty })
    }

    @Test func noTradeUntilTheSlowWindowIsFull() throws {
        let (strategy, parameters) = try make()
        #expect(feed(strategy, [9_000, 9_000, 11_000], context(parameters)).isEmpty)
    }

    @Test func goesLongExactlyWhenTheFastAverageIsTheEntryThresholdAboveTheSlow() throws {
        let (below, parameters) = try make()
        // Slow 10000, fast 10099: 99 bps.
        #expect(feed(below, [9_901, 9_901, 10_099, 10_099], context(parameters)).isEmpty)
        let (at, _) = try make()
        // Slow 10000, fast 10100: 100 bps; buys at the ask.
        #expect(feed(at, [9_900, 9_900, 10_100, 10_100], context(parameters)) == [order(.buy, 10_101)])
    }

    @Test func goesShortWhenTheFastAverageIsTheEntryThresholdBelowTheSlow() throws {
        let (strategy, parameters) = try make()
        #expect(feed(strategy, [10_100, 10_100, 9_900, 9_900], context(parameters)) == [order(.sell, 9_899)])
    }

    @Test func keepsBuyingToTheLimitBetweenTheThresholds() throws {
        let (strategy, parameters) = try make()
        _ = feed(strategy, [9_900, 9_900, 10_100, 10_100], context(parameters))
        // Slow 10050, fast 10100: about 50 bps, inside the entry but outside the exit threshold.
        #expect(feed(strategy, [10_100], context(parameters, position: 100)) == [order(.buy, 10_101)])
    }

    @Test func exitFlattensOnceTheGapIsWithinTheExitThreshold() throws {
        let (strategy, parameters) = try make()
        _ = feed(strategy, [9_900, 9_900, 10_100, 10_100], context(parameters))
        #expect(feed(strategy, [10_100], context(parameters, position: 200)).isEmpty, "50 bps: still long")
        // All four at 10100: no gap at all; sells at the bid.
        #expect(feed(strategy, [10_100], context(parameters, position: 200)) == [order(.sell, 10_099)])
    }

    @Test func aLongFlipsToShortWhenTheGapReachesTheShortEntry() throws {
        let (strategy, parameters) = try make()
        _ = feed(strategy, [9_900, 9_900, 10_100, 10_100], context(parameters))
        // 9700 gives about -50 bps (still long); then 10100 makes slow 10000 and fast 9900:
        // short, so a long of 200 sells toward -200, 100 at a time.
        #expect(feed(strategy, [9_700], context(parameters, position: 200)).isEmpty)
        #expect(feed(strategy, [10_100], context(parameters, position: 200)) == [order(.sell, 10_099)])
    }

    @Test func stopsAddingAtThePositionLimit() throws {
        let (strategy, parameters) = try make()
        _ = feed(strategy, [9_900, 9_900, 10_100], context(parameters))
        #expect(feed(strategy, [10_100], context(parameters, position: 150)) == [order(.buy, 10_101, 50)])
        #expect(feed(strategy, [10_300], context(parameters, position: 200)).isEmpty)
    }

    @Test func waitsForItsOpenOrderBeforeSendingAnother() throws {
        let (strategy, parameters) = try make()
        let open = OpenOrder(id: nil, request: OrderRequest(symbol: "FOOBAR", side: .buy, type: .immediateOrCancel, price: 10_101, qty: 100))
        let busy = StrategyContext(strategyID: "mo", now: .zero, parameters: parameters, openOrders: [open])
        #expect(feed(strategy, [9_900, 9_900, 10_100, 10_100], busy).isEmpty)
    }

    @Test func refusesAFastWindowNotShorterThanTheSlowOne() throws {
        #expect(throws: ParameterError.outOfRange(name: "fastWindow", value: 4, range: 1...3)) {
            try make(["fastWindow": .integer(4)])
        }
    }

    @Test func refusesAnExitThresholdNotBelowTheEntryThreshold() throws {
        #expect(throws: ParameterError.outOfRange(name: "exitBps", value: 100, range: 0...99)) {
            try make(["exitBps": .integer(100)])
        }
    }
}
