import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

@Suite(.timeLimit(.minutes(10))) struct TradingEngineTests {
    @Test func approvedIntentBecomesAPlaceAction() throws {
        let harness = try EngineHarness()
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        #expect(actions.count == 1)
        guard case .place(_, let approved)? = actions.first else {
            Issue.record("expected a place action, got \(actions)")
            return
        }
        #expect(approved.request == EngineHarness.buy)
        #expect(approved.strategyID == "s1")
        #expect(harness.engine.orders.openOrders(of: "s1").count == 1)
    }

    @Test func staleAndOutOfOrderBooksAreDroppedAndCounted() throws {
        let harness = try EngineHarness()
        var seen = 0
        harness.strategy.onBookIntents = { _, _ in
            seen += 1
            return []
        }
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 10)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 11, exchangeAt: 10)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 12, exchangeAt: 5)))
        _ = try harness.engine.handle(.book(EngineHarness.book(at: 13)))
        #expect(seen == 2)
        #expect(harness.engine.statistics.booksDropped == 2)
        #expect(harness.engine.statistics.books == 2)
    }

    @Test func deniedOrderIsReportedToTheStrategyWithItsCode() throws {
        var limits = RiskLimits.defaults
        limits.maxOrderQty = 5
        let harness = try EngineHarness(limits: limits)
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 1)))
        #expect(actions.isEmpty)
        #expect(harness.strategy.updates == [.rejected(EngineHarness.buy, reason: "RISK_MAX_ORDER_QTY")])
        #expect(harness.engine.statistics.denied == 1)
        #expect(harness.logs.messages.contains("order denied"))
    }

    @Test func theFirstDenialOfEachCodeIsKeptWithItsNumbers() throws {
        var limits = RiskLimits.defaults
        limits.maxOrderQty = 5
        let harness = try EngineHarness(limits: limits)
        var quantity: Int64 = 10
        harness.strategy.onBookIntents = { _, _ in
            quantity += 1
            return [.place(OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_000, qty: Quantity(shares: quantity)))]
        }
        for time: Int64 in 1...3 { _ = try harness.engine.handle(.book(EngineHarness.book(at: time))) }
        let statistics = harness.engine.statistics
        #expect(statistics.deniedByCode == [.maxOrderQty: 3])
        let first = try #require(statistics.firstDenialByCode[.maxOrderQty])
        #expect(first.limit == 5)
        #expect(first.actual == 11)
        #expect(first.message.hasPrefix("quantity 11 exceeds maxOrderQty 5"))
        #expect(statistics.firstDenialByCode.count == 1)
    }

    @Test func fillIsJournaledBeforeTheStrategyHearsOfIt() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        var journaledWhenTold = false
        harness.strategy.onFillIntents = { fill, context in
            journaledWhenTold = harness.journal.fills.contains(fill) && context.position("FOOBAR").quantity == 4
            return []
        }
        let status = EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(2))])
        _ = try harness.engine.handle(.placed(client, status, at: EngineHarness.time(2)))
        #expect(journaledWhenTold)
        #expect(harness.journal.fills.map(\.qty) == [4])
        #expect(harness.strategy.updates.first == .accepted(7, EngineHarness.buy))
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 4)
    }

    @Test func theSameReportTwiceYieldsOneFill() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        let filled = EngineHarness.status(id: 7, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(3))], open: false)
        _ = try harness.engine.handle(.orderReports([filled], at: EngineHarness.time(3)))
        _ = try harness.engine.handle(.orderReports([filled], at: EngineHarness.time(4)))
        #expect(harness.journal.fills.count == 1)
        #expect(harness.strategy.fills.count == 1)
        #expect(harness.engine.orders.openOrders.isEmpty)
    }

    @Test func cancelOfAnUnacknowledgedOrderIsSentOnAcknowledgement() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        harness.strategy.onBookIntents = { _, _ in [.cancelAll("FOOBAR")] }
        #expect(try harness.engine.handle(.book(EngineHarness.book(at: 2))).isEmpty)
        let actions = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7), at: EngineHarness.time(3)))
        #expect(actions == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)])
    }

    @Test func aCancelIsSentOnceUntilAnswered() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        harness.strategy.onBookIntents = { _, _ in [.cancel(7)] }
        #expect(try harness.engine.handle(.book(EngineHarness.book(at: 3))) == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)])
        #expect(try harness.engine.handle(.book(EngineHarness.book(at: 4))).isEmpty)
        _ = try harness.engine.handle(.orderReports([EngineHarness.status(id: 7, open: false)], at: EngineHarness.time(5)))
        #expect(harness.strategy.updates.last == .closed(7, EngineHarness.buy, filled: .zero))
    }

    @Test func aLossBeyondTheLimitHaltsAndCancels() throws {
        // The market falls $5: 4 shares lose $20, beyond the $10 limit.
        let (harness, actions) = try EngineHarness.losingBeyondItsLimit()
        #expect(actions.contains(.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)))
        #expect(actions.contains { if case .tradingStateChanged(let change) = $0 { change.to == .halted } else { false } })
        #expect(harness.engine.risk.state.status(of: .strategy("s1")).state == .halted)
    }

    @Test func stopCancelsEveryOpenOrderAndStopsStrategies() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        #expect(harness.engine.stop(at: EngineHarness.time(3)) == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)])
        #expect(harness.strategy.stopped)
    }

    @Test func theSameEventsGiveTheSameActions() throws {
        func run() throws -> [EngineAction] {
            let harness = try EngineHarness()
            harness.strategy.onBookIntents = { book, context in
                context.openOrders.isEmpty ? [.place(OrderRequest(symbol: "FOOBAR", side: .buy, price: book.bestAsk!, qty: 3))] : []
            }
            var actions: [EngineAction] = []
            for step in Int64(1)...20 {
                actions += try harness.engine.handle(.book(EngineHarness.book(at: step, ask: 5_010 + step % 3)))
                if case .place(let client, let order)? = actions.last {
                    let fill = OrderFill(price: order.request.price, qty: 3, ts: EngineHarness.time(step))
                    actions += try harness.engine.handle(
                        .placed(client, EngineHarness.status(id: OrderID(step), price: order.request.price, qty: 3, fills: [fill], open: false),
                                at: EngineHarness.time(step)))
                }
            }
            return actions
        }
        let first = try run()
        #expect(first.count >= 10)
        #expect(try run() == first)
    }
}

