import StrategyKit
import Testing
import Trading
import TradingTestSupport

@Suite(.timeLimit(.minutes(10))) struct ReconciliationTests {
    let fills = [
        OrderFill(price: 5_000, qty: 3, ts: EngineHarness.time(1)),
        OrderFill(price: 5_001, qty: 2, ts: EngineHarness.time(2)),
    ]

    @Test func fillsTheLedgerLacksAreAppendedOnce() throws {
        let harness = try EngineHarness()
        let status = EngineHarness.status(id: 9, price: 5_001, qty: 5, fills: fills, open: false)
        let (report, actions) = try harness.engine.reconcile(
            accountOrders: [status], recorded: [9: RecordedOrder(
                Fill(
                    venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: 9, index: 0, side: .buy, price: 5_000, qty: 3,
                    time: fills[0].ts, strategyID: "s1"))], policy: .cancel, at: EngineHarness.time(5))
        #expect(actions.isEmpty)
        #expect(report.fillsAppended == 1)
        #expect(harness.journal.fills.map(\.index) == [1])
        #expect(harness.journal.fills.first?.qty == 2)
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 2)
        // A later report of the same order adds nothing.
        _ = try harness.engine.handle(.orderReports([status], at: EngineHarness.time(6)))
        #expect(harness.journal.fills.count == 1)
    }

    @Test func anUnknownOpenOrderIsCancelledByDefault() throws {
        let harness = try EngineHarness()
        let status = EngineHarness.status(id: 11, fills: [fills[0]])
        let (report, actions) = try harness.engine.reconcile(accountOrders: [status], recorded: [:], policy: .cancel, at: EngineHarness.time(5))
        #expect(actions == [.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 11)])
        #expect(report.ordersCancelled == 1)
        #expect(report.fillsAppended == 1)
    }

    @Test func adoptedOrdersAreTrackedForTheirStrategy() throws {
        let harness = try EngineHarness()
        let status = EngineHarness.status(id: 12)
        let (report, actions) = try harness.engine.reconcile(accountOrders: [status], recorded: [:], policy: .adopt, at: EngineHarness.time(5))
        #expect(actions.isEmpty)
        #expect(report.ordersAdopted == 1)
        #expect(harness.engine.orders.openOrders(of: "s1").map(\.id) == [12])
    }

    @Test func closedOrdersWithoutFillsAreForgotten() throws {
        let harness = try EngineHarness()
        let status = EngineHarness.status(id: 13, open: false)
        let (report, actions) = try harness.engine.reconcile(accountOrders: [status], recorded: [:], policy: .adopt, at: EngineHarness.time(5))
        #expect(actions.isEmpty && report == ReconciliationReport())
        #expect(harness.engine.orders.openOrders.isEmpty)
    }

    /// A bracket's take-profit and stop-loss, legs of order `parent`, open at the broker.
    private func exits(of parent: OrderID, ids: (OrderID, OrderID)) -> [OrderStatus] {
        var takeProfit = EngineHarness.status(id: ids.0, side: .sell, price: 5_200, qty: 3)
        var stopLoss = EngineHarness.status(id: ids.1, side: .sell, price: 0, qty: 3)
        stopLoss.type = .market
        stopLoss.trigger = .stop(4_800)
        takeProfit.parent = parent
        stopLoss.parent = parent
        return [takeProfit, stopLoss]
    }

    @Test func theOpenExitsOfAnEntryTheLedgerHoldsAreKeptWhateverThePolicy() throws {
        let harness = try EngineHarness()
        let entry = EngineHarness.status(id: 30, price: 5_000, qty: 3, fills: [fills[0]], open: false)
        let recorded = RecordedOrder(
            Fill(
                venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: 30, index: 0, side: .buy, price: 5_000, qty: 3,
                time: fills[0].ts, strategyID: "s1"))
        // Listed with the legs first: their ids sort before the parent's.
        let (report, actions) = try harness.engine.reconcile(
            accountOrders: exits(of: 30, ids: (7, 8)) + [entry], recorded: [30: recorded], policy: .cancel, at: EngineHarness.time(5))
        #expect(actions.isEmpty, "the exits protect the position: nothing is cancelled")
        #expect(report.ordersAdopted == 2 && report.ordersCancelled == 0)
        #expect(harness.engine.orders.openOrders(of: "s1").compactMap(\.id).sorted() == [7, 8])
    }

    @Test func theExitsOfAnEntryFilledWhileTheDaemonWasDownAreKept() throws {
        let harness = try EngineHarness()
        let entry = EngineHarness.status(id: 30, price: 5_000, qty: 3, fills: [fills[0]], open: false)
        let (report, actions) = try harness.engine.reconcile(
            accountOrders: [entry] + exits(of: 30, ids: (31, 32)), recorded: [:], policy: .cancel, at: EngineHarness.time(5))
        #expect(actions.isEmpty)
        #expect(report.fillsAppended == 1 && report.ordersAdopted == 2)
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 3)
    }

    @Test func theExitsOfAnUnknownOpenEntryGoWithIt() throws {
        let harness = try EngineHarness()
        let entry = EngineHarness.status(id: 30, price: 5_000, qty: 3)
        let (report, _) = try harness.engine.reconcile(
            accountOrders: [entry] + exits(of: 30, ids: (31, 32)), recorded: [:], policy: .cancel, at: EngineHarness.time(5))
        #expect(report.ordersCancelled == 3 && report.ordersAdopted == 0)
    }
}
