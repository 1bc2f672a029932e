import Foundation
import Ledger
import Live
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// Start-up reconciliation: what it cancels, what it skips, and the differences between the
/// ledger and the exchange that make it refuse to trade.
@Suite(.timeLimit(.minutes(10))) struct ReconciliationMismatchTests {
    /// What the ledger knows of `fills`, through a real ledger file as the daemon reads it.
    static func recorded(_ fills: [Fill]) throws -> [OrderID: RecordedOrder] {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.path
        let path = directory + "/fills.jsonl"
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        for fill in fills { _ = try ledger.append(fill) }
        try ledger.close()
        return try LedgerFillJournal.history(at: path).orders
    }

    static func fill(order: OrderID, index: Int, qty: Quantity, at milliseconds: Int64) -> Fill {
        Fill(
            venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: order, index: index, side: .buy, price: 5_000,
            qty: qty, time: EngineHarness.time(milliseconds), strategyID: "s1")
    }

    @Test func anUnattributableOpenOrderInASymbolNoStrategyTradesIsCancelled() throws {
        let harness = try EngineHarness()
        var status = EngineHarness.status(id: 11)
        status.symbol = "OTHER"
        let (report, actions) = try harness.engine.reconcile(accountOrders: [status], recorded: [:], policy: .cancel, at: EngineHarness.time(5))
        #expect(actions == [.cancel(venue: "TESTEX", symbol: "OTHER", orderID: 11)])
        #expect(report.ordersCancelled == 1)
    }

    @Test func ordersOfAnotherVenueAreSkipped() throws {
        let harness = try EngineHarness()
        var status = EngineHarness.status(id: 11, fills: [OrderFill(price: 5_000, qty: 2, ts: EngineHarness.time(2))])
        status.venue = "ELSEWHERE"
        let (report, actions) = try harness.engine.reconcile(accountOrders: [status], recorded: [:], policy: .adopt, at: EngineHarness.time(5))
        #expect(actions.isEmpty && report == ReconciliationReport())
        #expect(harness.journal.fills.isEmpty && harness.engine.orders.openOrders.isEmpty)
    }

    @Test func aLedgerHoldingMoreFillsThanTheExchangeShowsRefusesToTrade() throws {
        let harness = try EngineHarness()
        let recorded = try Self.recorded([Self.fill(order: 9, index: 0, qty: 3, at: 2), Self.fill(order: 9, index: 1, qty: 2, at: 3)])
        let status = EngineHarness.status(id: 9, price: 5_000, fills: [OrderFill(price: 5_000, qty: 3, ts: EngineHarness.time(2))])
        do {
            _ = try harness.engine.reconcile(accountOrders: [status], recorded: recorded, policy: .cancel, at: EngineHarness.time(5))
            Issue.record("reconciliation accepted a ledger ahead of the exchange")
        } catch {
            let text = "\(error)"
            #expect(text.contains("FOOBAR") && text.contains("5") && text.contains("3"), "\(text)")
        }
    }

    @Test func positionsThatDifferFromTheExchangesFillsOfTheLedgersOrdersRefuseToTrade() throws {
        let harness = try EngineHarness()
        let recorded = try Self.recorded([Self.fill(order: 9, index: 0, qty: 3, at: 2), Self.fill(order: 9, index: 1, qty: 2, at: 3)])
        let status = EngineHarness.status(id: 9, price: 5_000, fills: [
            OrderFill(price: 5_000, qty: 3, ts: EngineHarness.time(2)), OrderFill(price: 5_000, qty: 4, ts: EngineHarness.time(3)),
        ])
        do {
            _ = try harness.engine.reconcile(accountOrders: [status], recorded: recorded, policy: .cancel, at: EngineHarness.time(5))
            Issue.record("reconciliation accepted a position of 5 against the exchange's 7")
        } catch {
            let text = "\(error)"
            #expect(text.contains("FOOBAR") && text.contains("5") && text.contains("7"), "\(text)")
        }
    }

    @Test func fillsTheLedgerLacksAreAppendedBeforePositionsAreCompared() throws {
        let harness = try EngineHarness()
        let recorded = try Self.recorded([Self.fill(order: 9, index: 0, qty: 3, at: 2)])
        let status = EngineHarness.status(id: 9, price: 5_000, fills: [
            OrderFill(price: 5_000, qty: 3, ts: EngineHarness.time(2)), OrderFill(price: 5_000, qty: 4, ts: EngineHarness.time(3)),
        ])
        let (report, _) = try harness.engine.reconcile(accountOrders: [status], recorded: recorded, policy: .cancel, at: EngineHarness.time(5))
        #expect(report.fillsAppended == 1)
    }
}