extension TradingEngineTests {
    @Test func afterStopStrategiesHearNothingButFillsAreStillRecorded() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        harness.strategy.onUpdateIntents = { _, _ in [.place(EngineHarness.buy)] }
        harness.strategy.onFillIntents = { _, _ in [.place(EngineHarness.buy)] }
        _ = harness.engine.stop(at: EngineHarness.time(2))
        let fill = OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(3))
        let actions = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [fill], open: false), at: EngineHarness.time(3)))
        #expect(!actions.contains { if case .place = $0 { true } else { false } })
        #expect(harness.journal.fills.count == 1)
        #expect(harness.strategy.fills.isEmpty && harness.strategy.updates.isEmpty)
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        #expect(try harness.engine.handle(.book(EngineHarness.book(at: 4))).isEmpty)
    }

    /// With one side of the book empty there is no mid: the risk checker's collar measures from
    /// our last fill in the symbol, which the portfolio keeps.
    @Test func ourLastFillIsTheCollarsReferenceWhenTheBookHasOneSide() throws {
        let harness = try EngineHarness()
        let client = try harness.placeOneBuy()
        let fill = OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(2))
        _ = try harness.engine.handle(.placed(client, EngineHarness.status(id: 7, fills: [fill]), at: EngineHarness.time(2)))
        let far = OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_300, qty: 1, tag: "far")
        let near = OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_020, qty: 1, tag: "near")
        harness.strategy.onBookIntents = { _, _ in [.place(far), .place(near)] }
        let oneSided = BookSnapshot.fixture(
            bids: [(5_000, 100)], exchangeTime: EngineHarness.time(3), receivedTime: EngineHarness.time(3), sequence: 3)
        let actions = try harness.engine.handle(.book(oneSided))
        #expect(harness.strategy.updates.contains(.rejected(far, reason: "RISK_PRICE_COLLAR")))
        #expect(actions.contains { if case .place(_, let order) = $0 { order.request == near } else { false } })
    }
}
