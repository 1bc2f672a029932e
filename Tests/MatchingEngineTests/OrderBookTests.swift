import MatchingEngine
import StrategyKit
import Testing

/// One behaviour of the book per test: each order type and each edge the API spells out.
@Suite(.timeLimit(.minutes(10))) struct OrderBookTests {
    var book = OrderBook(venue: "TESTEX", symbol: "FOOBAR")
    var nextID: Int64 = 1
    let t0 = Timestamp(nanoseconds: 1_000)

    @discardableResult
    mutating func place(
        _ side: Side, _ qty: Int64, at price: Int64, _ type: OrderType = .limit, account: Account = "EXB123456"
    ) throws -> (OrderID, [MatchEvent]) {
        let order = try NewOrder(
            id: OrderID(nextID), account: account, side: side, type: type, price: Price(cents: price),
            qty: Quantity(shares: qty))
        nextID += 1
        let events = book.submit(order, at: t0)
        #expect(book.validateInternalState().isEmpty)
        return (order.id, events)
    }

    func trades(_ events: [MatchEvent]) -> [Execution] {
        events.compactMap { if case .fill(let trade) = $0 { trade } else { nil } }
    }

    @Test mutating func limitOrderRestsWhenNothingCrosses() throws {
        let (id, events) = try place(.buy, 10, at: 5100)
        #expect(events == [.accepted(id), .rested(id, price: 5100, qty: 10)])
        #expect(book.entries().bids == [BookEntry(price: 5100, qty: 10, isBuy: true)])
        #expect(book.status(id)?.open == true)
    }

    @Test mutating func tradeHappensAtTheRestingOrdersPrice() throws {
        let (ask, _) = try place(.sell, 10, at: 5000)
        let (buy, events) = try place(.buy, 10, at: 5005)
        #expect(trades(events).map(\.price) == [5000])
        #expect(trades(events).first?.standing == ask)
        #expect(events.last == .closed(buy, filled: 10))
        #expect(book.status(buy)?.fills == [OrderFill(price: 5000, qty: 10, ts: t0)])
    }

    @Test mutating func fillOrKillOneShareShortTradesNothingAndLeavesTheBookUntouched() throws {
        try place(.sell, 5, at: 5000)
        try place(.sell, 4, at: 5010)
        try place(.sell, 100, at: 5020)
        let before = book.entries()
        let (id, events) = try place(.buy, 10, at: 5010, .fillOrKill)
        #expect(events == [.accepted(id), .cancelled(id, qty: 10), .closed(id, filled: 0)])
        #expect(book.entries() == before)
        let status = try #require(book.status(id))
        #expect(!status.open && status.totalFilled == 0 && status.qty == 0 && status.fills.isEmpty)
    }

    @Test mutating func fillOrKillFillsTheWholeQuantityAcrossLevels() throws {
        try place(.sell, 5, at: 5000)
        try place(.sell, 5, at: 5010)
        let (id, events) = try place(.buy, 10, at: 5010, .fillOrKill)
        #expect(trades(events).map(\.price) == [5000, 5010])
        #expect(events.last == .closed(id, filled: 10))
        #expect(book.entries().asks.isEmpty)
    }

    @Test mutating func immediateOrCancelFillsWhatItCanWithinItsLimitAndCancelsTheRest() throws {
        try place(.sell, 3, at: 5000)
        try place(.sell, 50, at: 5100)
        let (id, events) = try place(.buy, 10, at: 5050, .immediateOrCancel)
        #expect(trades(events).map(\.qty) == [3])
        #expect(events.suffix(2) == [.cancelled(id, qty: 7), .closed(id, filled: 3)])
        #expect(book.entries().bids.isEmpty)
        #expect(book.status(id)?.totalFilled == 3)
        #expect(book.status(id)?.open == false)
    }

    @Test mutating func marketOrderIntoAnEmptySideIsCancelledAndReportsPriceZero() throws {
        try place(.buy, 10, at: 4900)
        let (id, events) = try place(.buy, 10, at: 5000, .market)
        #expect(events == [.accepted(id), .cancelled(id, qty: 10), .closed(id, filled: 0)])
        #expect(book.status(id)?.price == .zero)
        #expect(book.entries().bids.count == 1)
    }

    @Test mutating func marketOrderSweepsEveryPriceAndNeverRests() throws {
        try place(.buy, 5, at: 5000)
        try place(.buy, 5, at: 1)
        let (id, events) = try place(.sell, 20, at: 99_999, .market)
        #expect(trades(events).map(\.price) == [5000, 1])
        #expect(events.suffix(2) == [.cancelled(id, qty: 10), .closed(id, filled: 10)])
        #expect(book.entries() == ([], []))
    }

    @Test mutating func cancelAfterPartialFillRemovesTheRemainderAndKeepsTheFills() throws {
        let (id, _) = try place(.buy, 10, at: 5000)
        try place(.sell, 4, at: 5000)
        var events: [MatchEvent] = []
        #expect(book.cancel(id, at: t0, into: &events) == .cancelled(qty: 6))
        #expect(events == [.cancelled(id, qty: 6), .closed(id, filled: 4)])
        let status = try #require(book.status(id))
        #expect(!status.open && status.qty == 0 && status.totalFilled == 4 && status.originalQty == 10)
        #expect(status.fills == [OrderFill(price: 5000, qty: 4, ts: t0)])
        #expect(book.quote(at: t0).bidDepth == 0)
    }

    @Test mutating func cancellingAClosedOrderIsHarmlessAndAnUnknownOneIsReported() throws {
        let (id, _) = try place(.buy, 10, at: 5000)
        #expect(book.cancel(id, at: t0).outcome == .cancelled(qty: 10))
        let again = book.cancel(id, at: t0)
        #expect(again.outcome == .alreadyClosed && again.events.isEmpty)
        #expect(book.cancel(999, at: t0).outcome == .unknownOrder)
        #expect(book.status(999) == nil)
    }

    @Test mutating func anAccountMayTradeWithItself() throws {
        let (ask, _) = try place(.sell, 10, at: 5000, account: "SELF1")
        let (bid, events) = try place(.buy, 10, at: 5000, account: "SELF1")
        let trade = try #require(trades(events).first)
        #expect(trade.standing == ask && trade.incoming == bid && trade.standingComplete && trade.incomingComplete)
    }

    @Test mutating func ordersAtOnePriceFillOldestFirstAndListInTimeOrder() throws {
        let (first, _) = try place(.sell, 5, at: 5000)
        let (second, _) = try place(.sell, 7, at: 5000)
        try place(.sell, 1, at: 4990)
        #expect(book.entries().asks.map(\.qty) == [1, 5, 7])
        let (_, events) = try place(.buy, 8, at: 5000)
        #expect(trades(events).map(\.standing) == [3, first, second])
        #expect(trades(events).map(\.qty) == [1, 5, 2])
        #expect(book.entries().asks == [BookEntry(price: 5000, qty: 5, isBuy: false)])
        #expect(book.status(second)?.qty == 5)
    }

    @Test mutating func quoteTracksTheTouchBothDepthsAndTheLastTrade() throws {
        #expect(book.quote(at: t0).bid == nil && book.quote(at: t0).last == nil)
        try place(.buy, 10, at: 5100)
        try place(.buy, 5, at: 5100)
        try place(.buy, 20, at: 5000)
        try place(.sell, 7, at: 5200)
        try place(.sell, 3, at: 5150)
        try place(.sell, 4, at: 5100)
        let quote = book.quote(at: t0)
        #expect(quote.bid == 5100 && quote.bidSize == 11 && quote.bidDepth == 31)
        #expect(quote.ask == 5150 && quote.askSize == 3 && quote.askDepth == 10)
        #expect(quote.last == 5100 && quote.lastSize == 4 && quote.lastTrade == t0)
    }

    @Test mutating func entriesAndVersionChangeOnlyWhenRestingOrdersChange() throws {
        try place(.buy, 10, at: 5100)
        let version = book.version
        let entries = book.entries()
        try place(.sell, 5, at: 5200, .immediateOrCancel)
        #expect(book.version == version)
        #expect(book.entries() == entries)
        try place(.sell, 5, at: 5100, .immediateOrCancel)
        #expect(book.version != version)
        #expect(book.entries().bids == [BookEntry(price: 5100, qty: 5, isBuy: true)])
    }

    @Test func newOrderRefusesNonPositiveQuantitiesAndNegativePricesAndZeroesMarketPrices() throws {
        #expect(throws: MatchingError.nonPositiveQuantity(0)) {
            try NewOrder(id: 1, account: "A", side: .buy, type: .limit, price: 100, qty: 0)
        }
        #expect(throws: MatchingError.negativePrice(-1)) {
            try NewOrder(id: 1, account: "A", side: .buy, type: .immediateOrCancel, price: -1, qty: 1)
        }
        #expect(try NewOrder(id: 1, account: "A", side: .buy, type: .market, price: -5, qty: 1).price == .zero)
    }
}
