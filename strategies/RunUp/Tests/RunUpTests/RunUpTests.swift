import RunUp
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct RunUpTests {
    /// Parameters the tests' figures are worked out from, whatever the defaults, with `values` over them.
    func make(_ values: [String: ParameterValue] = [:]) throws -> (RunUp, StrategyParameters) {
        let fixed: [String: ParameterValue] = [
            "pushQty": .integer(400), "sliceQty": .integer(200), "throughCents": .integer(5), "rungs": .integer(4),
            "rungCents": .integer(5), "exitMs": .integer(300), "pauseMs": .integer(4_000),
        ]
        let parameters = try StrategyParameters(schema: RunUp.parameters, values: fixed.merging(values) { $1 })
        return (try RunUp(parameters: parameters), parameters)
    }

    let book = BookSnapshot.fixture(bids: [(4_998, 100)], asks: [(5_003, 100), (5_004, 300)])

    func holding(_ shares: Int64) -> [Symbol: Position] {
        shares == 0 ? [:] : ["FOOBAR": Position.flat.applying(side: .buy, price: 5_000, qty: Quantity(shares: shares))]
    }

    func at(_ milliseconds: Int64, _ parameters: StrategyParameters, holding shares: Int64, orders: [OpenOrder] = []) -> StrategyContext {
        StrategyContext(
            strategyID: "ru", now: Timestamp(nanoseconds: milliseconds * 1_000_000), parameters: parameters, positions: holding(shares),
            openOrders: orders)
    }

    /// The ladder RunUp places over a $49.98 bid while holding 400 shares, as acknowledged orders.
    let ladder = (1...4).map { rung in
        OpenOrder(id: OrderID(Int64(rung)), request: OrderRequest(symbol: "FOOBAR", side: .sell, price: Price(cents: 4_998 + 5 * rung), qty: 100, tag: "runup-sell"))
    }

    @Test func startsARunWithImmediateOrCancelBuysThroughTheAsk() throws {
        let (strategy, parameters) = try make()
        #expect(strategy.onBook(book, context: at(0, parameters, holding: 300)) == [
            .place(OrderRequest(symbol: "FOOBAR", side: .buy, type: .immediateOrCancel, price: 5_008, qty: 100, tag: "runup-push"))
        ])
        #expect(strategy.phase == .pushing)
    }

    @Test func offersItsSharesAsALadderSteppingUpFromTheBidOnceThePushIsHeld() throws {
        let (strategy, parameters) = try make()
        #expect(strategy.onBook(book, context: at(0, parameters, holding: 400)) == ladder.map { .place($0.request) })
        #expect(strategy.phase == .selling(high: 4_998, since: .zero))
    }

    @Test func aRisingBidKeepsTheLadderOutAndAStalledOneSellsOutAtTheBid() throws {
        let (strategy, parameters) = try make()
        _ = strategy.onBook(book, context: at(0, parameters, holding: 400))
        let higher = BookSnapshot.fixture(bids: [(5_006, 100)], asks: [(5_003, 100), (5_008, 300)])
        #expect(strategy.onBook(higher, context: at(250, parameters, holding: 300, orders: Array(ladder.dropFirst()))).isEmpty)
        #expect(strategy.phase == .selling(high: 5_006, since: Timestamp(nanoseconds: 250_000_000)))
        // 300 ms after the last new high, the rest of the ladder is cancelled, once.
        #expect(strategy.onBook(higher, context: at(500, parameters, holding: 300, orders: Array(ladder.dropFirst()))).isEmpty)
        #expect(strategy.onBook(higher, context: at(550, parameters, holding: 300, orders: Array(ladder.dropFirst()))) == [.cancel(2), .cancel(3), .cancel(4)])
        #expect(strategy.phase == .exiting)
        #expect(strategy.onBook(higher, context: at(600, parameters, holding: 300, orders: Array(ladder.dropFirst()))).isEmpty)
        // Cancelled: what is left goes at the bid.
        #expect(strategy.onBook(higher, context: at(650, parameters, holding: 300)) == [
            .place(OrderRequest(symbol: "FOOBAR", side: .sell, type: .immediateOrCancel, price: 5_006, qty: 300, tag: "runup-exit"))
        ])
    }

    @Test func pausesWhenFlatAgainThenStartsTheNextRun() throws {
        let (strategy, parameters) = try make(["pauseMs": .integer(1_000)])
        _ = strategy.onBook(book, context: at(0, parameters, holding: 400))
        #expect(strategy.onBook(book, context: at(100, parameters, holding: 0)).isEmpty)
        #expect(strategy.phase == .paused(until: Timestamp(nanoseconds: 1_100_000_000)))
        #expect(strategy.onBook(book, context: at(1_000, parameters, holding: 0)).isEmpty)
        #expect(strategy.onBook(book, context: at(1_100, parameters, holding: 0)) == [
            .place(OrderRequest(symbol: "FOOBAR", side: .buy, type: .immediateOrCancel, price: 5_008, qty: 200, tag: "runup-push"))
        ])
        #expect(strategy.phase == .pushing)
    }

    @Test func ignoresOtherStocks() throws {
        let (strategy, parameters) = try make(["symbol": .string("BARBAZ")])
        #expect(strategy.onBook(book, context: StrategyContext(strategyID: "ru", now: .zero, parameters: parameters)).isEmpty)
    }
}
