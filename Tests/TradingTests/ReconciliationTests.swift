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
}
