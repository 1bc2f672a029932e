import Foundation
import Ledger
import Live
import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// A fill is its `FillID` (venue, order id, index). The order tracker is the one place that
/// decides which reported fills are new; the ledger, which outlives it, refuses a fill it holds.
/// Whichever way a fill is reported again, it is booked once: one ledger line, one position
/// change, one `onFill`.
@Suite(.timeLimit(.minutes(10))) struct RepeatedFillReportTests {
    static let first = OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(2))
    static let partly = EngineHarness.status(id: 7, fills: [first])
    static let done = EngineHarness.status(id: 7, fills: [first, OrderFill(price: 5_020, qty: 6, ts: EngineHarness.time(5))], open: false)

    static func engine(_ strategy: ScriptedStrategy, ledger: LedgerWriter) throws -> TradingEngine {
        TradingEngine(
            venue: "TESTEX",
            strategies: [
                EngineStrategy(id: "s1", symbols: ["FOOBAR"], parameters: try StrategyParameters(schema: []), strategy: strategy, limits: .defaults)
            ],
            accountLimits: .defaults, journal: LedgerFillJournal(ledger: ledger), logger: Logger(part: "engine", level: .error, handler: CollectingHandler()))
    }

    @Test func aFillReportedAgainLiveOrAfterARestartIsBookedOnceInTheLedgerAndThePortfolio() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let path = scratch.file("fills.jsonl")
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        let strategy = ScriptedStrategy()
        let engine = try Self.engine(strategy, ledger: ledger)
        strategy.onBookIntents = { _, _ in [.place(EngineHarness.buy)] }
        let sent = try engine.handle(.book(EngineHarness.book(at: 1)))
        strategy.onBookIntents = { _, _ in [] }
        guard case .place(let client, _)? = sent.first else {
            Issue.record("expected a place action, got \(sent)")
            return
        }
        _ = try engine.handle(.placed(client, Self.partly, at: EngineHarness.time(2)))
        _ = try engine.handle(.orderReports([Self.partly, Self.partly], at: EngineHarness.time(3)))
        _ = try engine.handle(.orderReports([EngineHarness.status(id: 7)], at: EngineHarness.time(4)))
        _ = try engine.handle(.orderReports([Self.done], at: EngineHarness.time(5)))
        _ = try engine.handle(.orderReports([Self.done], at: EngineHarness.time(6)))
        _ = try engine.handle(.orderReports([Self.partly], at: EngineHarness.time(7)))
        #expect(ledger.state.entryCount == 2)
        #expect(strategy.fills.map(\.index) == [0, 1])
        #expect(engine.portfolio.position(of: "s1", in: "FOOBAR") == Position(quantity: 10, costBasis: 50_160))
        try ledger.close()

        // After a restart the exchange lists the order again: the tracker, told what the ledger
        // holds, finds nothing new.
        let reopened = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        defer { try? reopened.close() }
        let history = try LedgerFillJournal.history(at: path)
        let restarted = try Self.engine(ScriptedStrategy(), ledger: reopened)
        for fill in history.fills { restarted.restore(fill) }
        let (report, _) = try restarted.reconcile(accountOrders: [Self.done], recorded: history.orders, policy: .cancel, at: EngineHarness.time(40))
        #expect(report.fillsAppended == 0)
        #expect(reopened.state.entryCount == 2)
        #expect(restarted.portfolio.position(of: "s1", in: "FOOBAR") == Position(quantity: 10, costBasis: 50_160))
    }

    @Test func aFillTheLedgerHoldsIsAppliedNowhereEvenWhenTheTrackerTakesItForNew() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let path = scratch.file("fills.jsonl")
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        defer { try? ledger.close() }
        let held = Fill(
            venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: 7, index: 0, side: .buy, price: 5_010, qty: 4,
            time: EngineHarness.time(2), strategyID: "s1")
        _ = try ledger.append(held)
        let engine = try Self.engine(ScriptedStrategy(), ledger: ledger)
        engine.restore(held)
        // Nothing recorded is passed on, so the tracker takes the order's fill for new.
        let (report, _) = try engine.reconcile(accountOrders: [Self.partly], recorded: [:], policy: .adopt, at: EngineHarness.time(40))
        #expect(report.fillsAppended == 0)
        #expect(ledger.state.entryCount == 1)
        #expect(engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 4)
    }
}
