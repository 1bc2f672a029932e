import BlockBuyer
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct BlockBuyerTests {
    func make(_ values: [String: ParameterValue] = [:]) throws -> (BlockBuyer, StrategyParameters) {
        let parameters = try StrategyParameters(schema: BlockBuyer.parameters, values: values)
        return (try BlockBuyer(parameters: parameters), parameters)
    }

    func book(bids: [(Int64, Int64)] = [(4_900, 500)], asks: [(Int64, Int64)]) -> BookSnapshot {
        BookSnapshot.fixture(bids: bids, asks: asks)
    }

    func context(
        _ parameters: StrategyParameters, atMs ms: Int64 = 0, position: Int64 = 0, orders: [OpenOrder] = []
    ) -> StrategyContext {
        StrategyContext(
            strategyID: "bb", now: Timestamp.zero.advanced(byMilliseconds: ms), parameters: parameters,
            positions: position == 0 ? [:] : ["FOOBAR": Position(quantity: Quantity(shares: position))], openOrders: orders)
    }

    func slice(_ price: Int64, _ qty: Int64, tag: String, side: Side = .buy) -> Intent {
        .place(OrderRequest(symbol: "FOOBAR", side: side, type: .limit, price: Price(cents: price), qty: Quantity(shares: qty), tag: tag))
    }

    func working(_ id: OrderID?, qty: Int64, tag: String) -> OpenOrder {
        OpenOrder(id: id, request: OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_000, qty: Quantity(shares: qty), tag: tag))
    }

    @Test func theDefaultParametersMakeAStrategyAndAllAreDocumented() throws {
        #expect(throws: Never.self) { try BlockBuyer.descriptor.makeStrategy(values: [:]) }
        #expect(BlockBuyer.parameters.allSatisfy { !$0.help.isEmpty })
    }

    @Test func aSliceIsTheConfiguredFractionOfTheSharesAtTheTouch() throws {
        let (strategy, parameters) = try make(["touchFractionBps": .integer(2_500)])
        let intents = strategy.onBook(book(asks: [(5_000, 400), (5_010, 10_000)]), context: context(parameters))
        #expect(intents == [slice(5_000, 100, tag: "block-1")])
    }

    @Test func aSliceIsNeverLargerThanTheMaximumSlice() throws {
        let (strategy, parameters) = try make(["maxSliceQty": .integer(1_000), "touchFractionBps": .integer(5_000)])
        let intents = strategy.onBook(book(asks: [(5_000, 10_000)]), context: context(parameters))
        #expect(intents == [slice(5_000, 1_000, tag: "block-1")])
    }

    @Test func noSliceWhileTheTouchIsAboveTheCapAndOneAtTheCap() throws {
        let (strategy, parameters) = try make(["priceCapCents": .integer(4_999)])
        #expect(strategy.onBook(book(asks: [(5_000, 400)]), context: context(parameters)).isEmpty)
        let intents = strategy.onBook(book(asks: [(4_999, 400)]), context: context(parameters))
        #expect(intents == [slice(4_999, 200, tag: "block-1")])
    }

    @Test func aSliceShrinksToStayWithinOneSliceOfTheLinearSchedule() throws {
        let (strategy, parameters) = try make([
            "targetQty": .integer(100_000), "durationMs": .integer(100_000), "maxSliceQty": .integer(1_000),
        ])
        let deep = book(asks: [(5_000, 100_000)])
        #expect(strategy.onBook(deep, context: context(parameters)) == [slice(5_000, 1_000, tag: "block-1")])
        // After 0.5 s the schedule says 500; with 1,000 bought, only 500 more may go.
        #expect(strategy.onBook(deep, context: context(parameters, atMs: 500, position: 1_000)) == [slice(5_000, 500, tag: "block-2")])
        #expect(strategy.onBook(deep, context: context(parameters, atMs: 500, position: 1_500)).isEmpty)
    }

    @Test func aRestingSliceIsCancelledOnceStaleAndOnlyOnce() throws {
        let (strategy, parameters) = try make(["targetQty": .integer(1_000), "maxSliceQty": .integer(1_000), "staleMs": .integer(1_000)])
        #expect(strategy.onBook(book(asks: [(5_000, 5_000)]), context: context(parameters)) == [slice(5_000, 1_000, tag: "block-1")])
        let resting = [working(7, qty: 1_000, tag: "block-1")]
        let empty = book(asks: [])
        #expect(strategy.onBook(empty, context: context(parameters, atMs: 999, orders: resting)).isEmpty)
        #expect(strategy.onBook(empty, context: context(parameters, atMs: 1_000, orders: resting)) == [.cancel(7)])
        #expect(strategy.onBook(empty, context: context(parameters, atMs: 1_500, orders: resting)).isEmpty)
    }

    @Test func aCancelThatLeftTheSliceOpenIsSentAgainAfterStaleMs() throws {
        let (strategy, parameters) = try make(["targetQty": .integer(1_000), "maxSliceQty": .integer(1_000), "staleMs": .integer(1_000)])
        _ = strategy.onBook(book(asks: [(5_000, 5_000)]), context: context(parameters))
        let resting = [working(7, qty: 1_000, tag: "block-1")]
        let empty = book(asks: [])
        #expect(strategy.onBook(empty, context: context(parameters, atMs: 1_000, orders: resting)) == [.cancel(7)])
        #expect(strategy.onBook(empty, context: context(parameters, atMs: 1_999, orders: resting)).isEmpty)
        #expect(strategy.onBook(empty, context: context(parameters, atMs: 2_000, orders: resting)) == [.cancel(7)])
    }

    @Test func filledAndWorkingSharesNeverOvershootTheTarget() throws {
        let (strategy, parameters) = try make(["targetQty": .integer(1_000), "durationMs": .integer(0)])
        let deep = book(asks: [(5_000, 100_000)])
        let orders = [working(3, qty: 200, tag: "earlier")]
        #expect(strategy.onBook(deep, context: context(parameters, position: 700, orders: orders)) == [slice(5_000, 100, tag: "block-1")])
        #expect(strategy.onBook(deep, context: context(parameters, position: 800, orders: orders)).isEmpty)
        #expect(strategy.onBook(deep, context: context(parameters, position: 1_000)).isEmpty)
    }

    @Test func aNewSliceNeverReusesTheTagOfOneLeftFromBeforeARestart() throws {
        let (strategy, parameters) = try make()
        let left = [working(3, qty: 100, tag: "block-1")]
        let intents = strategy.onBook(book(asks: [(5_000, 400)]), context: context(parameters, orders: left))
        #expect(intents == [slice(5_000, 200, tag: "block-2")])
    }

    @Test func noSliceWhileTheLastIsUnacknowledged() throws {
        let (strategy, parameters) = try make()
        let inFlight = [working(nil, qty: 100, tag: "block-1")]
        #expect(strategy.onBook(book(asks: [(5_000, 5_000)]), context: context(parameters, orders: inFlight)).isEmpty)
    }

    @Test func sellingTakesTheBidAndTreatsTheCapAsAFloor() throws {
        let (strategy, parameters) = try make(["side": .string("sell"), "priceCapCents": .integer(4_990)])
        #expect(strategy.onBook(book(bids: [(4_985, 400)], asks: []), context: context(parameters)).isEmpty)
        let intents = strategy.onBook(book(bids: [(4_990, 400), (4_980, 900)], asks: []), context: context(parameters))
        #expect(intents == [slice(4_990, 200, tag: "block-1", side: .sell)])
    }
}
