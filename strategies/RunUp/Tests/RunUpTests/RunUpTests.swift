import RunUp
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct RunUpTests {
    func make(_ values: [String: ParameterValue] = [:]) throws -> (RunUp, StrategyParameters) {
        let parameters = try StrategyParameters(schema: RunUp.parameters, values: values)
        return (try RunUp(parameters: parameters), parameters)
    }

    let book = BookSnapshot.fixture(bids: [(4_998, 100)], asks: [(5_003, 100), (5_004, 300)])

    func holding(_ shares: Int64) -> [Symbol: Position] {
        ["FOOBAR": Position.flat.applying(side: .buy, price: 5_000, qty: Quantity(shares: shares))]
    }

    @Test func startsARunWithImmediateOrCancelBuysThroughTheAsk() throws {
        let (strategy, parameters) = try make()
        let context = StrategyContext(strategyID: "ru", now: .zero, parameters: parameters, positions: holding(500))
        #expect(strategy.onBook(book, context: context) == [
            .place(OrderRequest(symbol: "FOOBAR", side: .buy, type: .immediateOrCancel, price: 5_008, qty: 100, tag: "runup-push"))
        ])
        #expect(strategy.phase == .pushing)
    }

    @Test func sellsItsSharesOneSliceAtACentUnderTheAskOnceThePushIsHeld() throws {
        let (strategy, parameters) = try make()
        let context = StrategyContext(strategyID: "ru", now: .zero, parameters: parameters, positions: holding(600))
        #expect(strategy.onBook(book, context: context) == [
            .place(OrderRequest(symbol: "FOOBAR", side: .sell, type: .limit, price: 5_002, qty: 200, tag: "runup-sell"))
        ])
        #expect(strategy.phase == .selling)
    }

    @Test func movesItsOfferWhenTheAskMovesAndWaitsWhileAnOrderIsInFlight() throws {
        let (strategy, parameters) = try make()
        _ = strategy.onBook(book, context: StrategyContext(strategyID: "ru", now: .zero, parameters: parameters, positions: holding(600)))
        let resting = OpenOrder(id: 9, request: OrderRequest(symbol: "FOOBAR", side: .sell, price: 5_002, qty: 200, tag: "runup-sell"))
        let context = StrategyContext(strategyID: "ru", now: .zero, parameters: parameters, positions: holding(600), openOrders: [resting])
        // The ask is still at $50.03 (its own offer left out): the offer stays.
        #expect(strategy.onBook(book, context: context).isEmpty)
        let lifted = BookSnapshot.fixture(bids: [(5_010, 100)], asks: [(5_002, 200), (5_020, 300)])
        #expect(strategy.onBook(lifted, context: context) == [.cancel(9)])
        // Asked once: not again while it is being cancelled.
        #expect(strategy.onBook(lifted, context: context).isEmpty)
        let unacknowledged = OpenOrder(id: nil, request: resting.request)
        let inFlight = StrategyContext(strategyID: "ru", now: .zero, parameters: parameters, positions: holding(600), openOrders: [unacknowledged])
        #expect(strategy.onBook(lifted, context: inFlight).isEmpty)
    }

    @Test func pausesWhenFlatAgainThenStartsTheNextRun() throws {
        let (strategy, parameters) = try make(["pauseMs": .integer(1_000)])
        _ = strategy.onBook(book, context: StrategyContext(strategyID: "ru", now: .zero, parameters: parameters, positions: holding(600)))
        let flat = StrategyContext(strategyID: "ru", now: .zero, parameters: parameters)
        #expect(strategy.onBook(book, context: flat).isEmpty)
        #expect(strategy.phase == .paused(until: Timestamp(nanoseconds: 1_000_000_000)))
        let later = StrategyContext(strategyID: "ru", now: Timestamp(nanoseconds: 1_000_000_000), parameters: parameters)
        #expect(strategy.onBook(book, context: later).first.map { if case .place(let order) = $0 { order.side == .buy } else { false } } == true)
        #expect(strategy.phase == .pushing)
    }

    @Test func ignoresOtherStocks() throws {
        let (strategy, parameters) = try make(["symbol": .string("BARBAZ")])
        #expect(strategy.onBook(book, context: StrategyContext(strategyID: "ru", now: .zero, parameters: parameters)).isEmpty)
    }
}
