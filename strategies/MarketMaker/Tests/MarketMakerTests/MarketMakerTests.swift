import MarketMaker
import StrategyKit
import Testing
import TestSupport

/// Books here list the rest of the market; `ours` adds our own resting quotes to them, as the
/// exchange would show them.
@Suite(.timeLimit(.minutes(10))) struct MarketMakerTests {
    static let midReference: [String: ParameterValue] = [
        "reference": .string("mid"), "halfSpreadCents": .integer(5), "quoteSize": .integer(100),
        "skewCentsPer100": .integer(2), "positionLimit": .integer(500), "requoteCents": .integer(5),
    ]

    func make(_ overrides: [String: ParameterValue] = [:]) throws -> (MarketMaker, StrategyParameters) {
        let values = Self.midReference.merging(overrides) { $1 }
        let parameters = try StrategyParameters(schema: MarketMaker.parameters, values: values)
        return (try MarketMaker(parameters: parameters), parameters)
    }

    func book(bid: (Int64, Int64), ask: (Int64, Int64), ours: [OpenOrder] = []) -> BookSnapshot {
        var bids = [BookEntry(price: Price(cents: bid.0), qty: Quantity(shares: bid.1), isBuy: true)]
        var asks = [BookEntry(price: Price(cents: ask.0), qty: Quantity(shares: ask.1), isBuy: false)]
        for order in ours {
            let entry = BookEntry(price: order.request.price, qty: order.remaining, isBuy: order.request.side == .buy)
            if entry.isBuy { bids.append(entry) } else { asks.append(entry) }
        }
        bids.sort { $0.price > $1.price }
        asks.sort { $0.price < $1.price }
        return BookSnapshot.fixture(bidEntries: bids, askEntries: asks)
    }

    func context(_ parameters: StrategyParameters, position: Int64 = 0, orders: [OpenOrder] = [], atMs ms: Int64 = 0) -> StrategyContext {
        StrategyContext(
            strategyID: "mm", now: Timestamp.zero.advanced(byMilliseconds: ms), parameters: parameters,
            positions: position == 0 ? [:] : ["FOOBAR": Position(quantity: Quantity(shares: position))], openOrders: orders)
    }

    func place(_ side: Side, _ price: Int64, _ qty: Int64 = 100, tag: String) -> Intent {
        .place(OrderRequest(symbol: "FOOBAR", side: side, type: .limit, price: Price(cents: price), qty: Quantity(shares: qty), tag: tag))
    }

    /// Places the first two quotes on a 4990/5010 market and returns them acknowledged as 1 and 2.
    func quoted(_ strategy: MarketMaker, _ parameters: StrategyParameters) -> [OpenOrder] {
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters))
        return intents.enumerated().compactMap { index, intent in
            guard case .place(let request) = intent else { return nil }
            return OpenOrder(id: OrderID(Int64(index + 1)), request: request)
        }
    }

    @Test func theDefaultParametersMakeAStrategyAndAllAreDocumented() throws {
        #expect(throws: Never.self) { try MarketMaker.descriptor.makeStrategy(values: [:]) }
        #expect(MarketMaker.parameters.allSatisfy { !$0.help.isEmpty })
    }

    @Test func quotesBothSidesAroundTheMidWhenFlat() throws {
        let (strategy, parameters) = try make()
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters))
        #expect(intents == [place(.buy, 4_995, tag: "mm-buy-1"), place(.sell, 5_005, tag: "mm-sell-2")])
    }

    @Test func microPriceReferenceLeansTowardTheThinnerSide() throws {
        let (strategy, parameters) = try make(["reference": .string("micro")])
        // (4990 × 100 + 5010 × 300) / 400 = 5005: many buyers, few sellers, the price leans up.
        let intents = strategy.onBook(book(bid: (4_990, 300), ask: (5_010, 100)), context: context(parameters))
        #expect(intents == [place(.buy, 5_000, tag: "mm-buy-1"), place(.sell, 5_010, tag: "mm-sell-2")])
    }

    @Test func longInventorySkewsBothQuotesDown() throws {
        let (strategy, parameters) = try make()
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, position: 200))
        #expect(intents == [place(.buy, 4_991, tag: "mm-buy-1"), place(.sell, 5_001, tag: "mm-sell-2")])
    }

    @Test func shortInventorySkewsBothQuotesUp() throws {
        let (strategy, parameters) = try make()
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, position: -300))
        #expect(intents == [place(.buy, 5_001, tag: "mm-buy-1"), place(.sell, 5_011, tag: "mm-sell-2")])
    }

    @Test func aMoveWithinTheThresholdKeepsTheQuotes() throws {
        let (strategy, parameters) = try make()
        let quotes = quoted(strategy, parameters)
        // The market's mid moves from 5000 to 5005: exactly the threshold, not beyond it.
        let intents = strategy.onBook(book(bid: (4_995, 200), ask: (5_015, 200), ours: quotes), context: context(parameters, orders: quotes))
        #expect(intents.isEmpty)
    }

    @Test func aMoveBeyondTheThresholdCancelsThenRequotesOnceTheCancelsClose() throws {
        let (strategy, parameters) = try make()
        let quotes = quoted(strategy, parameters)
        let moved = book(bid: (4_996, 200), ask: (5_016, 200), ours: quotes)
        #expect(strategy.onBook(moved, context: context(parameters, orders: quotes)) == [.cancel(1), .cancel(2)])
        #expect(strategy.onBook(moved, context: context(parameters, orders: quotes)).isEmpty, "cancels are pending")
        let intents = strategy.onBook(book(bid: (4_996, 200), ask: (5_016, 200)), context: context(parameters))
        #expect(intents == [place(.buy, 5_001, tag: "mm-buy-3"), place(.sell, 5_011, tag: "mm-sell-4")])
    }

    @Test func aCancelStillOpenAfterASecondIsSentAgain() throws {
        let (strategy, parameters) = try make()
        let quotes = quoted(strategy, parameters)
        let moved = book(bid: (4_996, 200), ask: (5_016, 200), ours: quotes)
        #expect(strategy.onBook(moved, context: context(parameters, orders: quotes)) == [.cancel(1), .cancel(2)])
        #expect(strategy.onBook(moved, context: context(parameters, orders: quotes, atMs: 999)).isEmpty)
        #expect(strategy.onBook(moved, context: context(parameters, orders: quotes, atMs: 1_000)) == [.cancel(1), .cancel(2)])
    }

    @Test func aRejectedQuoteWaitsForTheNextBook() throws {
        let (strategy, parameters) = try make()
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters))
        guard case .place(let bid)? = intents.first else {
            Issue.record("no bid placed")
            return
        }
        let asks = intents.dropFirst().compactMap { intent -> OpenOrder? in
            guard case .place(let request) = intent else { return nil }
            return OpenOrder(id: nil, request: request)
        }
        let rejected = OrderUpdate.rejected(bid, reason: "RISK_MAX_POSITION")
        #expect(strategy.onOrderUpdate(rejected, context: context(parameters, orders: asks)).isEmpty)
        let next = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, orders: asks))
        #expect(next == [place(.buy, 4_995, tag: "mm-buy-3")])
    }

    @Test func ownQuotesDoNotHoldTheReferenceInPlace() throws {
        let (strategy, parameters) = try make()
        let quotes = quoted(strategy, parameters)
        // Counting our 4995/5005 quotes the mid would still be 5000; the rest of the market's
        // mid is (4990 + 5030) / 2 = 5010.
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_030, 200), ours: quotes), context: context(parameters, orders: quotes))
        #expect(intents == [.cancel(1), .cancel(2)])
    }

    /// A quote that would meet our own resting order on the other side (here the bid, being
    /// cancelled after the market fell) waits for it to go rather than being refused by the risk
    /// checker as a self-trade; it is placed once the bid has closed.
    @Test func aQuoteThatWouldMeetOurOwnOtherSideWaitsForIt() throws {
        let (strategy, parameters) = try make(["halfSpreadCents": .integer(2)])
        let quotes = quoted(strategy, parameters)
        let bid = quotes.filter { $0.request.side == .buy }
        let fell = book(bid: (4_980, 200), ask: (4_990, 200), ours: bid)
        #expect(strategy.onBook(fell, context: context(parameters, position: -100, orders: bid)) == [.cancel(1)])
        let closed = OrderUpdate.closed(1, bid[0].request, filled: .zero)
        let intents = strategy.onOrderUpdate(closed, context: context(parameters, position: -100))
        #expect(intents.count == 2 && intents.allSatisfy { if case .place = $0 { true } else { false } })
    }

    @Test func aFillRequotesBothSidesForTheNewInventory() throws {
        let (strategy, parameters) = try make()
        let quotes = quoted(strategy, parameters)
        _ = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200), ours: quotes), context: context(parameters, orders: quotes))
        // The bid filled completely: long 100, so the bid comes back 2 cents lower and the ask,
        // at 5005 instead of 5003, is replaced.
        let fill = Fill(
            venue: "TESTEX", account: "ACC", symbol: "FOOBAR", orderID: 1, index: 0, side: .buy, price: 4_995, qty: 100,
            time: .zero, strategyID: "mm")
        let intents = strategy.onFill(fill, context: context(parameters, position: 100, orders: [quotes[1]]))
        #expect(intents == [place(.buy, 4_993, tag: "mm-buy-3"), .cancel(2)])
    }

    @Test func thePositionLimitStopsTheBidButNotTheAsk() throws {
        let (strategy, parameters) = try make(["skewCentsPer100": .integer(0)])
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, position: 500))
        #expect(intents == [place(.sell, 5_005, tag: "mm-sell-1")])
    }

    @Test func aBidNearTheLimitShrinksToTheRoomLeft() throws {
        let (strategy, parameters) = try make(["skewCentsPer100": .integer(0)])
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, position: 460))
        #expect(intents == [place(.buy, 4_995, 40, tag: "mm-buy-1"), place(.sell, 5_005, tag: "mm-sell-2")])
    }

    @Test func noNewQuoteOnASideWhoseLastQuoteIsUnacknowledged() throws {
        let (strategy, parameters) = try make()
        let inFlight = OpenOrder(id: nil, request: OrderRequest(symbol: "FOOBAR", side: .buy, price: 4_995, qty: 100, tag: "mm-buy-1"))
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, orders: [inFlight]))
        #expect(intents == [place(.sell, 5_005, tag: "mm-sell-1")])
    }

    @Test func heavilySkewedQuotesStayPassive() throws {
        let (strategy, parameters) = try make(["skewCentsPer100": .integer(20)])
        // Long 400 skews by 80 cents: the ask would be 4925, under the best bid; it joins the
        // book one cent above it instead of crossing.
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters, position: 400))
        #expect(intents == [place(.buy, 4_915, tag: "mm-buy-1"), place(.sell, 4_991, tag: "mm-sell-2")])
    }
}
