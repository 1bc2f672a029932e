import Foundation
import Ledger
import Live
import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// An exchange that numbers orders again from 1 (a restart) reuses ids: the daemon must never
/// take the new order for the old one.
@Suite(.timeLimit(.minutes(10))) struct OrderIdentityTests {
    /// Order 7 as an exchange that reused the id reports it: opened at 50 ms, one fill at 51 ms.
    static func reused(open: Bool = true) -> OrderStatus {
        let fill = OrderFill(price: 5_000, qty: 10, ts: EngineHarness.time(51))
        var status = EngineHarness.status(id: 7, fills: open ? [] : [fill], open: open)
        status.ts = EngineHarness.time(50)
        return status
    }

    static func isHalted(_ engine: TradingEngine) -> Bool {
        engine.risk.state.status(of: .strategy("s1")).state == .halted
    }

    static func haltsAndCancels(_ actions: [EngineAction]) -> Bool {
        actions.contains {
            if case .tradingStateChanged(let change) = $0 { return change.to == .halted && change.scope == .strategy("s1") }
            return false
        }
    }

    @Test func aReportOfAClosedOrdersIDForAnotherOrderHaltsTheStrategy() throws {
        let harness = try EngineHarness()
        let first = try harness.placeOneBuy(at: 1)
        let fill = OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))
        _ = try harness.engine.handle(.placed(first, EngineHarness.status(id: 7, fills: [fill], open: false), at: EngineHarness.time(2)))
        #expect(harness.journal.fills.count == 1)

        let second = try harness.placeOneBuy(at: 3)
        let actions = try harness.engine.handle(.placed(second, Self.reused(open: false), at: EngineHarness.time(52)))
        #expect(Self.isHalted(harness.engine))
        #expect(Self.haltsAndCancels(actions))
        #expect(harness.logs.records.withLock { $0.contains { $0.level == .error && $0.message.contains("order id") } })
        // The new order's fill is not booked as the old order's.
        #expect(harness.journal.fills.count == 1)
        // Halted: the strategy's next order is refused.
        harness.strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let later = try harness.engine.handle(.book(EngineHarness.book(at: 60)))
        #expect(!later.contains { if case .place = $0 { return true } else { return false } })
    }

    @Test func aLiveIDAcknowledgedForASecondOrderHaltsInsteadOfTrapping() throws {
        let harness = try EngineHarness()
        let first = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placed(first, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        let second = try harness.placeOneBuy(at: 3)
        let actions = try harness.engine.handle(.placed(second, Self.reused(), at: EngineHarness.time(52)))
        #expect(Self.isHalted(harness.engine))
        #expect(actions.contains(.cancel(venue: "TESTEX", symbol: "FOOBAR", orderID: 7)))
    }

    @Test func aStatusOfALiveIDShowingAnotherOrderHaltsInsteadOfBookingItsFills() throws {
        let harness = try EngineHarness()
        let first = try harness.placeOneBuy(at: 1)
        _ = try harness.engine.handle(.placed(first, EngineHarness.status(id: 7), at: EngineHarness.time(2)))
        _ = try harness.engine.handle(.orderReports([Self.reused(open: false)], at: EngineHarness.time(52)))
        #expect(Self.isHalted(harness.engine))
        #expect(harness.journal.fills.isEmpty)
    }

    @Test func aNewOrderReusingTheIDOfALedgerOrderIsNotTakenForIt() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let path = directory + "/fills.jsonl"
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        let old = Fill(
            venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: 7, index: 0, side: .buy, price: 5_010, qty: 10,
            time: EngineHarness.time(2), strategyID: "s1")
        _ = try ledger.append(old)
        let history = try LedgerFillJournal.history(at: path)
        let logs = CollectingHandler()
        let strategy = ScriptedStrategy()
        let engine = TradingEngine(
            venue: "TESTEX",
            strategies: [
                EngineStrategy(id: "s1", symbols: ["FOOBAR"], parameters: try StrategyParameters(schema: []), strategy: strategy, limits: .defaults)
            ],
            accountLimits: .defaults, journal: LedgerFillJournal(ledger: ledger), logger: Logger(part: "engine", level: .debug, handler: logs))
        for fill in history.fills { engine.restore(fill) }
        // The exchange restarted: its account shows no orders.
        _ = try engine.reconcile(accountOrders: [], recorded: history.orders, policy: .cancel, at: EngineHarness.time(40))
        strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let sent = try engine.handle(.book(EngineHarness.book(at: 45)))
        strategy.onBookIntents = { _, _ in [] }
        guard case .place(let client, _)? = sent.first else {
            Issue.record("expected a place action, got \(sent)")
            return
        }
        _ = try engine.handle(.placed(client, Self.reused(open: false), at: EngineHarness.time(52)))
        #expect(Self.isHalted(engine))
        #expect(logs.records.withLock { $0.contains { $0.level == .error && $0.message.contains("order id") } })
        try ledger.close()
    }
}
