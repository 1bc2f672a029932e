import History
import Ledger
@testable import Live
import Monitor
import StrategyKit
import TestSupport
import Trading
import TradingTestSupport

/// An engine journaling into a real ledger, a monitor feed and board over it, and a way to
/// make a fill happen: the snapshot the monitor's endpoints serve comes from here.
final class MonitorFixture {
    let scratch: TemporaryDirectory
    let harness: EngineHarness
    let ledger: LedgerWriter
    let board = MonitorBoard()
    let feed: MonitorFeed
    private var clock: Int64 = 1_000

    init() throws {
        scratch = try TemporaryDirectory("tickwork-monitor")
        ledger = try LedgerWriter(path: scratch.file("ledger.jsonl"), venue: "TESTEX", account: "EXB123456", durability: .always)
        let journal = LedgerFillJournal(ledger: ledger)
        harness = try EngineHarness(journal: journal)
        feed = MonitorFeed(board: board, venue: "TESTEX", account: "EXB123456", ledgerSequence: 0)
        journal.appended = { [feed] in feed.appended($0) }
        journal.synced = { [feed] in feed.synced(in: $0) }
    }

    deinit {
        try? ledger.close()
        scratch.remove()
    }

    var now: Timestamp { EngineHarness.time(clock) }

    /// Publishes the engine's state now, whether due or not.
    func publish() {
        feed.publishIfDue(harness.engine, now: { self.now }, force: true)
    }

    /// Places one buy (published while open), then fills it in the placement's answer, and
    /// publishes again.
    func fillOneBuy() throws {
        clock += 1_000
        let client = try harness.placeOneBuy(at: clock)
        publish()
        clock += 1_000
        let fill = OrderFill(price: 5_010, qty: 10, ts: now)
        let status = EngineHarness.status(id: OrderID(Int64(clock)), fills: [fill], open: false)
        _ = try harness.engine.handle(.placed(client, status, at: now))
        feed.decided(in: .microseconds(40))
        publish()
    }

    /// The routes over the fixture's board, with `token` and the history's `historyFlow` if any.
    func routes(token: String? = nil, historyFlow: HistoryFlow? = nil) -> MonitorRoutes {
        MonitorRoutes(board: board, token: token, version: "test", ledgerPath: ledger.path, historyFlow: historyFlow) { [clock] in
            EngineHarness.time(clock)
        }
    }
}
