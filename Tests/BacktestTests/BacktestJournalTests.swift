import Foundation
import Ledger
import Live
import Recording
import Risk
import StrategyKit
import Testing
import Trading

/// The backtest's journal records what the engine's order tracker finds new, so a fill the
/// replayed exchange reports again is drained, booked and written once.
@Suite(.timeLimit(.minutes(10))) struct BacktestJournalTests {
    static let book = BookSnapshot(
        venue: "TESTEX", symbol: "FOOBAR", bids: [BookEntry(price: 5_000, qty: 100, isBuy: true)],
        asks: [BookEntry(price: 5_010, qty: 100, isBuy: false)], exchangeTime: Timestamp(nanoseconds: 1_000_000),
        receivedTime: Timestamp(nanoseconds: 1_000_000), sequence: 1)

    /// The report of order 7, placed as `order`, with `fills` fills of 5 shares.
    static func status(of order: ApprovedOrder, fills: Int) -> OrderStatus {
        let done = (0..<fills).map { OrderFill(price: order.request.price, qty: 5, ts: Timestamp(nanoseconds: Int64($0 + 2) * 1_000_000)) }
        let filled = Quantity(shares: Int64(5 * fills))
        return OrderStatus(
            id: 7, venue: "TESTEX", symbol: "FOOBAR", account: "EXB123456", side: order.request.side, type: order.request.type,
            price: order.request.price, originalQty: order.request.qty, qty: order.request.qty - filled, ts: Timestamp(nanoseconds: 1_000_000),
            fills: done, totalFilled: filled, open: true)
    }

    @Test(arguments: [false, true]) func aFillReportedAgainIsDrainedOnceWithOrWithoutALedgerBehind(withLedger: Bool) throws {
        let path = RecordingFixtures.temporaryPath("fills.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ledger = withLedger ? try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never) : nil
        defer { try? ledger?.close() }
        let journal = BacktestJournal(inner: ledger.map { LedgerFillJournal(ledger: $0) })
        let engine = try SessionReplayTests.engine(halfSpread: 2, journal: journal)
        let sent = try engine.handle(.book(Self.book))
        guard case .place(let client, let order)? = sent.first else {
            Issue.record("expected a place action, got \(sent)")
            return
        }
        let time = Timestamp(nanoseconds: 3_000_000)
        _ = try engine.handle(.placed(client, Self.status(of: order, fills: 1), at: time))
        _ = try engine.handle(.orderReports([Self.status(of: order, fills: 1)], at: time))
        _ = try engine.handle(.orderReports([Self.status(of: order, fills: 0)], at: time))
        let drained = journal.drain()
        _ = try engine.handle(.orderReports([Self.status(of: order, fills: 2), Self.status(of: order, fills: 1)], at: time))
        #expect(drained.map(\.index) == [0])
        #expect(journal.drain().map(\.index) == [1])
        #expect(engine.portfolio.position(of: "s", in: "FOOBAR").quantity.shares == 10 * order.request.side.sign)
        if let ledger { #expect(ledger.state.entryCount == 2) }
    }
}
