import Brokerage
import Foundation
@testable import Live
import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport
import Wire

/// What the runner checks before and while it trades: the broker's positions against the
/// ledger once reconciliation has booked what the ledger lacked, and the exchange's own time
/// on every book.
@Suite(.timeLimit(.minutes(10))) struct RunnerStartTests {
    /// Runs `runner` until `done` holds (checked every 10 ms, for at most 30 s), then stops it.
    static func run(_ runner: LiveRunner, until done: @escaping @Sendable () -> Bool) async throws {
        let stopper = Task {
            for _ in 0..<3_000 where !done() { try await Task.sleep(for: .milliseconds(10)) }
            runner.inbox.post(.stop("test over"))
        }
        defer { stopper.cancel() }
        try await runner.run()
    }

    @Test func fillsOfOurOrdersTheLedgerLacksAreBookedBeforeThePositionsAreCompared() async throws {
        let harness = try EngineHarness()
        let filled = EngineHarness.status(id: 11, fills: [OrderFill(price: 5_010, qty: 10, ts: EngineHarness.time(2))], open: false)
        let broker = FakeBroker(placement: .placed(filled: 0), orders: [filled], held: ["FOOBAR": 10], clock: WallClock.now)
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunnerTests.runner(harness, broker, riskStatePath: path)
            try await Self.run(runner) { broker.calls.books > 0 }
        }
        #expect(harness.journal.fills.map(\.qty) == [10])
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 10)
    }

    @Test func aPositionReconciliationCannotExplainRefusesToTradeNamingBothNumbers() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 10), held: ["FOOBAR": 7], clock: WallClock.now)
        LiveRunnerTests.buyOnce(harness)
        let error = await #expect(throws: PositionMismatch.self) {
            try await LiveRunnerTests.withRiskStatePath { path in
                try await Self.run(LiveRunnerTests.runner(harness, broker, riskStatePath: path)) { false }
            }
        }
        #expect(error == PositionMismatch(symbol: "FOOBAR", broker: 7, ledger: 0))
        #expect(error?.description.contains("FOOBAR: the broker holds 7 shares but the ledger adds up to 0") == true)
        #expect(broker.calls.places == 0 && broker.calls.books == 0)
    }

    /// A halt whose state file cannot be written would be lifted by a restart: the account is
    /// halted (fail closed), with a code that says why, and nothing more is placed.
    @Test func aTradingStateThatCannotBeSavedHaltsTheAccount() async throws {
        var limits = RiskLimits.defaults
        limits.maxLoss = Money(units: 1)
        let harness = try EngineHarness(limits: limits)
        // Bought at 5,010 and marked at the 5,005 mid: a loss past the limit halts the strategy.
        let broker = FakeBroker(placement: .placed(filled: 10), clock: WallClock.now)
        LiveRunnerTests.buyOnce(harness)
        let scratch = try TemporaryDirectory("tickwork-unsaved")
        defer { scratch.remove() }
        let blocker = scratch.file("not-a-directory")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let runner = LiveRunnerTests.runner(harness, broker, riskStatePath: blocker + "/risk-state.json")
        let logs = harness.logs
        try await Self.run(runner) { logs.messages.contains { $0.hasPrefix("could not save the trading state") } }
        let account = harness.engine.risk.state.status(of: .account)
        #expect(account.state == .halted && account.code == .stateUnsaved)
        #expect(broker.calls.places == 1)
        #expect(harness.logs.messages.contains { $0.hasPrefix("could not save the trading state") })
    }

    /// A book whose exchange time was rewritten to 2020 is never traded on, however fresh its
    /// arrival; the poll is reported failed, saying why.
    @Test func aBookWhoseExchangeTimeIsLongPastIsNotTradedOn() async throws {
        let harness = try EngineHarness()
        let old = try #require(Timestamp(iso8601: "2020-01-02T15:00:00Z"))
        let broker = FakeBroker(placement: .placed(filled: 10), bookTime: old, clock: WallClock.now)
        LiveRunnerTests.buyOnce(harness)
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunner(
                engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), riskStatePath: path, recorded: [:],
                unknownOrderPolicy: .cancel, logger: Logger(part: "engine", level: .debug, handler: harness.logs),
                notifier: SystemdNotifier(environment: [:]), exchangeTimeAllowance: .seconds(3), now: WallClock.now)
            try await Self.run(runner) { broker.calls.books >= 5 }
        }
        #expect(broker.calls.places == 0)
        let warnings = harness.logs.records.withLock { $0.filter { $0.message == "polling failed" } }
        #expect(warnings.contains { $0.fields.contains { $0.1.contains("behind the local clock") } }, "\(warnings.map(\.fields))")
    }
}
