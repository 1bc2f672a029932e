import Ledger
@testable import Live
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport
import Wire

/// The runner's side of the monitor: what it publishes to the board while it trades.
@Suite(.timeLimit(.minutes(10))) struct LiveRunnerMonitorTests {
    @Test func theRunnerPublishesTheFillItsExchangeCallsAndItsLastState() async throws {
        let scratch = try TemporaryDirectory("tickwork-runner-monitor")
        defer { scratch.remove() }
        let ledger = try LedgerWriter(path: scratch.file("ledger.jsonl"), venue: "TESTEX", account: "EXB123456", durability: .always)
        defer { try? ledger.close() }
        let journal = LedgerFillJournal(ledger: ledger)
        let harness = try EngineHarness(journal: journal)
        let board = MonitorBoard()
        let feed = MonitorFeed(board: board, venue: "TESTEX", account: "EXB123456", ledgerSequence: 0)
        journal.appended = { [feed] in feed.appended($0) }
        let broker = FakeBroker(placement: .placed(filled: 10), clock: WallClock.now)
        let runner = LiveRunner(
            engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), riskStatePath: scratch.file("risk-state.json"),
            recorded: [:], unknownOrderPolicy: .cancel, logger: Logger(part: "engine", level: .debug, handler: harness.logs),
            notifier: SystemdNotifier(environment: [:]), monitor: feed, cancelWait: .seconds(60), emergencyWait: .seconds(60),
            now: WallClock.now)
        LiveRunnerTests.buyOnce(harness)
        LiveRunnerTests.stopOnFill(harness)(runner.inbox)
        try await runner.run()

        let snapshot = try #require(board.snapshot)
        #expect(snapshot.stopped)
        #expect(snapshot.statistics.fills == 1)
        #expect(snapshot.recentFills.map(\.sequence) == [1])
        #expect(snapshot.positions.map(\.position.quantity) == [10])
        #expect(snapshot.decisionLatency.count >= 2)
        let kinds = board.events(after: 0).events.map(\.kind)
        #expect(kinds.contains { if case .fill(let row) = $0 { row.sequence == 1 } else { false } })
        let traffic = board.traffic
        #expect(traffic.requests[.init(endpoint: "place", outcome: "ok")] == 1)
        #expect((traffic.requests[.init(endpoint: "book", outcome: "ok")] ?? 0) >= 1)
        #expect(traffic.placeToAcknowledge.count == 1)
        #expect(traffic.lastPollSuccess != nil)
    }
}
